/**
 * The app's reducer: every key and every result, applied to the app store's state as it is now.
 *
 * Keys go to the overlay on top (a dialog takes them all; a view lets quit, help, pull and the
 * engine switcher through), else to the filter prompt while it is open, else to the pane: its
 * own actions, the shared ones, then what the dialogs and views declare for the selected row's
 * kind of thing (or the pane's list, or berth itself), through the keymap in force. Results (a
 * request finished, a timer fired, lines arrived) go to what they are for. After either, every
 * list pane's selection follows its rows, so a refresh or a filter that removes the selected row
 * leaves the cursor on a row.
 */
import { handlerOn } from '../actions/target-actions.ts';
import { customActionKey, isCustomActionId } from '../custom/run.ts';
import { targetActions } from '../actions/index.ts';
import { notify, reduced, type AppAction, type Reduced } from '../commands.ts';
import type { AppInput } from '../app-store.ts';
import type { UiContext } from '../context.ts';
import { dialogOf } from '../dialogs/index.ts';
import { applyOutcome, dialogContext, openRegistered } from '../dialogs/open.ts';
import { clearFilter, closeOverlay, endFilter, expireNotice, findOverlay, followSelection, replaceOverlay, setFilter } from '../navigation.ts';
import { marksOf, settleMarks } from '../marks.ts';
import { paneEntry, panes } from '../panes/index.ts';
import { onEngine } from '../fleet/access.ts';
import { markedTargets, rowKeys, selectedRow, type Pane } from '../panes/pane.ts';
import type { KeyPress } from '../input/press.ts';
import { editLine } from '../input/field.ts';
import type { Target } from '../targets.ts';
import { paneView, topOverlay, type AppState, type LogsOverlay } from '../types.ts';
import type { LogViewAction } from '../../state/logs/view-model.ts';
import { sameJson } from '../../engine/same-json.ts';
import { handlerFor } from './actions.ts';
import { engineResult } from './engines.ts';
import { paletteEngines, paletteKey } from './palette.ts';
import { copyAgain, filesResult } from './files.ts';
import { isPrintableKey, type ActionId } from './keymap.ts';
import { contextsFor } from './contexts.ts';
import { escThenKey } from './esc-prefix.ts';
import { noticeForScreen } from './notice-scope.ts';
import { close } from './steps.ts';
import { answerQuit, askToQuit } from '../quit.ts';
import { applyLogView, overlayKey, revealCurrent } from './overlays.ts';

function filterKey(state: AppState, press: KeyPress, ctx: UiContext): Reduced {
  // A printable key is text here, whatever it does elsewhere.
  const named = !isPrintableKey(press.name) && press.name !== 'paste';
  const action = named ? ctx.keymap.resolveIn(['prompt', 'line'], press.name) : undefined;
  if (action === 'prompt-clear') return reduced(clearFilter(state));
  if (action === 'prompt-keep') return reduced(endFilter(state));
  // Moving through the list still works under the prompt.
  const move = named && !action ? ctx.keymap.resolve('list', press.name) : undefined;
  if (move) {
    const pane = paneEntry(state.pane);
    return handlerFor(move, pane)?.(state, ctx, pane) ?? reduced(state);
  }
  return reduced(setFilter(state, editLine(paneView(state, state.pane).filter, press, action)));
}

/** What a row of this kind says when an action has nothing to do with it. */
function notFor(state: AppState, ctx: UiContext, target: Target, action: ActionId): Reduced | undefined {
  if (target.kind === 'project' && targetActions[action]?.container) {
    return notify(state, `${target.project} is a Compose project: ${ctx.keymap.label('stop')}, ${ctx.keymap.label('start')} and ${ctx.keymap.label('restart')} act on all its containers, ${ctx.keymap.label('fold')} folds it`, 'error');
  }
  return undefined;
}

/** An action on the pane's selected row's thing, on its list as a whole, or on berth itself. */
function targetKey(state: AppState, action: ActionId, ctx: UiContext, pane: Pane, confirmed?: readonly string[]): Reduced | undefined {
  const row = selectedRow(pane, state, ctx);
  const target = row === undefined ? undefined : pane.target?.(row, state, ctx);
  // The user's own actions: a `confirm` one is a change, which a read-only engine refuses (access.ts).
  if (isCustomActionId(action)) return onEngine(state, ctx, action, target ?? { kind: 'app' }, (s, c) => customActionKey(s, c, action), confirmed);
  // With marks, the actions declared for the marked rows act on them (the bulk actions); the
  // rest still act on the row under the cursor.
  const marks = marksOf(state, pane.id);
  const items = marks.length > 0 && pane.list ? markedTargets(pane, state, ctx, marks) : undefined;
  if (marks.length > 0 && !items && targetActions[action]?.marked) return notify(state, 'the marked rows cannot be looked up while the list is loading or stale: try again in a moment', 'error');
  const marked: Target[] = items && items.length > 0 && pane.list ? [{ kind: 'marked', of: pane.list, items }] : [];
  const candidates: Target[] = [...marked, ...(target ? [target] : []), ...(pane.list ? [{ kind: 'list' as const, of: pane.list }] : []), { kind: 'app' }];
  for (const candidate of candidates) {
    const handler = handlerOn(targetActions, action, candidate);
    const result = handler && onEngine(state, ctx, action, candidate, handler, confirmed);
    if (result) return result;
  }
  if (target) return notFor(state, ctx, target, action);
  // A row action with no row: consumed, nothing to act on.
  return targetActions[action] ? reduced(state) : undefined;
}

function paneKey(state: AppState, press: KeyPress, ctx: UiContext): Reduced | undefined {
  const pane = paneEntry(state.pane);
  for (const context of contextsFor(state)) {
    const action = ctx.keymap.resolve(context, press.name);
    if (!action) continue;
    const result = handlerFor(action, pane)?.(state, ctx, pane) ?? targetKey(state, action, ctx, pane);
    if (result) return result;
  }
  return undefined;
}

export function reduceKey(asked: AppState, press: KeyPress, ctx: UiContext): Reduced {
  // Quitting asked first (quit.ts): the same key again quits, Esc stays, any other key goes on.
  const answer = answerQuit(asked, ctx, ctx.keymap.resolveIn(contextsFor(asked), press.name), press.name);
  if (answer.done) return answer.done;
  const state = answer.state;
  // Ctrl-C always quits (asking first when something would be lost), and Ctrl-Z always
  // suspends, whatever has the keys, a dialog's field included: a terminal user's ways out.
  const anywhere = ctx.keymap.resolve('anywhere', press.name);
  if (anywhere === 'interrupt') return askToQuit(state, ctx, 'interrupt');
  if (anywhere === 'suspend') return reduced(state, { type: 'app-suspend' });
  const top = topOverlay(state);
  // A dialog's row that is not text (a switch, a yes/no question, a run's output) lets q quit.
  if (top?.kind === 'dialog' && ctx.keymap.resolveIn(contextsFor(state), press.name) === 'quit') return askToQuit(state, ctx, 'quit');
  if (top?.kind === 'palette') return paletteKey(state, top, press, ctx, reduceKey);
  if (top) {
    const answer = overlayKey(state, top, press, ctx);
    if (answer) return answer;
    // A dialog takes every key; a view lets the global keys through (quit, help, pull, the
    // engine switcher). Pane keys would act on a screen that is not showing.
    if (top.kind === 'dialog') return reduced(state);
    const action = ctx.keymap.resolve('global', press.name);
    if (!action) return reduced(state);
    // Help over help, the switcher over the switcher: the key that opened it closes it.
    if ((action === 'help' && top.kind === 'help') || (action === 'engines' && top.kind === 'engines')) return close(state, top.id);
    const pane = paneEntry(state.pane);
    return handlerFor(action, pane)?.(state, ctx, pane) ?? targetKey(state, action, ctx, pane) ?? reduced(state);
  }
  if (state.filtering) return filterKey(state, press, ctx);
  return paneKey(state, press, ctx) ?? reduced(state);
}

export function reduceAction(state: AppState, action: AppAction, ctx: UiContext): Reduced {
  switch (action.type) {
    case 'notify':
      return notify(state, action.text, action.tone);
    case 'notice-expired':
      return reduced(expireNotice(state, action.seq));
    case 'resize': {
      const resized: AppState = { ...state, terminal: { columns: action.columns, rows: action.rows } };
      let next = resized;
      for (const overlay of resized.overlays) if (overlay.kind === 'logs') next = applyLogView(next, overlay, { type: 'resize' }, ctx);
      return reduced(next);
    }
    case 'sources-changed':
      return reduced(state);
    case 'inspect-loaded': {
      const overlay = findOverlay(state, action.overlay);
      return reduced(overlay?.kind === 'inspect' ? replaceOverlay(state, { ...overlay, lines: action.lines }) : state);
    }
    case 'logs-changed': {
      const overlay = findOverlay(state, action.overlay);
      if (overlay?.kind !== 'logs') return reduced(state);
      // Filter mode keeps its place by the buffer index on top: it moves with the lines.
      const filter = overlay.filter === undefined ? undefined : { ...overlay.filter, anchor: action.replaced !== undefined ? (action.replaced.focus ?? 0) : Math.max(0, overlay.filter.anchor - action.dropped + (action.prepended ?? 0)) };
      // So does a selection; a jump to another part of the log ends it.
      const moved = (i: number) => Math.max(0, i - action.dropped + (action.prepended ?? 0));
      const select = overlay.select === undefined || action.replaced !== undefined ? undefined : { anchor: moved(overlay.select.anchor), cursor: moved(overlay.select.cursor) };
      const patch = { length: action.length, history: action.history ?? overlay.history, detached: action.detached ?? overlay.detached, ...(filter === undefined ? {} : { filter }), select };
      const grown = { ...overlay, ...patch };
      if (action.replaced !== undefined) return reduced(revealCurrent(applyLogView(state, grown, { type: 'window-replaced', focus: action.replaced.focus }, ctx, patch), action.overlay, ctx));
      let next = state;
      let current: LogsOverlay = grown;
      const step = (view: LogViewAction) => {
        next = applyLogView(next, current, view, ctx, patch);
        current = findOverlay(next, action.overlay) as LogsOverlay;
      };
      if (action.prepended) step({ type: 'lines-prepended', added: action.prepended, droppedBack: action.droppedBack ?? 0 });
      step({ type: 'lines-appended', added: action.added, dropped: action.dropped });
      if (action.reveal !== undefined) step({ type: 'reveal', line: action.reveal });
      return reduced(action.reveal !== undefined ? revealCurrent(next, action.overlay, ctx) : next);
    }
    case 'history-loaded': {
      const overlay = findOverlay(state, action.overlay);
      if (overlay?.kind !== 'history') return reduced(state);
      return reduced(replaceOverlay(state, { ...overlay, entries: action.entries ?? [], error: action.error }));
    }
    case 'files-loaded':
      return filesResult(state, action);
    case 'top-loaded': {
      const overlay = findOverlay(state, action.overlay);
      if (overlay?.kind !== 'stats') return reduced(state);
      // The same processes as last time (an idle container's, every TOP_EVERY_MS) draw nothing new: no frame (bench B10).
      if (action.top && overlay.topError === undefined && sameJson(overlay.top, action.top)) return reduced(state);
      return reduced(replaceOverlay(state, action.top ? { ...overlay, top: action.top, topError: undefined } : { ...overlay, topError: action.error }));
    }
    case 'engines-listed': {
      const overlay = findOverlay(state, action.overlay);
      if (overlay?.kind === 'palette') return paletteEngines(state, overlay, action.rows);
      return engineResult(state, action);
    }
    case 'engine-probed':
    case 'engine-switched':
      return engineResult(state, action);
    case 'engine-confirmed': {
      // The protected engine's name was typed: its dialog closes and the action goes on.
      if (!findOverlay(state, action.overlay)) return reduced(state);
      const closed = closeOverlay(state, action.overlay);
      const pane = paneEntry(closed.pane);
      // An action asked from a view over the pane is that view's again (a copy in the file browser); anything else, the pane's row's.
      const again = copyAgain(closed, action.action, ctx, action.confirmed) ?? targetKey(closed, action.action, ctx, pane, action.confirmed) ?? reduced(closed);
      return { state: again.state, commands: [{ type: 'overlay-release', overlay: action.overlay }, ...again.commands] };
    }
    case 'open-dialog': {
      const dialog = dialogOf(action.request.type);
      return dialog ? openRegistered(state, ctx, dialog, action.request) : reduced(state);
    }
    case 'dialog': {
      const overlay = findOverlay(state, action.overlay);
      // The dialog closed meanwhile: what it asked for has nobody to tell.
      if (overlay?.kind !== 'dialog') return reduced(state);
      const dialog = dialogOf(overlay.dialog.type);
      if (!dialog) return reduced(state);
      return applyOutcome(state, ctx, overlay, dialog.result(overlay.dialog, action.result, dialogContext(state, ctx, overlay.id)));
    }
  }
}

/** Every list pane's selection onto a row it shows (see followSelection). */
export function settleSelections(state: AppState, ctx: UiContext): AppState {
  let next = state;
  for (const pane of panes) if (pane.pinsSelection) next = followSelection(next, pane.id, rowKeys(pane, next, ctx));
  return next;
}

export function reduceApp(state: AppState, input: AppInput, ctx: UiContext): Reduced {
  // '' is the first pane: named once, so every pane's view is kept under its own id.
  const current = state.pane === '' ? { ...state, pane: paneEntry('').id } : state;
  const split = input.kind === 'key' ? escThenKey(input.press, ctx.keymap, contextsFor(current)) : undefined;
  if (split) {
    const first = reduceApp(current, { kind: 'key', press: split[0] }, ctx);
    const second = reduceApp(first.state, { kind: 'key', press: split[1] }, ctx);
    return { state: second.state, commands: [...first.commands, ...second.commands] };
  }
  const result = input.kind === 'key' ? reduceKey(current, input.press, ctx) : reduceAction(current, input.action, ctx);
  const unmarked = settleMarks(result.state, ctx, panes);
  const marked = unmarked ? { state: unmarked.state, commands: [...result.commands, ...unmarked.commands] } : result;
  const settled = noticeForScreen(current, settleSelections(marked.state, ctx));
  return settled === marked.state ? marked : { state: settled, commands: marked.commands };
}


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
import { notify, notifyAs, reduced, type AppAction, type Reduced } from '../commands.ts';
import type { AppInput } from '../app-store.ts';
import type { UiContext } from '../context.ts';
import { dialogOf } from '../dialogs/index.ts';
import { applyOutcome, dialogContext, openRegistered } from '../dialogs/open.ts';
import { clearFilter, closeOverlay, endFilter, expireNotice, findOverlay, holdsBackground, followSelection, select, setFilter } from '../navigation.ts';
import { clickCell, clickTarget, pressOf } from './clicks.ts';
import { marksOf, settleMarks } from '../marks.ts';
import { paneEntry, panes } from '../panes/index.ts';
import { onEngine } from '../fleet/access.ts';
import { markedTargets, rowKeys, selectedRow, type Pane } from '../panes/pane.ts';
import type { KeyPress } from '../input/press.ts';
import { editLine } from '../input/field.ts';
import type { Target } from '../targets.ts';
import { paneView, topOverlay, type AppState, type DialogOverlay, type PaneId } from '../types.ts';
import { handlerFor, type ActionHandler } from './actions.ts';
import { isPrintableKey, type ActionId } from './keymap.ts';
import { contextsFor, helpContexts } from './contexts.ts';
import { escThenKey } from './esc-prefix.ts';
import { noticeForScreen } from './notice-scope.ts';
import { close } from './steps.ts';
import { answerQuit, askToQuit } from '../quit.ts';
import { showLines, switchTo, viewOf, views } from '../views/index.ts';
import type { ViewApp } from '../views/module.ts';

/** What a view's keys may ask of the app (views/module.ts): given here, where the registries are. */
export const viewApp: ViewApp = {
  act: (state, ctx, action, target, confirmed) => {
    const handler = handlerOn(targetActions, action, target);
    return handler && onEngine(state, ctx, action, target, handler, confirmed);
  },
  press: (state, press, ctx) => reduceKey(state, press, ctx),
  contexts: contextsFor,
  contextsUnder: helpContexts,
  showLines,
  switchEngine: switchTo,
};

/** The handler for `action` on `pane` (actions.ts), or the view it opens with nothing selected (help, the switcher, the palette). */
function handle(action: ActionId, pane: Pane): ActionHandler | undefined {
  const opener = views.find((v) => v.opener?.action === action)?.opener;
  return handlerFor(action, pane) ?? (opener && ((state, ctx) => opener.open(state, ctx, viewApp)));
}

/** An action a view asked for, asked again once a protected engine's name was typed (a copy in the file browser); undefined: not a view's. */
function viewAgain(state: AppState, action: ActionId, ctx: UiContext, confirmed: readonly string[]): Reduced | undefined {
  const top = topOverlay(state);
  if (top === undefined || top.kind === 'dialog') return undefined;
  return viewOf(top)?.again?.(state, top, action, ctx, viewApp, confirmed);
}

/** A dialog is modal: every key is its module's, resolved in the contexts it says are in force. */
function dialogKeyPress(state: AppState, overlay: DialogOverlay, press: KeyPress, ctx: UiContext): Reduced {
  const dialog = dialogOf(overlay.dialog.type);
  if (!dialog) return close(state, overlay.id);
  const action = ctx.keymap.resolveIn(contextsFor(state), press.name);
  return applyOutcome(state, ctx, overlay, dialog.key(overlay.dialog, { press, action }, dialogContext(state, ctx, overlay.id)));
}

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
    return handle(move, pane)?.(state, ctx, pane) ?? reduced(state);
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
  if (marks.length > 0 && !items && targetActions[action]?.marked) return notify(state, 'the marked rows cannot be looked up while the list is loading: try again in a moment', 'error');
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
    const result = handle(action, pane)?.(state, ctx, pane) ?? targetKey(state, action, ctx, pane);
    if (result) return result;
  }
  return undefined;
}

/** A mouse click: the key or the row drawn where it landed (keys/clicks.ts), or nothing. */
function clicked(state: AppState, press: KeyPress, ctx: UiContext): Reduced {
  const cell = clickCell(press);
  const target = cell ? clickTarget(state, ctx, cell.x, cell.y) : undefined;
  if (target?.kind === 'key') return reduceKey(state, pressOf(target.key), ctx);
  if (target?.kind === 'row') return reduced(select(state, target.pane, target.key));
  return reduced(state);
}

export function reduceKey(asked: AppState, press: KeyPress, ctx: UiContext): Reduced {
  if (press.name === 'click') return clicked(asked, press, ctx);
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
  if (top) {
    const view = top.kind === 'dialog' ? undefined : viewOf(top);
    const answer = top.kind === 'dialog' ? dialogKeyPress(state, top, press, ctx) : view?.key(state, top, press, ctx, viewApp);
    if (answer) return answer;
    // A dialog takes every key; a view lets the global keys through (quit, help, pull, the
    // engine switcher). Pane keys would act on a screen that is not showing.
    if (top.kind === 'dialog') return reduced(state);
    const action = ctx.keymap.resolve('global', press.name);
    if (!action) return reduced(state);
    // Help over help, the switcher over the switcher: the key that opened it closes it.
    if (view?.opener?.action === action) return close(state, top.id);
    const pane = paneEntry(state.pane);
    return handle(action, pane)?.(state, ctx, pane) ?? targetKey(state, action, ctx, pane) ?? reduced(state);
  }
  if (state.filtering) return filterKey(state, press, ctx);
  return paneKey(state, press, ctx) ?? reduced(state);
}

export function reduceAction(state: AppState, action: AppAction, ctx: UiContext): Reduced {
  switch (action.type) {
    case 'notify':
      if (action.background !== true) return notify(state, action.text, action.tone);
      if (holdsBackground(state)) return reduced({ ...state, waitingNotice: { text: action.text, tone: action.tone ?? 'info' } });
      return notifyAs(state, action.text, action.tone ?? 'info', true);
    case 'notice-expired': {
      const expired = expireNotice(state, action.seq);
      const waiting = expired.waitingNotice;
      // The user's notice had its time (or the screen it was said on is gone): what waited is said now.
      if (waiting === undefined || expired.notice !== undefined) return reduced(expired);
      return notifyAs({ ...expired, waitingNotice: undefined }, waiting.text, waiting.tone, true);
    }
    case 'resize': {
      const resized: AppState = { ...state, terminal: { columns: action.columns, rows: action.rows } };
      let next = resized;
      // A view that keeps a place in the terminal (the logs view's top) keeps it within the new size.
      for (const overlay of resized.overlays) if (overlay.kind !== 'dialog') next = viewOf(overlay)?.resized?.(next, overlay, ctx) ?? next;
      return reduced(next);
    }
    case 'sources-changed':
      return reduced(state);
    case 'engine-confirmed': {
      // The protected engine's name was typed: its dialog closes and the action goes on.
      if (!findOverlay(state, action.overlay)) return reduced(state);
      const closed = closeOverlay(state, action.overlay);
      const pane = paneEntry(closed.pane);
      // An action asked from a view over the pane is that view's again (a copy in the file browser); anything else, the pane's row's.
      const again = viewAgain(closed, action.action, ctx, action.confirmed) ?? targetKey(closed, action.action, ctx, pane, action.confirmed) ?? reduced(closed);
      return { state: again.state, commands: [{ type: 'overlay-release', overlay: action.overlay }, ...again.commands] };
    }
    case 'open-dialog': {
      const dialog = dialogOf(action.request.type);
      return dialog ? openRegistered(state, ctx, dialog, action.request) : reduced(state);
    }
    case 'view': {
      const overlay = findOverlay(state, action.overlay);
      // The view closed meanwhile: what it asked for matters only if its module says so (a switch that happened).
      if (overlay === undefined) return views.map((v) => v.resultClosed?.(state, action.result, ctx)).find((r) => r !== undefined) ?? reduced(state);
      const view = overlay.kind === 'dialog' ? undefined : viewOf(overlay);
      return view?.result && overlay.kind !== 'dialog' ? view.result(state, overlay, action.result, ctx, viewApp) : reduced(state);
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

/**
 * Every list pane's selection onto a row it shows (see followSelection), or, with `only`, that
 * pane's alone. A source's change settles only the pane shown: a hidden one's selection is settled
 * by the next key (the one that shows it included) before anything reads it. Settled at every
 * change, the hidden Events pane's selection moved down a row with each event heard, and each
 * move was a new app state, so a render of the whole screen that drew nothing new (bench B15:
 * one for every crash of a loop).
 */
export function settleSelections(state: AppState, ctx: UiContext, only?: PaneId): AppState {
  let next = state;
  for (const pane of panes) if (pane.pinsSelection && (only === undefined || pane.id === only)) next = followSelection(next, pane.id, rowKeys(pane, next, ctx));
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
  const only = input.kind === 'action' && input.action.type === 'sources-changed' ? marked.state.pane : undefined;
  const settled = noticeForScreen(current, settleSelections(marked.state, ctx, only));
  return settled === marked.state ? marked : { state: settled, commands: marked.commands };
}


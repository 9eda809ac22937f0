/**
 * The app's reducer: every key and every result, applied to the app store's state as it is now.
 *
 * Keys go to the overlay on top (a dialog takes them all; a view lets quit, help and pull through),
 * else to the filter prompt while it is open, else to the pane: its own context, then 'list',
 * then 'global', through the keymap in force. Results (a request finished, a timer fired, lines
 * arrived) go to what they are for. After either, every list pane's selection follows its ids,
 * so a refresh or a filter that removes the selected row leaves the cursor on a row.
 */
import { notify, reduced, type AppAction, type Reduced } from '../../state/app/commands.ts';
import type { AppInput } from '../../state/app/app-store.ts';
import { clearFilter, endFilter, expireNotice, findOverlay, followSelection, replaceOverlay, setFilter } from '../../state/app/navigation.ts';
import { paneView, topOverlay, type AppState } from '../../state/app/types.ts';
import { dialogResult } from '../../state/dialogs/dialog.ts';
import { editLine } from '../../state/input/field.ts';
import type { KeyPress } from '../../state/input/press.ts';
import { paneEntry, panes } from '../panes/registry.ts';
import { handlerFor } from './actions.ts';
import { engineResult } from './engines.ts';
import { applyLogView, overlayKey } from './overlays.ts';
import { applyOutcome, dialogContext, openDialogOver } from './steps.ts';
import type { UiContext } from './ui-context.ts';

function filterKey(state: AppState, press: KeyPress): Reduced | undefined {
  if (press.name === 'escape') return reduced(clearFilter(state));
  if (press.name === 'return') return reduced(endFilter(state));
  // Navigation keys still reach the list under the prompt.
  if (['up', 'down', 'pageup', 'pagedown'].includes(press.name)) return undefined;
  return reduced(setFilter(state, editLine(paneView(state, state.pane).filter, press)));
}

function paneKey(state: AppState, press: KeyPress, ctx: UiContext): Reduced | undefined {
  const pane = paneEntry(state.pane);
  for (const context of [pane.context, 'list', 'global'] as const) {
    const action = ctx.keymap.resolve(context, press.name);
    if (!action) continue;
    const result = handlerFor(action, pane)?.(state, ctx, pane);
    if (result) return result;
  }
  return undefined;
}

export function reduceKey(state: AppState, press: KeyPress, ctx: UiContext): Reduced {
  // Ctrl-C always quits, and Ctrl-Z (or what suspends instead) always suspends, whatever has the
  // keys, a dialog's field included: a terminal user's ways out.
  if (press.name === 'ctrl+c') return reduced(state, { type: 'quit' });
  if (ctx.keymap.resolve('global', press.name) === 'suspend') return reduced(state, { type: 'suspend' });
  const top = topOverlay(state);
  if (top) {
    const answer = overlayKey(state, top, press, ctx);
    if (answer) return answer;
    // A view lets through the global keys that make sense over it (its footer shows them):
    // quit, help, pull, and the engine switcher (a switch closes every view). Pane switches
    // would act on a screen that is not showing.
    const action = ctx.keymap.resolve('global', press.name);
    const pane = paneEntry(state.pane);
    const passes = action === 'quit' || action === 'pull' || (action === 'engines' && top.kind !== 'engines') || (action === 'help' && top.kind !== 'help');
    if (passes) return handlerFor(action, pane)?.(state, ctx, pane) ?? reduced(state);
    return reduced(state);
  }
  if (state.filtering) {
    const answer = filterKey(state, press);
    if (answer) return answer;
  }
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
      const grown = { ...overlay, length: action.length };
      return reduced(applyLogView(state, grown, { type: 'lines-appended', added: action.added, dropped: action.dropped }, ctx, { length: action.length }));
    }
    case 'history-loaded': {
      const overlay = findOverlay(state, action.overlay);
      if (overlay?.kind !== 'history') return reduced(state);
      return reduced(replaceOverlay(state, { ...overlay, entries: action.entries ?? [], error: action.error }));
    }
    case 'top-loaded': {
      const overlay = findOverlay(state, action.overlay);
      if (overlay?.kind !== 'stats') return reduced(state);
      return reduced(replaceOverlay(state, action.top ? { ...overlay, top: action.top, topError: undefined } : { ...overlay, topError: action.error }));
    }
    case 'engines-listed':
    case 'engine-probed':
    case 'engine-switched':
      return engineResult(state, action);
    case 'open-dialog':
      return openDialogOver(state, action.request, ctx);
    case 'dialog': {
      const overlay = findOverlay(state, action.overlay);
      // The dialog closed meanwhile: what it asked for has nobody to tell.
      if (overlay?.kind !== 'dialog') return reduced(state);
      return applyOutcome(state, overlay, dialogResult(overlay.dialog, action.result, dialogContext(state, ctx, overlay.id)));
    }
  }
}

/** Every list pane's selection onto a row it shows (see followSelection). */
export function settleSelections(state: AppState, ctx: UiContext): AppState {
  let next = state;
  for (const pane of panes) if (pane.pinsSelection) next = followSelection(next, pane.id, pane.ids(next, ctx));
  return next;
}

export function reduceApp(state: AppState, input: AppInput, ctx: UiContext): Reduced {
  const result = input.kind === 'key' ? reduceKey(state, input.press, ctx) : reduceAction(state, input.action, ctx);
  const settled = settleSelections(result.state, ctx);
  return settled === result.state ? result : { state: settled, commands: result.commands };
}

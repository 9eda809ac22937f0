/**
 * What the keymap's actions do on a pane, as a table from action id to a pure handler (the
 * `perform` switch this replaces lived in app.tsx). A pane's own actions (panes/registry.ts) come
 * first; these are the ones every pane shares. A handler returns the next state and the commands
 * to run, or undefined to hand the key on to the next context (Esc with no filter to clear).
 *
 * Adding an action: its id and keys in keymap.ts, and a handler here (shared) or in the pane's
 * registry entry (its own).
 */
import { notify, reduced, type Reduced } from '../../state/app/commands.ts';
import { clearFilter, cyclePane, focusPane, moveSelection, moveSelectionTo, setSort, startFilter } from '../../state/app/navigation.ts';
import { paneView, type AppState } from '../../state/app/types.ts';
import { bodyHeight } from '../layout.ts';
import { paneOrder, panes, type PaneEntry } from '../panes/registry.ts';
import { isDescending, nextSort } from '../rows/sort.ts';
import type { ActionId } from './keymap.ts';
import { openDialogOver, openView } from './steps.ts';
import type { UiContext } from './ui-context.ts';

export type ActionHandler = (state: AppState, ctx: UiContext, pane: PaneEntry) => Reduced | undefined;

/** Moves the selection of the pane by rows, or to an end. */
function move(by: (state: AppState, ctx: UiContext) => number | 'top' | 'bottom'): ActionHandler {
  return (state, ctx, pane) => {
    const ids = pane.ids(state, ctx);
    const delta = by(state, ctx);
    return reduced(typeof delta === 'number' ? moveSelection(state, ids, delta) : moveSelectionTo(state, ids, delta));
  };
}

/** A page is what the table shows: the body less its header row. */
const page = (state: AppState, ctx: UiContext) => bodyHeight(state.terminal, ctx.engine) - 1;

export const sharedActions: Partial<Record<ActionId, ActionHandler>> = {
  quit: (state) => reduced(state, { type: 'quit' }),
  help: (state) => openView(state, (id) => ({ kind: 'help', id, top: 0 })),
  'next-pane': (state) => reduced(cyclePane(state, paneOrder, 1)),
  'prev-pane': (state) => reduced(cyclePane(state, paneOrder, -1)),
  up: move(() => -1),
  down: move(() => 1),
  'page-up': move((state, ctx) => -page(state, ctx)),
  'page-down': move((state, ctx) => page(state, ctx)),
  top: move(() => 'top'),
  bottom: move(() => 'bottom'),
  filter: (state, _ctx, pane) => reduced(pane.filterable ? startFilter(state) : state),
  'clear-filter': (state) => (paneView(state, state.pane).filter === '' ? undefined : reduced(clearFilter(state))),
  sort: (state, _ctx, pane) => {
    if (!pane.sorts) return undefined;
    const sort = nextSort(pane.sorts, paneView(state, pane.id).sort);
    return notify(setSort(state, pane.id, sort), `${pane.id} sorted by ${sort}${isDescending(sort) ? ' (newest or largest first)' : ''}`);
  },
  pull: (state, ctx) => openDialogOver(state, { type: 'pull' }, ctx),
  engines: (state) => openView(state, (id) => ({ kind: 'engines', id, selected: 0 }), (overlay) => ({ type: 'list-engines', overlay: overlay.id })),
};

/** The handler for `action` on `pane`: the pane's own, a shared one, or focusing the pane it names. */
export function handlerFor(action: ActionId, pane: PaneEntry): ActionHandler | undefined {
  const own = pane.actions[action];
  if (own) return (state, ctx) => own(state, ctx);
  const shared = sharedActions[action];
  if (shared) return shared;
  const target = panes.find((p) => p.focus === action);
  return target ? (state) => reduced(focusPane(state, target.id)) : undefined;
}

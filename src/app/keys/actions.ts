/**
 * What the keymap's actions do on every pane, as a table from action id to a pure handler: moves,
 * the filter prompt, sort, help, quit, Ctrl-Z and the panes' own focus keys. A pane's own actions
 * (its module) come first, then these, then what a dialog or a view declares for the selected
 * row's kind of thing (actions/index.ts). A handler returns the next state and the commands to
 * run, or undefined to hand the key on.
 */
import { notify, reduced, type Reduced } from '../commands.ts';
import type { UiContext } from '../context.ts';
import { bodyHeight } from '../layout.ts';
import { clearFilter, cyclePane, focusPane, moveSelection, moveSelectionTo, setSort, startFilter } from '../navigation.ts';
import { clearMarks, markAllShown, markRangeSelected, markSelected, marksOf } from '../marks.ts';
import { rowKeys, type Pane } from '../panes/pane.ts';
import { paneOrder, panes } from '../panes/index.ts';
import { isDescending, nextSort, sortedDown } from '../rows/sort.ts';
import { cyclePanelPlace, cyclePanelShows, resizePanel } from '../workspace/panel.ts';
import { askToQuit } from '../quit.ts';
import { paneView, type AppState } from '../types.ts';
import type { ActionId } from './keymap.ts';

export type ActionHandler = (state: AppState, ctx: UiContext, pane: Pane) => Reduced | undefined;

/** Moves the selection of the pane by rows, or to an end. */
function move(by: (state: AppState, ctx: UiContext) => number | 'top' | 'bottom'): ActionHandler {
  return (state, ctx, pane) => {
    const ids = rowKeys(pane, state, ctx);
    const delta = by(state, ctx);
    return reduced(typeof delta === 'number' ? moveSelection(state, ids, delta) : moveSelectionTo(state, ids, delta));
  };
}

/** A page is what the table shows: the body less its header row. */
const page = (state: AppState, ctx: UiContext) => bodyHeight(state.terminal, ctx.engine, state.pulse) - 1;

export const sharedActions: Partial<Record<ActionId, ActionHandler>> = {
  quit: (state, ctx) => askToQuit(state, ctx, 'quit'),
  suspend: (state) => reduced(state, { type: 'app-suspend' }),
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
  mark: (state, ctx, pane) => markSelected(pane, state, ctx),
  'mark-range': (state, ctx, pane) => markRangeSelected(pane, state, ctx),
  'mark-all': (state, ctx, pane) => markAllShown(pane, state, ctx),
  'clear-marks': (state, _ctx, pane) => (marksOf(state, pane.id).length === 0 ? undefined : reduced(clearMarks(state, pane.id))),
  sort: (state, _ctx, pane) => {
    if (!pane.sorts) return undefined;
    const sort = nextSort(pane.sorts, paneView(state, pane.id).sort);
    return notify(setSort(state, pane.id, sort), `${pane.title.toLowerCase()} sorted by ${sort}${isDescending(sort) ? ' (newest or largest first)' : ''}`);
  },
  // `O`: the same column, the other way round (the header's ▲/▼ turns).
  'sort-reverse': (state, _ctx, pane) => {
    if (!pane.sorts) return undefined;
    const view = paneView(state, pane.id);
    const reversed = view.reversed !== true;
    const down = sortedDown(view.sort, reversed);
    return notify({ ...state, views: { ...state.views, [pane.id]: { ...view, reversed } } }, `${pane.title.toLowerCase()} by ${view.sort}, ${down ? 'descending ▼' : 'ascending ▲'}`);
  },
  'panel-place': (state) => cyclePanelPlace(state),
  'panel-shows': (state) => cyclePanelShows(state),
  'panel-grow': (state) => resizePanel(state, 1),
  'panel-shrink': (state) => resizePanel(state, -1),
  pulse: (state) => notify({ ...state, pulse: !state.pulse }, state.pulse ? 'pulse line off' : 'pulse line on: the running containers are measured (figures in a few seconds), the disk read once a minute'),
};

/** The handler for `action` on `pane`: the pane's own, a shared one, or focusing the pane it names (`pane-<id>`). */
export function handlerFor(action: ActionId, pane: Pane): ActionHandler | undefined {
  const own = pane.actions?.[action];
  if (own) return (state, ctx) => own(state, ctx);
  const shared = sharedActions[action];
  if (shared) return shared;
  const target = panes.find((p) => `pane-${p.id}` === action);
  return target ? (state) => reduced(focusPane(state, target.id)) : undefined;
}

/**
 * Pure transitions of the app state that every screen shares: which pane has the focus, the
 * selection in each pane (by id, never by index, so a refresh that reorders rows keeps the same
 * container selected), filters, the overlay stack and the notice. Tested without rendering.
 */
import { emptyView, paneView, type AppState, type Notice, type Overlay, type PaneId, type PaneView, type SelectionAnchor } from './types.ts';

/** How long a notice stays on the message line. */
export const NOTICE_MS = 8000;

function withView(state: AppState, pane: PaneId, view: Partial<PaneView>): AppState {
  return { ...state, views: { ...state.views, [pane]: { ...(state.views[pane] ?? emptyView), ...view } } };
}

/** The row index of the selection in the rows as they are now; -1 when there are none. */
export function selectedIndex(view: PaneView, ids: readonly string[]): number {
  if (ids.length === 0) return -1;
  const found = view.selectedId === undefined ? -1 : ids.indexOf(view.selectedId);
  if (found >= 0) return found;
  return Math.min(Math.max(view.selectedIndex, 0), ids.length - 1);
}

export function focusPane(state: AppState, pane: PaneId): AppState {
  return state.pane === pane ? state : { ...state, pane, filtering: false };
}

/** The next (or previous) pane in `order`, wrapping around. */
export function cyclePane(state: AppState, order: readonly PaneId[], delta: 1 | -1): AppState {
  const next = (order.indexOf(state.pane) + delta + order.length) % order.length;
  return { ...state, pane: order[next] ?? state.pane, filtering: false };
}

/** Moves the current pane's selection by `delta` rows over `ids` (the rows shown), clamped. */
export function moveSelection(state: AppState, ids: readonly string[], delta: number): AppState {
  if (ids.length === 0) return state;
  const current = selectedIndex(paneView(state, state.pane), ids);
  const target = Math.min(Math.max(current + delta, 0), ids.length - 1);
  return withView(state, state.pane, { selectedId: ids[target], selectedIndex: target });
}

export function moveSelectionTo(state: AppState, ids: readonly string[], position: 'top' | 'bottom'): AppState {
  if (ids.length === 0) return state;
  const target = position === 'top' ? 0 : ids.length - 1;
  return withView(state, state.pane, { selectedId: ids[target], selectedIndex: target });
}

/** Focuses `pane` and selects `id` there (a new container, a new pull). */
export function select(state: AppState, pane: PaneId, id: string): AppState {
  return withView(focusPane(state, pane), pane, { selectedId: id });
}

/** Rows either side of the selection an anchor keeps: enough for a screenful going at once. */
const ANCHOR_REACH = 30;

function anchorAt(ids: readonly string[], index: number): SelectionAnchor {
  return { of: ids[index] as string, order: ids.slice(Math.max(index - ANCHOR_REACH, 0), index + ANCHOR_REACH + 1) };
}

/**
 * Where the cursor goes when its row is no longer shown: the nearest row after it in the order
 * its anchor kept, else the nearest before it, that is still shown; -1 when none is.
 */
function landing(anchor: SelectionAnchor, ids: readonly string[]): number {
  const at = anchor.order.indexOf(anchor.of);
  if (at < 0) return -1;
  const shown = new Set(ids);
  for (let i = at + 1; i < anchor.order.length; i++) if (shown.has(anchor.order[i] as string)) return ids.indexOf(anchor.order[i] as string);
  for (let i = at - 1; i >= 0; i--) if (shown.has(anchor.order[i] as string)) return ids.indexOf(anchor.order[i] as string);
  return -1;
}

/**
 * Rows changed under the cursor (the engine's news, a filter, a key): keep the id when it is still
 * there; when its row went, land on the nearest of the rows around it when it was selected
 * (its anchor) that is still shown, else on the row now at the old position, so the cursor never
 * points at nothing. Called after every key and every change of the sources (keys/reduce.ts), so
 * the cursor has landed before the next key, and where it lands depends only on which rows went:
 * not on rows that came meanwhile, nor on whether the engine's news came in one list or several.
 */
export function followSelection(state: AppState, pane: PaneId, ids: readonly string[]): AppState {
  const view = paneView(state, pane);
  if (ids.length === 0) {
    // No rows yet (a list not read, a filter that matches nothing): the id stays, so a row selected
    // before its list arrived (Enter on a volume in describe, the Volumes list not read yet) is the
    // selection once it does.
    return view.selectedIndex === 0 ? state : withView(state, pane, { selectedIndex: 0 });
  }
  const found = view.selectedId === undefined ? -1 : ids.indexOf(view.selectedId);
  if (found >= 0) {
    // Still there: a new selection takes its anchor now, an old one keeps the one it had.
    const anchor = view.anchor?.of === view.selectedId ? view.anchor : anchorAt(ids, found);
    if (found === view.selectedIndex && anchor === view.anchor) return state;
    return withView(state, pane, { selectedIndex: found, anchor });
  }
  const landed = view.anchor !== undefined && view.anchor.of === view.selectedId ? landing(view.anchor, ids) : -1;
  if (landed >= 0) {
    // The same order, from the row it landed on: a later loss lands as if both went at once.
    return withView(state, pane, { selectedId: ids[landed], selectedIndex: landed, anchor: { of: ids[landed] as string, order: view.anchor?.order ?? [] } });
  }
  const at = Math.min(Math.max(view.selectedIndex, 0), ids.length - 1);
  return withView(state, pane, { selectedId: ids[at], selectedIndex: at, anchor: anchorAt(ids, at) });
}

export function startFilter(state: AppState): AppState {
  return { ...state, filtering: true };
}

export function setFilter(state: AppState, text: string): AppState {
  return paneView(state, state.pane).filter === text ? state : withView(state, state.pane, { filter: text });
}

export function endFilter(state: AppState): AppState {
  return { ...state, filtering: false };
}

export function clearFilter(state: AppState): AppState {
  return withView({ ...state, filtering: false }, state.pane, { filter: '' });
}

export function setSort(state: AppState, pane: PaneId, sort: string): AppState {
  // A new column starts in its own direction (`O` turns it).
  return withView(state, pane, { sort, reversed: false });
}

/** A fresh id for an overlay or a notice. */
export function nextSerial(state: AppState): [AppState, number] {
  const serial = state.serial + 1;
  return [{ ...state, serial }, serial];
}

/** Puts an overlay on top (its id from `nextSerial`); the filter prompt, if open, closes. */
export function pushOverlay(state: AppState, overlay: Overlay): AppState {
  return { ...state, filtering: false, overlays: [...state.overlays, overlay] };
}

/** Opens an overlay on top, with a fresh id; returns the state and the overlay. */
export function openOverlay<O extends Overlay>(state: AppState, make: (id: number) => O): [AppState, O] {
  const [next, id] = nextSerial(state);
  const overlay = make(id);
  return [pushOverlay(next, overlay), overlay];
}

/** Replaces the overlay with the same id (unchanged state when it is gone). */
export function replaceOverlay(state: AppState, overlay: Overlay): AppState {
  const at = state.overlays.findIndex((o) => o.id === overlay.id);
  if (at === -1 || state.overlays[at] === overlay) return state;
  const overlays = [...state.overlays];
  overlays[at] = overlay;
  return { ...state, overlays };
}

export function closeOverlay(state: AppState, id: number): AppState {
  const overlays = state.overlays.filter((o) => o.id !== id);
  return overlays.length === state.overlays.length ? state : { ...state, overlays };
}

export function findOverlay(state: AppState, id: number): Overlay | undefined {
  return state.overlays.find((o) => o.id === id);
}

/** Shows a notice; the caller schedules its end (see `noticeExpiry` in commands). */
export function withNotice(state: AppState, text: string, tone: Notice['tone'] = 'info', background = false): [AppState, Notice] {
  const [next, seq] = nextSerial(state);
  const notice: Notice = { text, tone, seq, ...(background && { background: true as const }) };
  return [{ ...next, notice }, notice];
}

/** The notice `seq` has had its time: gone, unless a newer one replaced it. */
export function expireNotice(state: AppState, seq: number): AppState {
  return state.notice?.seq === seq ? { ...state, notice: undefined } : state;
}

/** A background notice waits while the user's own notice is shown (see `AppState.waitingNotice`). */
export function holdsBackground(state: AppState): boolean {
  return state.notice !== undefined && state.notice.background !== true;
}

/**
 * Where a list overlay's cursor goes for a move action (↑/↓, top/bottom, a page: the whole short
 * list), kept within its `count` rows; undefined for any other action.
 */
/**
 * Where a move key takes a cursor or a scroll position at `at` (unbounded: the caller clamps):
 * a line, a page of `page`, or an end (`last`). undefined: not a move.
 */
export function moveTarget(action: string | undefined, at: number, page: number, last: number): number | undefined {
  switch (action) {
    case 'up':
      return at - 1;
    case 'down':
      return at + 1;
    case 'page-up':
      return at - page;
    case 'page-down':
      return at + page;
    case 'top':
      return 0;
    case 'bottom':
      return last;
    default:
      return undefined;
  }
}

export function listMove(action: string | undefined, selected: number, count: number): number | undefined {
  const within = (index: number) => Math.max(0, Math.min(index, count - 1));
  switch (action) {
    case 'up':
      return within(selected - 1);
    case 'down':
      return within(selected + 1);
    case 'top':
    case 'page-up':
      return within(0);
    case 'bottom':
    case 'page-down':
      return within(count - 1);
    default:
      return undefined;
  }
}

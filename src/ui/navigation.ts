/**
 * What the user is looking at: pane focus, the selection in each pane (by id, never by index,
 * so a refresh that reorders rows keeps the same container selected), filters, and the stack
 * of views and dialogs on top. A pure reducer: tested without rendering.
 */
export type PaneId = 'containers' | 'images' | 'pulls';
export const panes: readonly PaneId[] = ['containers', 'images', 'pulls'];

export type Overlay =
  | { kind: 'help' }
  | { kind: 'logs'; containerId: string; name: string }
  | { kind: 'inspect'; target: 'container' | 'image'; id: string; title: string }
  | { kind: 'dialog'; dialog: DialogRequest };

/** Dialogs are opened by name with what they need; the dialogs themselves own their fields. */
export type DialogRequest =
  | { type: 'run'; image?: string }
  | { type: 'stop'; containerId: string; name: string; service?: string; restart?: boolean }
  | { type: 'commit'; containerId: string; name: string }
  | { type: 'pull'; reference?: string }
  | { type: 'remove'; target: RemoveTarget };

/** What the remove dialog would remove: a container, or one row (one tag) of the Images pane. */
export type RemoveTarget = { kind: 'container'; id: string; name: string; running: boolean } | { kind: 'image'; id: string; tag: string };

export interface PaneView {
  selectedId?: string;
  /** Index of the selection when last seen: where the cursor lands if that row disappears. */
  selectedIndex: number;
  filter: string;
  /** The row order (rows/sort.ts); 'created' is the engine's newest-first order. */
  sort: string;
}

export interface Notice {
  text: string;
  tone: 'info' | 'error';
  at: number;
}

export interface NavigationState {
  pane: PaneId;
  views: Record<PaneId, PaneView>;
  /** The filter prompt of the current pane is taking keystrokes. */
  filtering: boolean;
  showAll: boolean;
  overlays: readonly Overlay[];
  notice?: Notice;
}

export type NavigationAction =
  | { type: 'focus-pane'; pane: PaneId }
  | { type: 'cycle-pane'; delta: 1 | -1 }
  | { type: 'move'; ids: readonly string[]; delta: number }
  | { type: 'move-to'; ids: readonly string[]; position: 'top' | 'bottom' }
  | { type: 'select'; pane: PaneId; id: string }
  | { type: 'sync-selection'; pane: PaneId; ids: readonly string[] }
  | { type: 'start-filter' }
  | { type: 'set-filter'; text: string }
  | { type: 'end-filter' }
  | { type: 'clear-filter' }
  | { type: 'toggle-all' }
  | { type: 'set-sort'; pane: PaneId; sort: string }
  | { type: 'open'; overlay: Overlay }
  | { type: 'close' }
  | { type: 'notify'; text: string; tone?: Notice['tone']; at: number };

const emptyView: PaneView = { selectedIndex: 0, filter: '', sort: 'created' };

export function initialNavigation(): NavigationState {
  return {
    pane: 'containers',
    views: { containers: emptyView, images: emptyView, pulls: emptyView },
    filtering: false,
    showAll: false,
    overlays: [],
  };
}

function withView(state: NavigationState, pane: PaneId, view: Partial<PaneView>): NavigationState {
  return { ...state, views: { ...state.views, [pane]: { ...state.views[pane], ...view } } };
}

/** The row index of the selection in the rows as they are now. */
export function selectedIndex(view: PaneView, ids: readonly string[]): number {
  if (ids.length === 0) return -1;
  const found = view.selectedId === undefined ? -1 : ids.indexOf(view.selectedId);
  if (found >= 0) return found;
  return Math.min(Math.max(view.selectedIndex, 0), ids.length - 1);
}

export function reduceNavigation(state: NavigationState, action: NavigationAction): NavigationState {
  switch (action.type) {
    case 'focus-pane':
      return state.pane === action.pane ? state : { ...state, pane: action.pane, filtering: false };
    case 'cycle-pane': {
      const next = (panes.indexOf(state.pane) + action.delta + panes.length) % panes.length;
      return { ...state, pane: panes[next] ?? 'containers', filtering: false };
    }
    case 'move':
    case 'move-to': {
      const ids = action.ids;
      if (ids.length === 0) return state;
      const view = state.views[state.pane];
      const current = selectedIndex(view, ids);
      const target =
        action.type === 'move-to'
          ? action.position === 'top'
            ? 0
            : ids.length - 1
          : Math.min(Math.max(current + action.delta, 0), ids.length - 1);
      return withView(state, state.pane, { selectedId: ids[target], selectedIndex: target });
    }
    case 'select':
      return withView({ ...state, pane: action.pane }, action.pane, { selectedId: action.id });
    case 'sync-selection': {
      // Rows changed under the cursor: keep the id when it is still there, else land on the
      // row now at the old position, so the cursor never points at nothing.
      const view = state.views[action.pane];
      const index = selectedIndex(view, action.ids);
      const id = index >= 0 ? action.ids[index] : undefined;
      if (id === view.selectedId && index === view.selectedIndex) return state;
      return withView(state, action.pane, { selectedId: id, selectedIndex: Math.max(index, 0) });
    }
    case 'start-filter':
      return state.pane === 'pulls' ? state : { ...state, filtering: true };
    case 'set-filter':
      return withView(state, state.pane, { filter: action.text });
    case 'end-filter':
      return { ...state, filtering: false };
    case 'clear-filter':
      return withView({ ...state, filtering: false }, state.pane, { filter: '' });
    case 'toggle-all':
      return { ...state, showAll: !state.showAll };
    case 'set-sort':
      return withView(state, action.pane, { sort: action.sort });
    case 'open':
      return { ...state, filtering: false, overlays: [...state.overlays, action.overlay] };
    case 'close':
      return state.overlays.length === 0 ? state : { ...state, overlays: state.overlays.slice(0, -1) };
    case 'notify':
      return { ...state, notice: { text: action.text, tone: action.tone ?? 'info', at: action.at } };
  }
}

export function topOverlay(state: NavigationState): Overlay | undefined {
  return state.overlays[state.overlays.length - 1];
}

/**
 * What a pane is: one module (a file in this folder) that declares its id and title, its rows,
 * how they are drawn (a table's columns and cells, or a view kind of its own), the summary its tab
 * shows, its empty and loading states, the thing its selected row is (its target: the actions of
 * dialogs and views act on targets, actions/index.ts), its own actions, the keys its footer shows
 * first, and what it needs from the sources while it is shown. One line in index.ts adds it; its
 * focus key is the keymap's `pane-<id>` binding and its key context is its id. Pure: no React, no
 * Ink.
 */
import type { Demands } from '../../state/sources.ts';
import type { Reduced } from '../commands.ts';
import type { UiContext } from '../context.ts';
import type { ActionId } from '../keys/keymap.ts';
import { selectedIndex } from '../navigation.ts';
import type { Column, TableRow } from '../table.ts';
import type { ColumnSet } from '../workspace/columns.ts';
import type { ListTarget, Target } from '../targets.ts';
import { paneView, type AppState, type PaneOptions } from '../types.ts';

/** A pane's own handling of an action; undefined hands it on (to the shared actions, then the targets'). */
export type PaneAction = (state: AppState, ctx: UiContext) => Reduced | undefined;

/** A line a pane shows instead of rows, or under them: loading, empty, or the engine's words. */
export interface PaneMessage {
  text: string;
  tone?: 'muted' | 'error' | 'warning';
}

/** A pane drawn as a table (ui/panes/table-pane.tsx). */
export interface TableView<Row> {
  kind: 'table';
  columns(state: AppState, ctx: UiContext): readonly Column<string>[];
  /**
   * A row's cells; it may read the clock. Called for every row, but only when the rows, the
   * sources, the clock or the columns change (ui/panes/table-pane.tsx keeps them otherwise): it
   * reads from the state only what decides the columns shown.
   */
  cells(row: Row, state: AppState, ctx: UiContext, nowMs: number): TableRow<string>;
  /** Instead of the rows (nothing to show yet, or nothing at all): what to say. */
  message(state: AppState, ctx: UiContext, rows: readonly Row[]): PaneMessage | undefined;
  /** Under the rows: a problem the rows may be stale for. */
  note?(state: AppState, ctx: UiContext): PaneMessage | undefined;
  /** Drawn dim: the rows are what the engine said before it stopped answering. */
  stale?(state: AppState, ctx: UiContext): boolean;
  /** The column its order is by, marked in the header. */
  sortedBy?(state: AppState): { key: string; descending: boolean } | undefined;
  /**
   * Everything it can show, for the column chooser (`,`: views/columns.ts); `columns` then draws
   * the chosen ones (workspace/columns.ts). Absent: its columns are fixed.
   */
  columnSet?: ColumnSet;
}

/** A pane drawn by a component of its own kind (ui/panes/index.tsx maps the kind, not the pane). */
export interface CustomView {
  kind: 'pull-blocks';
}

export interface PaneDefinition<Row> {
  /** Its id: the key context of its own keys, and `pane-<id>` focuses it. */
  id: string;
  /** The tab's name (its number is the key bound to `pane-<id>`). */
  title: string;
  /**
   * Its keys the footer shows first, most used first, as the width allows; its other keys with a
   * footer word follow in the keymap's order (app/keys/footer.ts).
   */
  footer?: readonly ActionId[];
  /** The rows shown, in order: what moves walk over, what is drawn. Memoised by the module. */
  rows(state: AppState, ctx: UiContext): readonly Row[];
  /** A row's key: what selections follow (a thing's engine and id: state/sources.ts rowKey). */
  key(row: Row, ctx: UiContext): string;
  /** The orders `o` cycles through; absent when it has none. */
  sorts?: readonly string[];
  /** Whether `/` filters it. */
  filterable: boolean;
  /**
   * Whether the selection stays on the row it landed on when rows come and go (a list), rather
   * than on the first row until the user moves (Pulls: the newest pull, as pulls start).
   */
  pinsSelection: boolean;
  /** The tab bar's words on the right while it is shown ("3 volumes, 1 unused"). */
  summary(state: AppState, ctx: UiContext): string;
  view: TableView<Row> | CustomView;
  /** What the selected row is, for the actions that act on things. */
  target?(row: Row, state: AppState, ctx: UiContext): Target | undefined;
  /** The kind of thing its rows are, when its list as a whole is something to act on (prune, create, run). */
  list?: ListTarget['of'];
  /** The kind of thing its rows are: where `reveal` looks for a row made elsewhere. */
  shows?: Target['kind'];
  /** The key of the row for a thing's id (default: the shown engine's and the id, state/sources.ts rowKey). */
  keyOf?(id: string, ctx: UiContext): string;
  /** Makes a row made elsewhere (a committed image, a run container) selectable and selects it. */
  reveal?(state: AppState, key: string, ctx: UiContext): AppState;
  /** Its own actions, before the shared ones and the targets'. */
  actions?: Partial<Record<ActionId, PaneAction>>;
  /** What it keeps live while shown. */
  demands?(state: AppState, ctx: UiContext): Demands;
  /** Its rows take marks (app/marks.ts), and the bulk actions act on the marked ones. */
  marking?: Marking<Row>;
  /**
   * The state of the view a key most likely shows next (the Containers pane's other half of
   * `a`): a table pane makes that view's drawing while nothing happens (ui/panes/table-pane.tsx),
   * so the key's first press over 10,000 rows finds them made. Absent: nothing is made ahead.
   */
  nextView?(state: AppState): AppState;
}

/** How a pane's rows take marks. */
export interface Marking<Row> {
  /**
   * Every row the pane could show, whatever its filter and options: where marks are looked up,
   * even those the filter hides. Undefined while the list is not to be trusted (loading, stale,
   * partly read): no mark is dropped for a thing merely not listed yet.
   */
  every(state: AppState, ctx: UiContext): readonly Row[] | undefined;
  /**
   * The rows a bulk action looks its marks up in: a stale list too, since the marks name things
   * by id and the engine answers for each (a loaded engine busy with 50 stops stops answering its
   * ping in time, which marks the list stale, and the next key was refused), and a list read in
   * part when every mark is in it (`partial`). Undefined while the list is loading; default:
   * `every`.
   */
  known?(state: AppState, ctx: UiContext): readonly Row[] | undefined;
  /** Whether `known` is a part of the list (the running containers before the rest): a mark not in it may yet be. */
  partial?(state: AppState, ctx: UiContext): boolean;
  /** Whether a row takes a mark (a Compose project's header row does not); default: every row. */
  can?(row: Row): boolean;
  /** What one of its rows is, for notices ("2 marked containers went away"). */
  noun: string;
}

/** A pane of any row type, as the registry holds them. */
export type Pane = PaneDefinition<unknown>;

/** Declares a pane (its row type is checked here; the registry holds panes of any). */
export function definePane<Row>(pane: PaneDefinition<Row>): PaneDefinition<Row> {
  return pane;
}

/** The keys of a pane's rows, in order (memoised per rows array, so keys and selections agree). */
const keysOf = new WeakMap<readonly unknown[], readonly string[]>();
export function rowKeys<Row>(pane: PaneDefinition<Row>, state: AppState, ctx: UiContext): readonly string[] {
  const rows = pane.rows(state, ctx);
  let keys = keysOf.get(rows);
  if (!keys) {
    keys = rows.map((r) => pane.key(r, ctx));
    keysOf.set(rows, keys);
  }
  return keys;
}

/** The keys of the shown rows that take marks, in the order shown. */
export function markableKeys<Row>(pane: PaneDefinition<Row>, state: AppState, ctx: UiContext): readonly string[] {
  const can = pane.marking?.can;
  if (!pane.marking) return [];
  if (!can) return rowKeys(pane, state, ctx);
  return pane.rows(state, ctx).flatMap((row) => (can(row) ? [pane.key(row, ctx)] : []));
}

/** The targets of the marked rows, in the order marked (the ones not found left out), or undefined when the list is not to be trusted. */
export function markedTargets<Row>(pane: PaneDefinition<Row>, state: AppState, ctx: UiContext, marks: readonly string[]): Array<{ key: string; target: Target }> | undefined {
  const known = pane.marking?.known?.(state, ctx) ?? pane.marking?.every(state, ctx);
  if (!known || !pane.target) return undefined;
  const byKey = new Map(known.map((row) => [pane.key(row, ctx), row]));
  // Marked from the part shown first (the running ones), a mark is in that part: only one that
  // is not waits for the rest of the list.
  if (pane.marking?.partial?.(state, ctx) && marks.some((key) => !byKey.has(key))) return undefined;
  return marks.flatMap((key) => {
    const row = byKey.get(key);
    const target = row === undefined ? undefined : pane.target?.(row, state, ctx);
    return target ? [{ key, target }] : [];
  });
}

/** Every key the pane's list holds now (for dropping marks of things gone), or undefined while it is not to be trusted. */
const presentKeys = new WeakMap<readonly unknown[], ReadonlySet<string>>();
export function keysPresent<Row>(pane: PaneDefinition<Row>, state: AppState, ctx: UiContext): ReadonlySet<string> | undefined {
  const every = pane.marking?.every(state, ctx);
  if (!every) return undefined;
  let keys = presentKeys.get(every);
  if (!keys) {
    keys = new Set(every.map((row) => pane.key(row, ctx)));
    presentKeys.set(every, keys);
  }
  return keys;
}

/** The selected row of `pane`, if any. */
export function selectedRow<Row>(pane: PaneDefinition<Row>, state: AppState, ctx: UiContext): Row | undefined {
  const rows = pane.rows(state, ctx);
  const at = selectedIndex(paneView(state, pane.id), rowKeys(pane, state, ctx));
  return at >= 0 ? rows[at] : undefined;
}

/** A pane's own options (showing all containers, the Compose grouping…), typed by the pane. */
export function paneOptions<O extends PaneOptions>(state: AppState, pane: string, defaults: O): O {
  return { ...defaults, ...(paneView(state, pane).options as Partial<O> | undefined) };
}

export function withPaneOptions(state: AppState, pane: string, patch: PaneOptions): AppState {
  const view = paneView(state, pane);
  return { ...state, views: { ...state.views, [pane]: { ...view, options: { ...view.options, ...patch } } } };
}

/**
 * A table view's `cells`, kept per row object: made again only for a new row, another engine or
 * another clock, and even then the old one is handed back when its cells read the same. So a
 * table whose rows did not change is not drawn again (ui/panes/table-pane.tsx compares them
 * item by item), and a minute's tick redraws only where an age changed.
 */
export function keptCells<Row extends object>(make: (row: Row, ctx: UiContext, nowMs: number) => TableRow<string>, readsClock = false, reads?: (ctx: UiContext) => unknown): TableView<Row>['cells'] {
  const kept = new WeakMap<Row, { endpoint: string; nowMs: number; read: unknown; drawn: TableRow<string> }>();
  return (row, _state, ctx, nowMs) => {
    const endpoint = ctx.engine.connection.endpoint;
    // A source the cells read besides the row (the image freshness): a new state of it is a new look.
    const read = reads?.(ctx);
    const before = kept.get(row);
    if (before && before.endpoint === endpoint && before.read === read && (!readsClock || before.nowMs === nowMs)) return before.drawn;
    const made = make(row, ctx, nowMs);
    const same = before && before.endpoint === endpoint && before.drawn.color === made.color && sameCells(before.drawn.cells, made.cells);
    kept.set(row, { endpoint, nowMs, read, drawn: same ? before.drawn : made });
    return same ? before.drawn : made;
  };
}

function sameCells(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/**
 * A pane's columns as the user chose them (`,`: views/columns.ts): which of everything the pane
 * knows about its rows are shown, in what order. The choice is the workspace's (config.json
 * `workspace.columns`, by pane); a pane never chosen for shows its defaults. Keys the pane does
 * not know (a column of an older berth) are passed over.
 */
import type { Column } from '../table.ts';
import { workspaceOf, type AppState, type PaneId } from '../types.ts';

export interface ChoosableColumn extends Column<string> {
  /** What showing it costs the engine, said in the chooser ("the engine walks every container's layers"). */
  costs?: string;
  /** `o` can order the rows by it. */
  sortable?: boolean;
}

/** Everything a pane can show, and what it shows until the user chooses. */
export interface ColumnSet {
  every: readonly ChoosableColumn[];
  defaults: readonly string[];
}

/** The keys shown on `pane`, in order: the user's choice, or the defaults. */
export function shownKeys(state: AppState, pane: PaneId, set: ColumnSet): readonly string[] {
  const chosen = workspaceOf(state).columns[pane];
  if (chosen === undefined) return set.defaults;
  // Asked for every row drawn: the same array while the choice is the same one.
  let shown = checked.get(chosen);
  if (!shown) {
    const known = knownKeys(set);
    const kept = chosen.filter((key) => known.has(key));
    shown = kept.length > 0 ? kept : set.defaults;
    checked.set(chosen, shown);
  }
  return shown;
}

const checked = new WeakMap<readonly string[], readonly string[]>();

const known = new WeakMap<ColumnSet, ReadonlySet<string>>();
function knownKeys(set: ColumnSet): ReadonlySet<string> {
  let keys = known.get(set);
  if (!keys) {
    keys = new Set(set.every.map((c) => c.key));
    known.set(set, keys);
  }
  return keys;
}

/**
 * The columns for these keys, in their order: the same array while the keys read the same, so the
 * table measures its columns again only when the choice changes.
 */
const made = new WeakMap<ColumnSet, Map<string, readonly ChoosableColumn[]>>();
export function columnsFor(set: ColumnSet, keys: readonly string[]): readonly ChoosableColumn[] {
  let bySet = made.get(set);
  if (!bySet) {
    bySet = new Map();
    made.set(set, bySet);
  }
  const id = keys.join('\u0000');
  let columns = bySet.get(id);
  if (!columns) {
    const byKey = new Map(set.every.map((c) => [c.key, c]));
    columns = keys.flatMap((key) => {
      const column = byKey.get(key);
      return column ? [column] : [];
    });
    bySet.set(id, columns);
  }
  return columns;
}

/** `pane` showing these keys, in this order (kept: the runtime writes the workspace out). */
export function withShownKeys(state: AppState, pane: PaneId, keys: readonly string[]): AppState {
  const workspace = workspaceOf(state);
  return { ...state, workspace: { ...workspace, columns: { ...workspace.columns, [pane]: [...keys] } } };
}

/** The sortable keys among those shown: what `o` walks through. */
export function sortableShown(set: ColumnSet, keys: readonly string[]): readonly string[] {
  return columnsFor(set, keys).flatMap((c) => (c.sortable ? [c.key] : []));
}

/**
 * The column chooser's rows (app/views/column-chooser.ts keys over them, ui/views/columns-view.tsx
 * draws them): a pane's every column, the shown ones first in their order, then the hidden ones.
 */
import { paneEntry } from '../panes/index.ts';
import type { AppState } from '../types.ts';
import { shownKeys, type ChoosableColumn, type ColumnSet } from './columns.ts';

/** The pane's column set, if its columns can be chosen. */
export function columnSetOf(pane: string): ColumnSet | undefined {
  const view = paneEntry(pane).view;
  return view.kind === 'table' ? view.columnSet : undefined;
}

/** The chooser's rows: the shown columns in order, then the hidden ones in the pane's order. */
export function chooserRows(state: AppState, pane: string, set: ColumnSet): Array<{ column: ChoosableColumn; shown: boolean }> {
  const shown = shownKeys(state, pane, set);
  const byKey = new Map(set.every.map((c) => [c.key, c]));
  return [
    ...shown.flatMap((key) => {
      const column = byKey.get(key);
      return column ? [{ column, shown: true }] : [];
    }),
    ...set.every.filter((c) => !shown.includes(c.key)).map((column) => ({ column, shown: false })),
  ];
}


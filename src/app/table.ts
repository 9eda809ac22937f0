/**
 * What a table pane hands the table to draw: its columns (how they give way when the terminal
 * is narrow) and its rows' cells, already sanitised and formatted. React-free: the pane modules
 * make these; ui/widgets/table.tsx draws them.
 */
import { displayWidth, type Align } from './format/index.ts';

export interface Column<K extends string> {
  key: K;
  title: string;
  min: number;
  max?: number;
  grow?: number;
  /** Columns with the highest number drop first when the terminal is narrow. */
  priority: number;
  align?: Align;
}

export interface TableRow<K extends string> {
  key: string;
  cells: Record<K, string>;
  color?: string;
}


const PRINTABLE_ASCII = /^[\u0020-\u007e]*$/;

/**
 * Each row's cell widths, measured once per row object: panes hand the same row objects back
 * while only the filter changes, so typing a filter over 10,000 rows measures none of them again.
 */
const measured = new WeakMap<object, Partial<Record<string, number>>>();

function cellWidth<K extends string>(row: TableRow<K>, key: K): number {
  let widths = measured.get(row);
  if (!widths) {
    widths = {};
    measured.set(row, widths);
  }
  let w = widths[key];
  if (w === undefined) {
    const text = row.cells[key];
    w = PRINTABLE_ASCII.test(text) ? text.length : displayWidth(text);
    widths[key] = w;
  }
  return w;
}

/** The widest cell of each column, in terminal cells (plain ASCII, the usual case, by its length). */
export function columnNeeds<K extends string>(columns: readonly Column<K>[], rows: readonly TableRow<K>[]): Map<K, number> {
  const needs = new Map<K, number>();
  for (const { key } of columns) {
    let widest = 0;
    for (const row of rows) {
      const w = cellWidth(row, key);
      if (w > widest) widest = w;
    }
    needs.set(key, widest);
  }
  return needs;
}

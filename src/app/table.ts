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

function widthsOf(row: object): Partial<Record<string, number>> {
  let widths = measured.get(row);
  if (!widths) {
    widths = {};
    measured.set(row, widths);
  }
  return widths;
}

function measure<K extends string>(row: TableRow<K>, key: K, widths: Partial<Record<string, number>>): number {
  const text = row.cells[key];
  const w = PRINTABLE_ASCII.test(text) ? text.length : displayWidth(text);
  widths[key] = w;
  return w;
}

/**
 * The widest cell of each column, in terminal cells (plain ASCII, the usual case, by its length).
 * Row by row, each row's widths looked up once: over 10,000 rows, a lookup per cell was a view
 * switch's largest cost after the cells themselves (B11).
 */
export function columnNeeds<K extends string>(columns: readonly Column<K>[], rows: readonly TableRow<K>[]): Map<K, number> {
  // A rows array measured before for these columns (a view switched away from and back to).
  const known = needsOf.get(rows);
  if (known !== undefined && known.columns === columns) return known.needs as Map<K, number>;
  const needs = measureColumns(columns, rows);
  needsOf.set(rows, { columns, needs });
  return needs;
}

/** Each rows array's column needs, with the columns they were measured for: the arrays are not changed once handed out. */
const needsOf = new WeakMap<readonly object[], { columns: readonly object[]; needs: Map<string, number> }>();

function measureColumns<K extends string>(columns: readonly Column<K>[], rows: readonly TableRow<K>[]): Map<K, number> {
  const keys = columns.map((c) => c.key);
  const widest = keys.map(() => 0);
  for (const row of rows) {
    const widths = widthsOf(row);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as K;
      const w = widths[key] ?? measure(row, key, widths);
      if (w > (widest[i] ?? 0)) widest[i] = w;
    }
  }
  return new Map(keys.map((key, i) => [key, widest[i] ?? 0]));
}

/**
 * How long a column keeps room its cells no longer need. A crash loop's STATUS reads "Restarting
 * (1) Less than a second ago" for a second after each crash and "… 3 seconds ago" after it: sized
 * to its cells alone, the column widened and narrowed at every crash, and every row on screen
 * moved twice (drawn again in full, and hard to read while it jumps). A column now narrows only
 * after a minute in which nothing needed its width; it widens at once.
 */
export const WIDTH_HOLD_MS = 60_000;

/** One table's held column widths: each column's widest need of the last `WIDTH_HOLD_MS`. */
export class WidthHold {
  private readonly held = new Map<string, { need: number; at: number }>();

  constructor(private readonly holdMs: number = WIDTH_HOLD_MS) {}

  /** The widths to lay out at `now`: each column's need, or the wider one it had within the hold. */
  widths<K extends string>(needs: ReadonlyMap<K, number>, now: number): Map<K, number> {
    const out = new Map<K, number>();
    for (const [key, need] of needs) {
      const kept = this.held.get(key);
      if (kept === undefined || need >= kept.need || now - kept.at >= this.holdMs) {
        this.held.set(key, { need, at: now });
        out.set(key, need);
      } else out.set(key, kept.need);
    }
    return out;
  }
}

// Responsive table layout: decide which columns a pane can afford at the current terminal width and how
// wide each one is. Rows are then rendered cell by cell with `fit`, so as long as the widths returned here
// (plus the gaps between them) never exceed the pane, a row never wraps.

export interface ColumnSpec<K extends string> {
  key: K;
  /** Narrowest useful width, in cells. A column that cannot get this much is dropped. */
  min: number;
  /** Widest the column may grow to; unbounded when omitted (only matters when `grow` is set). */
  max?: number;
  /** Share of the spare width this column receives, relative to the other growable columns. 0/omitted: fixed at `min`. */
  grow?: number;
  /** Importance: lower numbers are kept longest; the highest number is dropped first. */
  priority: number;
  /**
   * Cells the column's widest content needs (its title included), when known. Spare width goes
   * first to the columns whose content does not fit yet, and a column whose content is narrower
   * than `min` needs no more than its content.
   */
  need?: number;
}

export interface ColumnWidth<K extends string> {
  key: K;
  width: number;
}

interface Slot<K extends string> {
  key: K;
  width: number;
  /** What the content needs, between the slot's floor and its max. */
  want: number;
  max: number;
  grow: number;
  priority: number;
}

/**
 * Lays out `columns` in `totalWidth` cells with `gap` cells between neighbours.
 *
 * 1. While the kept columns' floors (`min`, or `need` when the content is narrower) plus gaps exceed the
 *    width, drop the kept column with the highest priority number (on a tie, the rightmost).
 * 2. If even the single most important column does not fit, it gets the whole width: a clipped name is
 *    more use than an empty pane.
 * 3. Spare width goes first to the columns whose content does not fit (`need` above the width they
 *    have), shared by need: a cell at a time to each such column until it fits or the spare runs out, so
 *    a column a few cells short ("About a minute ago") gets them all before a long one takes the rest.
 * 4. What is left goes to growable columns in proportion to `grow`, each capped at its `max`; whatever
 *    cannot be placed is left unused.
 *
 * Kept columns are returned in their original order. The widths plus gaps always sum to ≤ `totalWidth`.
 */
export function layoutColumns<K extends string>(
  columns: ReadonlyArray<ColumnSpec<K>>,
  totalWidth: number,
  gap = 1,
): Array<ColumnWidth<K>> {
  const total = nonNegativeInt(totalWidth);
  const spacing = nonNegativeInt(gap);
  if (total === 0) return [];

  let kept: Array<Slot<K>> = columns.map((c) => {
    const need = c.need === undefined ? undefined : nonNegativeInt(c.need);
    const min = need === undefined ? nonNegativeInt(c.min) : Math.min(nonNegativeInt(c.min), need);
    const grow = c.grow ?? 0;
    const max = c.max === undefined ? Infinity : Math.max(min, nonNegativeInt(c.max));
    return {
      key: c.key,
      width: min,
      want: Math.min(Math.max(need ?? min, min), max),
      max,
      grow: Number.isFinite(grow) && grow > 0 ? grow : 0,
      priority: c.priority,
    };
  });

  while (kept.length > 1 && used(kept, spacing) > total) {
    let drop = 0;
    for (let i = 1; i < kept.length; i++) {
      // `>=` so that among equal priorities the rightmost goes first.
      if ((kept[i]?.priority ?? 0) >= (kept[drop]?.priority ?? 0)) drop = i;
    }
    kept = kept.filter((_, i) => i !== drop);
  }
  const only = kept[0];
  if (kept.length === 1 && only !== undefined && only.width > total) only.width = total;

  const spare = fillNeeds(kept, total - used(kept, spacing));
  distribute(kept, spare);
  return kept.map(({ key, width }) => ({ key, width }));
}

/**
 * Raises the columns whose content does not fit toward what it needs, evenly: every such column
 * gets the same number of extra cells (a "water level") unless it needs fewer, and the first
 * ones from the left get the remainder. Returns the spare width left over.
 */
function fillNeeds<K extends string>(slots: Array<Slot<K>>, spare: number): number {
  let remaining = spare;
  for (;;) {
    const short = slots.filter((s) => s.width < s.want);
    if (short.length === 0 || remaining <= 0) return remaining;
    const level = Math.floor(remaining / short.length);
    if (level === 0) {
      for (const s of short.slice(0, remaining)) s.width += 1;
      return 0;
    }
    for (const s of short) {
      const add = Math.min(level, s.want - s.width);
      s.width += add;
      remaining -= add;
    }
  }
}

function distribute<K extends string>(slots: Array<Slot<K>>, spare: number): void {
  let remaining = spare;
  // Each round either places at least one cell or stops, so this ends within `spare` rounds; in practice
  // it takes one round plus one per column that hits its max.
  while (remaining > 0) {
    const open = slots.filter((s) => s.grow > 0 && s.width < s.max);
    if (open.length === 0) return;
    const totalGrow = open.reduce((sum, s) => sum + s.grow, 0);
    let placed = 0;
    for (const s of open) {
      const share = Math.min(Math.floor((remaining * s.grow) / totalGrow), s.max - s.width);
      s.width += share;
      placed += share;
    }
    if (placed === 0) {
      // Shares rounded down to nothing: hand out the last few cells one at a time, left to right.
      for (const s of open) {
        if (placed === remaining) break;
        s.width += 1;
        placed += 1;
      }
    }
    remaining -= placed;
  }
}

function used<K extends string>(slots: ReadonlyArray<Slot<K>>, gap: number): number {
  if (slots.length === 0) return 0;
  return slots.reduce((sum, s) => sum + s.width, 0) + gap * (slots.length - 1);
}

function nonNegativeInt(n: number): number {
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

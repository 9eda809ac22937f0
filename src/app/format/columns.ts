// Responsive table layout: decide which columns a pane can afford at the current terminal width and how
// wide each one is. Rows are then rendered cell by cell with `fit`, so as long as the widths returned here
// (plus the gaps between them) never exceed the pane, a row never wraps.

export interface ColumnSpec<K extends string> {
  key: K;
  /** Narrowest useful width, in cells. A column that cannot get this much is dropped. */
  min: number;
  /**
   * Widest the column may grow to with spare width; unbounded when omitted (only matters when `grow`
   * is set). It does not cut content: a column whose `need` is wider gets it when there is room.
   */
  max?: number;
  /** Share of the spare width this column receives, relative to the other growable columns. 0/omitted: fixed at `min`. */
  grow?: number;
  /** Importance: lower numbers are kept longest; the highest number is dropped first. */
  priority: number;
  /**
   * Cells the column's widest content needs (its title included), when known: where the column
   * starts, cut (widest first) only when the columns do not all fit; a column whose content is
   * narrower than `min` needs no more than its content.
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
  /** The narrowest it may be: `min`, or its content when that is narrower. */
  floor: number;
  /** What its content needs (`min` when not known): where it starts before anything is cut. */
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
 * 3. Widths follow content: each column starts at what its content needs (`max` does not cut content
 *    there is room for). When they do not all fit, the widest is cut first, down to the next widest,
 *    then those together, and so on (never below a floor): a long image reference gives way before a
 *    date that is a few cells short is cut, and no column keeps blank cells while another is cut.
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
    const floor = need === undefined ? nonNegativeInt(c.min) : Math.min(nonNegativeInt(c.min), need);
    const grow = c.grow ?? 0;
    return {
      key: c.key,
      width: floor,
      floor,
      want: Math.max(need ?? floor, floor),
      max: c.max === undefined ? Infinity : Math.max(floor, nonNegativeInt(c.max)),
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
  if (kept.length === 1 && only !== undefined && only.width > total) {
    only.width = total;
    return [{ key: only.key, width: total }];
  }

  const spare = followContent(kept, total - spacing * Math.max(kept.length - 1, 0));
  distribute(kept, spare);
  return kept.map(({ key, width }) => ({ key, width }));
}

/**
 * Sets each column to what its content needs, cut from the widest down when they do not fit in
 * `room` cells: the widths are then `clamp(want, floor, level)` for the highest level that fits,
 * and the cells left under the next level go one each to the columns cut to it, the most
 * important first. Returns the room left over (0 when anything was cut).
 */
function followContent<K extends string>(slots: Array<Slot<K>>, room: number): number {
  const at = (level: number) => slots.reduce((sum, s) => sum + Math.max(s.floor, Math.min(s.want, level)), 0);
  const widest = slots.reduce((most, s) => Math.max(most, s.want), 0);
  if (at(widest) <= room) {
    for (const s of slots) s.width = s.want;
    return room - at(widest);
  }
  // The floors fit (step 1), so some level between 0 and the widest want fits: the highest one.
  let low = 0;
  let high = widest;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (at(mid) <= room) low = mid;
    else high = mid - 1;
  }
  for (const s of slots) s.width = Math.max(s.floor, Math.min(s.want, low));
  let left = room - at(low);
  const cut = slots.filter((s) => s.width === low && s.want > low).sort((a, b) => a.priority - b.priority);
  for (const s of cut) {
    if (left <= 0) break;
    s.width += 1;
    left -= 1;
  }
  return 0;
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

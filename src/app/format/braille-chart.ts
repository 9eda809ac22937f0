/**
 * Area charts in braille: each character cell holds 2 × 4 dots, so a chart `width` cells wide
 * and `height` rows high plots 2·width columns of values at 4·height levels. A column with no
 * value (the container was not measured then) stays empty: the gap shows.
 */
const BASE = 0x2800;
// Dot bits by [column][row from the top] (Unicode braille: dots 1-2-3-7 left, 4-5-6-8 right).
const DOTS = [
  [0x01, 0x02, 0x04, 0x40],
  [0x08, 0x10, 0x20, 0x80],
] as const;

/**
 * The chart's lines, top first. `values` are oldest first and aligned to the right edge (the
 * newest value is the last column); `max` is the top of the scale (values above it are cut).
 */
export function brailleChart(values: ReadonlyArray<number | undefined>, width: number, height: number, max: number): string[] {
  const columns = Math.max(width, 1) * 2;
  const levels = Math.max(height, 1) * 4;
  const shown = values.slice(-columns);
  const offset = columns - shown.length;
  const cells: number[][] = Array.from({ length: height }, () => new Array<number>(width).fill(0));
  for (let i = 0; i < shown.length; i++) {
    const value = shown[i];
    if (value === undefined || !Number.isFinite(value) || value <= 0 || max <= 0) continue;
    // At least one dot for anything above zero: a small figure is still not nothing.
    const dots = Math.max(1, Math.min(levels, Math.round((value / max) * levels)));
    const x = offset + i;
    const cell = x >> 1;
    const side = x & 1;
    for (let level = 0; level < dots; level++) {
      const rowFromBottom = level >> 2;
      const row = height - 1 - rowFromBottom;
      const dotRow = 3 - (level & 3);
      const line = cells[row];
      if (line) line[cell] = (line[cell] ?? 0) | (DOTS[side]?.[dotRow] ?? 0);
    }
  }
  return cells.map((line) => line.map((bits) => String.fromCharCode(BASE + bits)).join(''));
}

/**
 * Samples placed on a time grid of `columns` slots of `stepMs` ending at `nowMs`: the latest
 * sample in each slot, undefined where none fell (a gap), so the x axis is time, not sample count.
 */
export function onTimeGrid<T extends { at: number }>(samples: readonly T[], pick: (sample: T) => number | undefined, columns: number, stepMs: number, nowMs: number): Array<number | undefined> {
  const grid = new Array<number | undefined>(columns).fill(undefined);
  const start = nowMs - columns * stepMs;
  for (const sample of samples) {
    const slot = Math.floor((sample.at - start) / stepMs);
    if (slot < 0 || slot >= columns) continue;
    grid[slot] = pick(sample);
  }
  return grid;
}

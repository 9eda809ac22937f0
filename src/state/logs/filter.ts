// Filter mode: the logs view narrowed to the lines that match, with N lines of context around each
// (grep -C N), a separator row where lines were left out. The rows are computed over the lines the
// view holds (the loaded window); scrolling is by row in this list, and the place is kept as the
// buffer index of the line on top (`anchor`), so it survives new lines, evictions and older pages.
import type { SearchableLines } from './search.ts';

/** The context sizes `C` cycles through. */
export const CONTEXT_STEPS: readonly number[] = [0, 2, 5, 10];

export function nextContext(context: number): number {
  const at = CONTEXT_STEPS.indexOf(context);
  return CONTEXT_STEPS[(at + 1) % CONTEXT_STEPS.length] as number;
}

/** A row of the filtered view: a line (a hit or context), or a gap of `gap` lines left out before line `index`. */
export interface FilterRow {
  /** Buffer index of the line (a gap: of the line after it). */
  readonly index: number;
  readonly hit?: boolean;
  readonly gap?: number;
}

export interface FilterResult {
  readonly rows: readonly FilterRow[];
  /** Matching lines. */
  readonly hits: number;
}

/**
 * The rows of lines `[0, length)` that match `test`, with `context` lines either side; lines of
 * another stream than `stream` (when given) are left out altogether — not hits, not context, and
 * no gap is marked where only they were left out.
 */
export function filterRows(lines: SearchableLines, test: (text: string) => boolean, context: number, stream?: string): FilterResult {
  const rows: FilterRow[] = [];
  const n = Math.max(0, Math.floor(context));
  let hits = 0;
  /** One past the last line index already in `rows`. */
  let shownTo = 0;
  let pendingAfter = 0;
  const kept = (j: number) => stream === undefined || (lines.at(j)?.stream ?? 'stdout') === stream;
  const onlyHidden = (a: number, b: number) => {
    for (let j = a; j < b; j++) if (kept(j)) return false;
    return true;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines.at(i);
    if (stream !== undefined && line !== undefined && (line.stream ?? 'stdout') !== stream) {
      // Hidden, not left out: right after what is shown, it moves the shown end on.
      if (shownTo === i) shownTo = i + 1;
      continue;
    }
    if (line === undefined || !test(line.text)) {
      if (pendingAfter > 0) {
        rows.push({ index: i });
        shownTo = i + 1;
        pendingAfter--;
      }
      continue;
    }
    hits++;
    // The context before it: up to n lines of the stream shown, not already in `rows`.
    const before: number[] = [];
    for (let j = i - 1; j >= shownTo && before.length < n; j--) if (kept(j)) before.unshift(j);
    const from = before[0] ?? i;
    if (from > shownTo && !onlyHidden(shownTo, from)) rows.push({ index: from, gap: from - shownTo });
    for (const j of before) rows.push({ index: j });
    rows.push({ index: i, hit: true });
    shownTo = i + 1;
    pendingAfter = n;
  }
  if (rows.length > 0 && shownTo < lines.length && !onlyHidden(shownTo, lines.length)) rows.push({ index: lines.length, gap: lines.length - shownTo });
  return { rows, hits };
}

/** The row on top: the first at or after `anchor` (following: the last screenful), clamped so the screen is full. */
export function filterTop(rows: readonly FilterRow[], anchor: number, height: number, follow: boolean): number {
  const last = Math.max(0, rows.length - Math.max(1, height));
  if (follow) return last;
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((rows[mid] as FilterRow).index >= anchor) hi = mid;
    else lo = mid + 1;
  }
  return Math.min(lo, last);
}

/** The anchor for the row at `top` (clamped into the rows). */
export function anchorAt(rows: readonly FilterRow[], top: number): number {
  if (rows.length === 0) return 0;
  return (rows[Math.min(Math.max(0, top), rows.length - 1)] as FilterRow).index;
}

/** The anchor that shows line `line`: left alone if it is on screen, else the line a half screen down. */
export function revealInFilter(rows: readonly FilterRow[], anchor: number, height: number, line: number): number {
  const top = filterTop(rows, anchor, height, false);
  const at = rows.findIndex((r) => r.index === line && r.gap === undefined);
  if (at < 0 || (at >= top && at < top + height)) return anchor;
  return anchorAt(rows, at - Math.floor(height / 2));
}

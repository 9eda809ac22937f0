// Plain-substring search over log lines. Not regex on purpose: people search logs for things like
// `[error]` or `a.b(c)`, and a half-typed pattern must never throw or match something surprising.
//
// Case-insensitive matching folds case one code point at a time rather than calling toLowerCase()
// on whole strings. Whole-string lowering is context-sensitive (Greek final sigma) and can change
// lengths (`İ` becomes two code units), which would make the line-level answer of `findMatches`
// disagree with the highlight offsets of `matchRanges`. Folding per code point gives one definition
// of "matches" for both, and a map back to the original offsets.

/** Anything with indexed lines: a `LogBuffer`, or a plain array of lines in tests. */
export interface SearchableLines {
  readonly length: number;
  at(index: number): { readonly text: string; readonly stream?: string } | undefined;
}

export interface SearchOptions {
  /** Default false: a log search is a "find this word" and the case is rarely known. */
  readonly caseSensitive?: boolean;
  /** First line index to search (default 0), so new lines can be searched without rescanning old ones. */
  readonly start?: number;
  /** One past the last line index to search (default: all). */
  readonly end?: number;
}

/** Indices of the lines in `[start, end)` whose text contains `query`, ascending. An empty query matches nothing. */
export function findMatches(lines: SearchableLines, query: string, options: SearchOptions = {}): number[] {
  if (query.length === 0) return [];
  const caseSensitive = options.caseSensitive ?? false;
  const needle = caseSensitive ? query : fold(query);
  const start = Math.max(0, Math.trunc(options.start ?? 0) || 0);
  const end = Math.min(lines.length, Math.trunc(options.end ?? lines.length) || 0);
  const out: number[] = [];
  for (let i = start; i < end; i++) {
    const line = lines.at(i);
    if (line === undefined) continue;
    const haystack = caseSensitive ? line.text : fold(line.text);
    if (haystack.includes(needle)) out.push(i);
  }
  return out;
}

/** Whether one line's text contains `query`, by the same rule as `findMatches`. */
export function lineMatcher(query: string, caseSensitive = false): (text: string) => boolean {
  if (query.length === 0) return () => false;
  const needle = caseSensitive ? query : fold(query);
  return caseSensitive ? (text) => text.includes(needle) : (text) => fold(text).includes(needle);
}

/**
 * The match after (`1`) or before (`-1`) line `fromIndex`, wrapping around the ends like `n`/`N` in
 * less and vim; `fromIndex` itself is never the answer unless it is the only match. `matches` must
 * be ascending (as `findMatches` returns it). `undefined` only when there are no matches.
 */
export function nextMatch(matches: readonly number[], fromIndex: number, direction: 1 | -1): number | undefined {
  if (matches.length === 0) return undefined;
  if (direction === 1) {
    const i = firstGreater(matches, fromIndex);
    return i < matches.length ? matches[i] : matches[0];
  }
  const i = firstGreaterOrEqual(matches, fromIndex) - 1;
  return i >= 0 ? matches[i] : matches[matches.length - 1];
}

/**
 * `[start, end)` code-unit ranges of `query` in `text`, for highlighting one line. Non-overlapping,
 * left to right, always covering whole code points of `text`.
 */
export function matchRanges(text: string, query: string, caseSensitive = false): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  if (query.length === 0) return out;
  if (caseSensitive) {
    for (let at = text.indexOf(query); at !== -1; at = text.indexOf(query, at + query.length)) {
      out.push([at, at + query.length]);
    }
    return out;
  }

  const needle = fold(query);
  if (isAscii(text)) {
    // Folding ASCII is one-to-one, so offsets in the folded text are offsets in `text`.
    const folded = text.toLowerCase();
    for (let at = folded.indexOf(needle); at !== -1; at = folded.indexOf(needle, at + needle.length)) {
      out.push([at, at + needle.length]);
    }
    return out;
  }

  const { folded, from, to } = foldWithMap(text);
  for (let at = folded.indexOf(needle); at !== -1; at = folded.indexOf(needle, at + needle.length)) {
    const start = from[at] as number;
    const end = to[at + needle.length - 1] as number;
    // Two matches inside one character's expansion would map to the same source range: merge them.
    const previous = out[out.length - 1];
    if (previous !== undefined && start < previous[1]) previous[1] = Math.max(previous[1], end);
    else out.push([start, end]);
  }
  return out;
}

const ASCII = /^[\u0000-\u007f]*$/;

function isAscii(text: string): boolean {
  return ASCII.test(text);
}

function fold(text: string): string {
  if (isAscii(text)) return text.toLowerCase();
  let out = '';
  for (const ch of text) out += ch.toLowerCase();
  return out;
}

/** The folded text plus, for each of its code units, the source code point's start and end in `text`. */
function foldWithMap(text: string): { folded: string; from: number[]; to: number[] } {
  let folded = '';
  const from: number[] = [];
  const to: number[] = [];
  let offset = 0;
  for (const ch of text) {
    const lower = ch.toLowerCase();
    folded += lower;
    for (let k = 0; k < lower.length; k++) {
      from.push(offset);
      to.push(offset + ch.length);
    }
    offset += ch.length;
  }
  return { folded, from, to };
}

function firstGreater(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) > value) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function firstGreaterOrEqual(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) >= value) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * A short fuzzy matcher for the command palette: the query's characters must appear in the text
 * in order (a subsequence, case ignored, spaces in the query ignored), and a match scores higher
 * the more of it falls on word starts and runs of consecutive characters, and the less it skips:
 * `prn` finds "prune" before "pull … run". No dependency does this here, and it is this small.
 */

const MATCH = 16;
const WORD_START = 10;
const FIRST_CHAR = 6;
const CONSECUTIVE = 12;
const GAP = 1;
const MAX_GAP_PENALTY = 12;

function isWordChar(ch: string | undefined): boolean {
  return ch !== undefined && /[\p{L}\p{N}]/u.test(ch);
}

export interface FuzzyMatch {
  /** Higher is better. */
  score: number;
  /** Where the query's characters fell in the text (code point indexes), for drawing them out. */
  positions: readonly number[];
}

/** The best match of `query` in `text`, or undefined when it does not match. */
export function fuzzyMatch(query: string, text: string): FuzzyMatch | undefined {
  const needle = [...query.toLowerCase()].filter((ch) => ch.trim() !== '');
  if (needle.length === 0) return { score: 0, positions: [] };
  const hay = [...text.toLowerCase()];
  const first = needle[0] as string;
  let best: FuzzyMatch | undefined;
  // Each place the first character occurs starts a greedy match; the best of them wins.
  for (let start = hay.indexOf(first); start >= 0; start = hay.indexOf(first, start + 1)) {
    const match = matchFrom(needle, hay, start);
    if (match !== undefined && (best === undefined || match.score > best.score)) best = match;
  }
  return best;
}

/** The best score of `query` in `text` (higher is better), or undefined when it does not match. */
export function fuzzyScore(query: string, text: string): number | undefined {
  return fuzzyMatch(query, text)?.score;
}

function matchFrom(needle: readonly string[], hay: readonly string[], start: number): FuzzyMatch | undefined {
  let score = 0;
  let previous = -1;
  let at = start;
  const positions: number[] = [];
  for (const ch of needle) {
    // Prefer the next word start holding ch over an earlier place mid-word.
    const next = nextPlace(hay, ch, at, previous);
    if (next < 0) return undefined;
    score += MATCH;
    if (!isWordChar(hay[next - 1])) score += WORD_START;
    if (next === 0) score += FIRST_CHAR;
    if (previous >= 0 && next === previous + 1) score += CONSECUTIVE;
    if (previous >= 0) score -= Math.min((next - previous - 1) * GAP, MAX_GAP_PENALTY);
    else score -= Math.min(next * GAP, MAX_GAP_PENALTY) / 2;
    previous = next;
    at = next + 1;
    positions.push(next);
  }
  return { score, positions };
}

/** Where `ch` is taken from `from` on: right after the last match if it is there, else the first word start, else the first place. */
function nextPlace(hay: readonly string[], ch: string, from: number, previous: number): number {
  if (previous >= 0 && hay[previous + 1] === ch) return previous + 1;
  const plain = hay.indexOf(ch, from);
  if (plain < 0) return -1;
  for (let i = plain; i < hay.length; i++) if (hay[i] === ch && !isWordChar(hay[i - 1])) return i;
  return plain;
}

// Where the older lines of a log are, without holding them. The Engine API gives no line count and
// no "N lines before T": dockerd applies `tail` before `since`/`until`, so `until=T&tail=N` comes
// back empty. What it does give is a stream from the start with `timestamps=1`, and windows by
// time (`since`/`until`, both inclusive, to the nanosecond). So one streamed pass from the start
// (the "count", also what a whole-history search and save read) keeps a timestamp every
// CHECKPOINT_EVERY lines; an older page is then the lines between the checkpoint before the
// loaded top and that top's own timestamp. Several lines can share one timestamp: a checkpoint
// keeps its rank within its timestamp's group (`since` returns the whole group), and the pages'
// edges drop the lines of the boundary group the window already holds (trimOlder/trimNewer).
//
// The cost to the engine: json-file and local drivers filter `since` by reading the file from its
// start, so every page costs a read up to that page (and the count one read of everything); the
// first page (`g`) reads only what it returns, and the tail only its `tail` lines.

import { fractionNanos, splitTimestamp } from './timestamp.ts';
import type { LogLine } from './types.ts';

/** Lines between two checkpoints: an older page is about this long. */
export const CHECKPOINT_EVERY = 2000;

export interface Checkpoint {
  /** The line's number from the start of the log, 0 being the first. */
  readonly line: number;
  /** Its timestamp as the engine wrote it. */
  readonly time: string;
  /** How many lines before it have the same timestamp (what `since=time` returns first). */
  readonly rank: number;
  readonly key: bigint;
}

/** A timestamp as nanoseconds since the epoch, for ordering; undefined for text that is not one. */
export function timeKey(time: string): bigint | undefined {
  const split = splitTimestamp(time);
  if (split === undefined) return undefined;
  return secondKey(Math.floor(split.timeMs / 1000)) + BigInt(fractionNanos(split.time));
}

/** The last second made a key, for the next line's (a count adds every line of a log: B14). */
let lastSecondKey = { seconds: Number.NaN, key: 0n };

function secondKey(seconds: number): bigint {
  if (lastSecondKey.seconds !== seconds) lastSecondKey = { seconds, key: BigInt(seconds) * 1_000_000_000n };
  return lastSecondKey.key;
}

/** A timestamp as the engine's `since`/`until` take it: `seconds.nanoseconds`. */
export function engineTime(time: string): string | undefined {
  const key = timeKey(time);
  if (key === undefined) return undefined;
  const seconds = key / 1_000_000_000n;
  const nanos = key % 1_000_000_000n;
  return `${seconds}.${nanos.toString().padStart(9, '0')}`;
}

export class HistoryIndex {
  readonly checkpoints: Checkpoint[] = [];
  /** Lines counted so far. */
  count = 0;
  /** The newest timestamp counted so far (how far the pass has read, in time). */
  lastKey: bigint | undefined;
  #lastTime: string | undefined;
  #rank = 0;

  constructor(readonly every: number = CHECKPOINT_EVERY) {}

  /** Counts one line (in log order) and returns its rank within its timestamp's group. */
  add(line: LogLine): number {
    if (line.time !== undefined && line.time === this.#lastTime) this.#rank++;
    else this.#rank = 0;
    this.#lastTime = line.time;
    if (line.time !== undefined) {
      const key = timeKey(line.time);
      if (key !== undefined) {
        if (this.lastKey === undefined || key > this.lastKey) this.lastKey = key;
        if (this.count % this.every === 0 || this.checkpoints.length === 0) this.checkpoints.push({ line: this.count, time: line.time, rank: this.#rank, key });
      }
    }
    this.count++;
    return this.#rank;
  }

  /** The last checkpoint strictly older than `time`: where a page ending at `time` starts. */
  before(time: string): Checkpoint | undefined {
    const key = timeKey(time);
    if (key === undefined) return undefined;
    let lo = 0;
    let hi = this.checkpoints.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.checkpoints[mid] as Checkpoint).key < key) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? undefined : this.checkpoints[lo - 1];
  }

  /** The last checkpoint at or before line number `line`. */
  atOrBefore(line: number): Checkpoint | undefined {
    let found: Checkpoint | undefined;
    for (const c of this.checkpoints) {
      if (c.line > line) break;
      found = c;
    }
    return found;
  }

  /** Whether the pass has read past `time` (so pages ending there can be asked for). */
  covers(time: string): boolean {
    const key = timeKey(time);
    return key !== undefined && this.lastKey !== undefined && this.lastKey >= key;
  }
}

/** How many lines from the start of `lines` have `time` (the window's leading group). */
export function leadingGroup(lines: { at(i: number): LogLine | undefined; readonly length: number }, time: string): number {
  let n = 0;
  while (n < lines.length && lines.at(n)?.time === time) n++;
  return n;
}

/** How many lines at the end of `lines` have `time`. */
export function trailingGroup(lines: { at(i: number): LogLine | undefined; readonly length: number }, time: string): number {
  let n = 0;
  while (n < lines.length && lines.at(lines.length - 1 - n)?.time === time) n++;
  return n;
}

/**
 * An older page as the engine sent it (`until` = the window's first timestamp, inclusive), less
 * the lines of that timestamp the window already holds (`held`: its leading group's size). The
 * group is the page's last lines; the window holds the last `held` of them.
 */
export function trimOlder(page: readonly LogLine[], headTime: string, held: number): LogLine[] {
  const group = trailingGroup({ at: (i) => page[i], length: page.length }, headTime);
  return page.slice(0, page.length - Math.min(group, held));
}

/**
 * A newer page (`since` = the window's last timestamp, inclusive), less the lines of that
 * timestamp the window already holds (`held`: its trailing group's size): the page's first ones.
 */
export function trimNewer(page: readonly LogLine[], tailTime: string, held: number): LogLine[] {
  const group = leadingGroup({ at: (i) => page[i], length: page.length }, tailTime);
  return page.slice(Math.min(group, held));
}

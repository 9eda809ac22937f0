// The lines the logs view can scroll through. A container can log far faster than anyone reads, so
// the buffer is a fixed-size ring that keeps the newest lines: appending stays O(1) per line however
// long the view is open, with no `Array.prototype.shift` (which is O(n)) on the hot path. Older pages
// of the history go in at the front the same way (`prepend`), pushing the newest out.

import { isAfter } from './timestamp.ts';
import type { LogLine } from './types.ts';

export const DEFAULT_LOG_CAPACITY = 10_000;

export class LogBuffer {
  readonly capacity: number;
  // A circular deque: `#length` lines from slot `#head` on, wrapping. Appends evict from the front,
  // prepends (older pages of the history) from the back; both are O(1) per line.
  readonly #ring: Array<LogLine | undefined>;
  #head = 0;
  #length = 0;
  #dropped = 0;
  #prepended = 0;
  #droppedBack = 0;
  #epoch = 0;
  #version = 0;
  #lastTimeMs: number | undefined;

  constructor(capacity: number = DEFAULT_LOG_CAPACITY) {
    if (!Number.isSafeInteger(capacity) || capacity < 1) {
      throw new RangeError(`LogBuffer capacity must be a positive integer, got ${capacity}`);
    }
    this.capacity = capacity;
    this.#ring = new Array<LogLine | undefined>(capacity);
  }

  get length(): number {
    return this.#length;
  }

  /**
   * Lines evicted from the front to make room, over the buffer's life. `clear()` does not count:
   * those lines were discarded on purpose, not pushed out.
   */
  get dropped(): number {
    return this.#dropped;
  }

  /** Lines put before the first one (older pages), over the buffer's life. */
  get prepended(): number {
    return this.#prepended;
  }

  /** Lines evicted from the back to make room for prepended ones, over the buffer's life. */
  get droppedBack(): number {
    return this.#droppedBack;
  }

  /** Bumped by every `clear()`: what was held is gone and indices start again. */
  get epoch(): number {
    return this.#epoch;
  }

  /** Bumped on every change, so a React hook can notice new lines by comparing one number. */
  get version(): number {
    return this.#version;
  }

  /**
   * Newest timestamp ever appended, surviving `clear()` and eviction: it is the `since` to resume
   * from after a restart, and lines the user cleared should not come back either.
   */
  get lastTimeMs(): number | undefined {
    return this.#lastTimeMs;
  }

  /**
   * Appends in order, evicting the oldest lines beyond capacity.
   * @returns how many lines this call evicted (including new lines that never fit), which is exactly
   *   how far every surviving index moved towards 0: what the view needs to keep its place.
   */
  append(lines: readonly LogLine[]): number {
    if (lines.length === 0) return 0;
    for (const line of lines) {
      if (line.timeMs !== undefined && (this.#lastTimeMs === undefined || line.timeMs > this.#lastTimeMs)) {
        this.#lastTimeMs = line.timeMs;
      }
    }

    // Only the last `capacity` lines of a huge batch can survive; skip writing the rest.
    const skip = Math.max(0, lines.length - this.capacity);
    let evicted = skip;
    const ring = this.#ring;
    for (let i = skip; i < lines.length; i++) {
      const line = lines[i] as LogLine;
      if (this.#length < this.capacity) {
        ring[this.#slot(this.#length)] = line;
        this.#length++;
      } else {
        ring[this.#head] = line;
        this.#head = this.#head + 1 === this.capacity ? 0 : this.#head + 1;
        evicted++;
      }
    }
    this.#dropped += evicted;
    this.#version++;
    return evicted;
  }

  /**
   * Puts `lines` (oldest first) before the first line, evicting the newest lines beyond capacity;
   * of a batch larger than the capacity only its last `capacity` lines are kept. Does not touch `lastTimeMs`: older lines are not where a resume starts from.
   * @returns how many lines were evicted from the back (including lines of the batch that never fit).
   */
  prepend(lines: readonly LogLine[]): number {
    if (lines.length === 0) return 0;
    const skip = Math.max(0, lines.length - this.capacity);
    let evicted = skip;
    const ring = this.#ring;
    for (let i = lines.length - 1; i >= skip; i--) {
      this.#head = this.#head === 0 ? this.capacity - 1 : this.#head - 1;
      ring[this.#head] = lines[i];
      if (this.#length < this.capacity) this.#length++;
      else evicted++;
    }
    this.#prepended += lines.length - skip;
    this.#droppedBack += evicted;
    this.#version++;
    return evicted;
  }

  /**
   * Appends only the lines newer than `sinceMs` (see `isAfter`). For re-attaching after a restart
   * with `since`: the engine's `since` is inclusive and second-granular, so it resends lines we have.
   * Millisecond resolution means a new line in the very millisecond of the last one would be lost too;
   * a restarted container's first line is never that close to its predecessor's last.
   * @returns how many lines were evicted, as for `append`.
   */
  appendAfter(lines: readonly LogLine[], sinceMs: number): number {
    return this.append(lines.filter((line) => isAfter(line, sinceMs)));
  }

  /** The line at `index`, 0 being the oldest kept; `undefined` outside `[0, length)`. */
  at(index: number): LogLine | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.#length) return undefined;
    return this.#ring[this.#slot(index)];
  }

  /** Lines `[start, end)` oldest first, with `Array.prototype.slice` semantics (negatives count from the end). */
  slice(start = 0, end: number = this.length): LogLine[] {
    const from = clampIndex(start, this.length);
    const to = clampIndex(end, this.length);
    const out: LogLine[] = [];
    for (let i = from; i < to; i++) out.push(this.#ring[this.#slot(i)] as LogLine);
    return out;
  }

  /** Discards every line. `dropped` and `lastTimeMs` keep their values (see their docs); `epoch` moves on. */
  clear(): void {
    this.#epoch++;
    if (this.#length === 0) return;
    this.#ring.fill(undefined);
    this.#head = 0;
    this.#length = 0;
    this.#version++;
  }

  #slot(index: number): number {
    const slot = this.#head + index;
    return slot >= this.capacity ? slot - this.capacity : slot;
  }
}

function clampIndex(index: number, length: number): number {
  const i = Math.trunc(index) || 0;
  return i < 0 ? Math.max(0, length + i) : Math.min(i, length);
}

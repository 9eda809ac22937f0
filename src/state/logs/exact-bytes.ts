/**
 * A log as the bytes the engine sent, for `w` (the saved file) and `O` (the pager): never decoded,
 * never split into the view's lines, so a 70,000-byte line stays whole, a `\r` before `\n` stays,
 * and invalid UTF-8 stays as it was. What `docker logs` prints, with one addition when asked:
 * stderr lines start with `stderr ` (after the timestamp, when there is one), so a saved file
 * still tells the streams apart (`docker logs` prints them to two descriptors instead).
 *
 * stdout and stderr arrive interleaved at arbitrary points, also mid-line. A line is written
 * whole: while one stream's line is open, the other stream's bytes wait (up to QUEUE_BYTES; past
 * that they go out mid-line, as `docker logs 2>&1` would print them, rather than be held without
 * bound). Each stream's own bytes always go out in order and complete.
 */
import type { LogChunkLike, LogStream } from './types.ts';

export interface ExactBytesOptions {
  /** Put `stderr ` at the start of every stderr line (after its timestamp, when `timestamps`). */
  markStderr: boolean;
  /** The stream was asked for with `timestamps=1`: each line starts with the engine's stamp and a space. */
  timestamps: boolean;
}

/** What a stderr line starts with in a saved file (after its timestamp, when there is one). */
export const STDERR_MARKER = 'stderr ';
const STDERR_MARK = Buffer.from(STDERR_MARKER);
/** Longest timestamp looked for at a line's start (RFC 3339 with nanoseconds is 30 bytes). */
const MAX_STAMP_BYTES = 40;
/** The other stream's bytes held while one stream's line is open. */
export const QUEUE_BYTES = 1024 * 1024;

const NEWLINE = 0x0a;
const SPACE = 0x20;

interface StreamState {
  /** Its last byte so far was not a newline: a line is open. */
  open: boolean;
  /** A stderr line's start held until its timestamp's space is seen. */
  stamp: Buffer[];
  stampBytes: number;
  /** Chunks waiting while the other stream's line is open. */
  queue: Buffer[];
  queueBytes: number;
}

export class ExactBytes {
  /** Lines written so far: each newline, and at `end` each stream's unterminated last line. */
  lines = 0;
  readonly #options: ExactBytesOptions;
  readonly #streams: Record<LogStream, StreamState> = { stdout: fresh(), stderr: fresh() };
  /** The stream whose line is open in the output: the other one waits. */
  #owner: LogStream | undefined;

  constructor(options: ExactBytesOptions) {
    this.#options = options;
  }

  /** Feeds one chunk; returns the bytes ready to write (possibly empty). */
  push(chunk: LogChunkLike): Buffer {
    if (chunk.data.byteLength === 0) return EMPTY;
    const data = Buffer.isBuffer(chunk.data) ? chunk.data : Buffer.from(chunk.data.buffer, chunk.data.byteOffset, chunk.data.byteLength);
    const own = this.#streams[chunk.stream];
    if (this.#owner !== undefined && this.#owner !== chunk.stream && own.queueBytes + data.length <= QUEUE_BYTES) {
      own.queue.push(data);
      own.queueBytes += data.length;
      return EMPTY;
    }
    const out: Buffer[] = [];
    // Over the limit: what waited goes out first, then this, mid-line of the other stream.
    this.#drain(chunk.stream, out);
    this.#emit(chunk.stream, data, out);
    const other = chunk.stream === 'stdout' ? 'stderr' : 'stdout';
    if (this.#owner === undefined) this.#drain(other, out);
    return out.length === 1 ? (out[0] as Buffer) : Buffer.concat(out);
  }

  /** The stream ended: whatever waited, and each stream's unfinished line (counted as a line). */
  end(): Buffer {
    const out: Buffer[] = [];
    const first = this.#owner ?? 'stdout';
    for (const stream of [first, first === 'stdout' ? 'stderr' : 'stdout'] as const) {
      this.#drain(stream, out);
      const state = this.#streams[stream];
      if (state.stampBytes > 0) this.#release(state, out, false);
      if (state.open) this.lines += 1;
      state.open = false;
    }
    this.#owner = undefined;
    return Buffer.concat(out);
  }

  #drain(stream: LogStream, out: Buffer[]): void {
    const state = this.#streams[stream];
    if (state.queue.length === 0) return;
    const queued = state.queue;
    state.queue = [];
    state.queueBytes = 0;
    for (const data of queued) this.#emit(stream, data, out);
  }

  #emit(stream: LogStream, data: Buffer, out: Buffer[]): void {
    const state = this.#streams[stream];
    const marking = this.#options.markStderr && stream === 'stderr';
    if (!marking) {
      // The common case, a chunk as it came: no copy, the newlines counted.
      out.push(data);
      for (let at = data.indexOf(NEWLINE); at >= 0; at = data.indexOf(NEWLINE, at + 1)) this.lines += 1;
      state.open = data[data.length - 1] !== NEWLINE;
    } else {
      let at = 0;
      while (at < data.length) {
        if (!state.open && state.stampBytes === 0 && !this.#options.timestamps) {
          out.push(STDERR_MARK);
          state.open = true;
        }
        if (!state.open || state.stampBytes > 0) {
          // A line's start: its timestamp first, then the mark.
          at = this.#stamp(state, data, at, out);
          continue;
        }
        const newline = data.indexOf(NEWLINE, at);
        const end = newline < 0 ? data.length : newline + 1;
        out.push(data.subarray(at, end));
        at = end;
        if (newline >= 0) {
          this.lines += 1;
          state.open = false;
        }
      }
    }
    this.#owner = state.open || state.stampBytes > 0 ? stream : undefined;
  }

  /** Reads a stderr line's timestamp from `data[at…]`: returns where the line's text starts (or the chunk's end, still looking). */
  #stamp(state: StreamState, data: Buffer, at: number, out: Buffer[]): number {
    const limit = Math.min(data.length, at + MAX_STAMP_BYTES - state.stampBytes);
    for (let i = at; i < limit; i++) {
      const byte = data[i];
      if (byte === SPACE) {
        state.stamp.push(data.subarray(at, i + 1));
        state.stampBytes += i + 1 - at;
        this.#release(state, out, true);
        return i + 1;
      }
      if (byte === NEWLINE) break;
    }
    if (limit === data.length && limit - at + state.stampBytes < MAX_STAMP_BYTES) {
      state.stamp.push(data.subarray(at));
      state.stampBytes += data.length - at;
      return data.length;
    }
    // No timestamp there: the mark goes first, and nothing is dropped.
    this.#release(state, out, false);
    return at;
  }

  /** Writes a held line start: the stamp then the mark, or (no stamp found) the mark then what was held. */
  #release(state: StreamState, out: Buffer[], stamped: boolean): void {
    if (stamped) out.push(...state.stamp, STDERR_MARK);
    else out.push(STDERR_MARK, ...state.stamp);
    const last = state.stamp[state.stamp.length - 1];
    state.open = last === undefined || last[last.length - 1] !== NEWLINE;
    if (!state.open) this.lines += 1;
    state.stamp = [];
    state.stampBytes = 0;
  }
}

const EMPTY = Buffer.alloc(0);

function fresh(): StreamState {
  return { open: false, stamp: [], stampBytes: 0, queue: [], queueBytes: 0 };
}

// Turns the engine's arbitrarily-chunked log bytes into whole lines. Chunk boundaries carry no
// meaning (they fall wherever the socket read did), so everything here is built so that the output
// is the same however the byte stream was cut: mid-line, mid-character, or between `\r` and `\n`.

import { TextDecoder } from 'node:util';

import { MAX_TIMESTAMP_PREFIX, splitTimestamp } from './timestamp.ts';
import type { LogChunkLike, LogLine, LogStream } from './types.ts';

/** 16 KiB: the size at which docker's own json-file driver splits a line, so real lines rarely hit it. */
export const DEFAULT_MAX_LINE_CHARS = 16 * 1024;

export interface LineSplitterOptions {
  /** Parse and strip the leading RFC3339 timestamp that `timestamps=1` puts on every line. */
  readonly timestamps?: boolean;
  /** Longest `text` kept for one line, in UTF-16 code units. The rest of a longer line is dropped. */
  readonly maxLineChars?: number;
}

/**
 * The unfinished line of one stream. stdout and stderr each get their own, because the engine
 * interleaves their chunks independently: a stderr line can arrive in the middle of a stdout line.
 */
interface OpenLine {
  // One decoder per stream: a multi-byte character split across two stdout chunks must not be
  // "completed" by the first bytes of an interleaved stderr chunk.
  readonly decoder: TextDecoder;
  text: string;
  /** More text arrived than `keep` allows and was dropped. */
  overflowed: boolean;
}

export class LineSplitter {
  readonly #timestamps: boolean;
  readonly #maxLineChars: number;
  /**
   * Code units held for an unfinished line: the cap, room for the timestamp that will be stripped,
   * and one more so that a line of exactly the cap followed by `\r` is not mistaken for an over-long one.
   */
  readonly #keep: number;
  readonly #partials: Record<LogStream, OpenLine>;

  constructor(options: LineSplitterOptions = {}) {
    const max = options.maxLineChars ?? DEFAULT_MAX_LINE_CHARS;
    if (!Number.isSafeInteger(max) || max < 1) {
      throw new RangeError(`maxLineChars must be a positive integer, got ${max}`);
    }
    this.#timestamps = options.timestamps ?? false;
    this.#maxLineChars = max;
    this.#keep = max + (this.#timestamps ? MAX_TIMESTAMP_PREFIX : 0) + 1;
    this.#partials = { stdout: newOpenLine(), stderr: newOpenLine() };
  }

  /** Feeds one chunk and returns the lines it completed (possibly none), in order. */
  push(chunk: LogChunkLike): LogLine[] {
    const partial = this.#partials[chunk.stream];
    const out: LogLine[] = [];
    this.#consume(chunk.stream, partial, partial.decoder.decode(chunk.data, { stream: true }), out);
    return out;
  }

  /**
   * Ends the stream: returns each stream's unfinished line (stdout first), including any incomplete
   * UTF-8 sequence as U+FFFD, and resets so the splitter can be reused for a new stream.
   */
  flush(): LogLine[] {
    const out: LogLine[] = [];
    for (const stream of ['stdout', 'stderr'] as const) {
      const partial = this.#partials[stream];
      this.#consume(stream, partial, partial.decoder.decode(), out);
      if (partial.text.length > 0) out.push(this.#finish(stream, partial));
    }
    return out;
  }

  #consume(stream: LogStream, partial: OpenLine, text: string, out: LogLine[]): void {
    let start = 0;
    for (;;) {
      const newline = text.indexOf('\n', start);
      if (newline === -1) {
        this.#hold(partial, text, start, text.length);
        return;
      }
      this.#hold(partial, text, start, newline);
      out.push(this.#finish(stream, partial));
      start = newline + 1;
    }
  }

  /** Appends `text[from, to)` to the unfinished line, dropping whatever exceeds `#keep`. */
  #hold(partial: OpenLine, text: string, from: number, to: number): void {
    if (partial.overflowed || from === to) return;
    const room = this.#keep - partial.text.length;
    if (to - from > room) {
      partial.text += text.slice(from, from + room);
      partial.overflowed = true;
    } else {
      partial.text += text.slice(from, to);
    }
  }

  #finish(stream: LogStream, partial: OpenLine): LogLine {
    let raw = partial.text;
    const overflowed = partial.overflowed;
    partial.text = '';
    partial.overflowed = false;

    // An overflowed line's real end (and any `\r` there) was dropped; what we hold is not its end.
    if (!overflowed && raw.endsWith('\r')) raw = raw.slice(0, -1);

    let text = raw;
    let time: string | undefined;
    let timeMs: number | undefined;
    if (this.#timestamps) {
      const split = splitTimestamp(raw);
      if (split !== undefined) {
        ({ time, timeMs } = split);
        text = split.rest;
      }
    }

    // `#keep` guarantees an overflowed line still holds more than the cap after its timestamp, so
    // this test alone decides `truncated`, and the kept text is the line's true first `max` units.
    const truncated = text.length > this.#maxLineChars;
    if (truncated) text = cut(text, this.#maxLineChars);

    const line: { stream: LogStream; text: string; time?: string; timeMs?: number; truncated?: boolean } = {
      stream,
      text,
    };
    if (time !== undefined) {
      line.time = time;
      line.timeMs = timeMs;
    }
    if (truncated) line.truncated = true;
    return line;
  }
}

function newOpenLine(): OpenLine {
  // ignoreBOM keeps a U+FEFF the container wrote: the text is passed through untouched.
  return { decoder: new TextDecoder('utf-8', { ignoreBOM: true }), text: '', overflowed: false };
}

/** The first `max` code units, one fewer if that would split a surrogate pair into a lone half. */
function cut(text: string, max: number): string {
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/**
 * Newline-delimited JSON, as the engine streams it for pulls, pushes, builds and /events.
 *
 * Bytes are buffered and only whole lines are decoded, so a chunk boundary inside a
 * multi-byte UTF-8 character or between `\r` and `\n` cannot corrupt a value. Each chunk
 * is scanned once (the search for `\n` starts in the new bytes, never the buffered ones)
 * and a line spread over many chunks is joined once, when its newline arrives.
 */
import { EngineError } from '../errors.ts';

export interface NdjsonOptions {
  /**
   * Longest line accepted, in bytes, counting a trailing `\r` but not the `\n`. Nothing
   * longer is ever buffered: the decoder fails as soon as a partial line passes this.
   */
  maxLineBytes?: number;
  /** Names the request in error messages, e.g. "pull alpine:latest". */
  operation?: string;
}

export const DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;
const EXCERPT_CHARS = 80;
const NEWLINE = 0x0a;
const CR = 0x0d;

/**
 * Synchronous decoder for callers that fold messages as chunks arrive (the pull pane).
 * After it has thrown, discard it: its buffer no longer describes a line boundary.
 */
export class NdjsonDecoder {
  readonly #maxLineBytes: number;
  readonly #operation: string | undefined;
  /** Bytes of the current, unterminated line, kept as the pieces they arrived in. */
  #pending: Buffer[] = [];
  #pendingBytes = 0;

  constructor(opts: NdjsonOptions = {}) {
    const max = opts.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    if (!Number.isSafeInteger(max) || max < 1) throw new RangeError(`maxLineBytes must be a positive integer, got ${max}`);
    this.#maxLineBytes = max;
    this.#operation = opts.operation;
  }

  /** Every value completed by `chunk`. All-or-nothing: if a line is bad, it throws and returns none. */
  push(chunk: Uint8Array): unknown[] {
    return [...this.decode(chunk)];
  }

  /** The final line when the body ended without a newline (the engine usually sends one). */
  end(): unknown[] {
    return [...this.finish()];
  }

  /**
   * Lazy form of `push`: yields values in order and throws at the bad line, so values
   * before it are still delivered whatever the chunking. Iterate it to the end.
   */
  *decode(chunk: Uint8Array): Generator<unknown, void, undefined> {
    const bytes = asBuffer(chunk);
    let start = 0;
    for (;;) {
      const newline = bytes.indexOf(NEWLINE, start);
      if (newline === -1) break;
      this.#checkLength(this.#pendingBytes + newline - start);
      const line = this.#takeLine(bytes.subarray(start, newline));
      start = newline + 1;
      const value = this.#parse(line);
      if (value !== SKIP) yield value;
    }
    if (start < bytes.length) {
      this.#checkLength(this.#pendingBytes + bytes.length - start);
      // Copy: the caller (undici) may reuse the chunk, and a view would pin all of it.
      this.#pending.push(Buffer.from(bytes.subarray(start)));
      this.#pendingBytes += bytes.length - start;
    }
  }

  *finish(): Generator<unknown, void, undefined> {
    if (this.#pendingBytes === 0) return;
    const value = this.#parse(this.#takeLine(Buffer.alloc(0)));
    if (value !== SKIP) yield value;
  }

  /** Joins the buffered pieces with the line's last piece, and clears the buffer. */
  #takeLine(tail: Buffer): Buffer {
    if (this.#pending.length === 0) return tail;
    const pieces = this.#pending;
    pieces.push(tail);
    const line = Buffer.concat(pieces, this.#pendingBytes + tail.length);
    this.#pending = [];
    this.#pendingBytes = 0;
    return line;
  }

  #checkLength(lineBytes: number): void {
    if (lineBytes <= this.#maxLineBytes) return;
    this.#pending = [];
    this.#pendingBytes = 0;
    throw new EngineError({
      code: 'PROTOCOL',
      operation: this.#operation,
      message: `${this.#prefix()}sent a JSON line longer than ${this.#maxLineBytes} bytes`,
    });
  }

  #parse(line: Buffer): unknown {
    const end = line.length > 0 && line[line.length - 1] === CR ? line.length - 1 : line.length;
    const text = line.toString('utf8', 0, end);
    if (text.trim() === '') return SKIP;
    try {
      return JSON.parse(text) as unknown;
    } catch (cause) {
      throw new EngineError({
        code: 'PROTOCOL',
        operation: this.#operation,
        message: `${this.#prefix()}sent invalid JSON: ${excerpt(text)}`,
        cause,
      });
    }
  }

  #prefix(): string {
    return this.#operation ? `the engine (${this.#operation}) ` : 'the engine ';
  }
}

/** Marks a blank line; a unique symbol so that a JSON `null` is still yielded. */
const SKIP: unique symbol = Symbol('blank line');

/** Yields each JSON value of an NDJSON body, one per line; blank lines are skipped. */
export async function* readNdjson(
  body: AsyncIterable<Uint8Array>,
  opts: NdjsonOptions = {},
): AsyncGenerator<unknown, void, undefined> {
  const decoder = new NdjsonDecoder(opts);
  for await (const chunk of body) yield* decoder.decode(chunk);
  yield* decoder.finish();
}

function asBuffer(chunk: Uint8Array): Buffer {
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/** First ~80 characters, cut on a code point so the message stays valid text. */
function excerpt(text: string): string {
  // Slice before splitting into code points: the line may be megabytes long.
  const chars = Array.from(text.trim().slice(0, EXCERPT_CHARS * 2 + 2));
  const head = chars.slice(0, EXCERPT_CHARS).join('');
  return JSON.stringify(chars.length > EXCERPT_CHARS ? `${head}…` : head);
}

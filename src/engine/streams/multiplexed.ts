/**
 * The engine's log and attach stream formats.
 *
 * Containers without a TTY get a multiplexed body: frames of an 8-byte header
 * `[type, 0, 0, 0, size (uint32 big-endian)]` followed by `size` payload bytes, with
 * type 0 stdin (shown as stdout), 1 stdout, 2 stderr and 3 systemerr (the daemon's own
 * error, e.g. "Error grabbing logs: …"). Containers with a TTY get raw bytes.
 *
 * Payload is yielded in pieces as it arrives and never gathered into a buffer sized by
 * the header, so a hostile or corrupt header claiming 4 GiB costs nothing. The frames of one
 * stream that follow each other inside one read are yielded together, as one piece: dockerd
 * writes a frame per log line, and a piece per line cost every reader a trip through the
 * async generators per line (a 1,000,000-line history searched at ~20,000 lines a second).
 */
import { EngineError } from '../errors.ts';

export interface LogChunk {
  stream: 'stdout' | 'stderr';
  data: Buffer;
  /**
   * Frames in it that went on with a line the stream left open (timestamped logs only): each is
   * an entry of its own to the engine, which `tail` counts, though it adds no line.
   */
  continued?: number;
}

export interface DemultiplexOptions {
  /** Names the request in error messages, e.g. "logs web-1". */
  operation?: string;
  /**
   * How much of a systemerr frame is kept for the error message; the rest is read and
   * dropped. This is the only payload that is buffered.
   */
  maxSystemErrorBytes?: number;
  /**
   * The log was asked for with `timestamps=1`: every frame starts with its entry's timestamp
   * and a space, also a frame that carries the rest of a line the last frame of its stream left
   * open (Podman writes a line the container wrote in two reads as two entries, `TS 1860` then
   * `TS \n`; dockerd splits lines over 16 KiB the same way). Such a continuation's timestamp is
   * dropped here, where frames are still told apart, so the line reads as the container wrote it.
   */
  timestamps?: boolean;
}

/** Longest timestamp prefix looked for at the start of a continuation frame (RFC 3339 with nanoseconds is 30). */
const MAX_STAMP_BYTES = 40;

const HEADER_BYTES = 8;
const DEFAULT_MAX_SYSTEM_ERROR_BYTES = 64 * 1024;
const STREAM_BY_TYPE = ['stdout', 'stdout', 'stderr'] as const;
const SYSTEM_ERROR = 3;

/**
 * Splits a multiplexed body into stdout and stderr pieces. A frame may arrive as several
 * pieces, and empty frames yield nothing.
 *
 * A body that ends inside a header or a payload is not an error: the engine closes a
 * followed log stream when the container stops, and its last frame is not guaranteed to
 * be whole, so we yield what arrived and end quietly. The exception is a truncated
 * systemerr frame, which still throws, with the part of the message that arrived.
 */
export async function* demultiplex(
  body: AsyncIterable<Uint8Array>,
  opts: DemultiplexOptions = {},
): AsyncGenerator<LogChunk, void, undefined> {
  const maxSystemErrorBytes = opts.maxSystemErrorBytes ?? DEFAULT_MAX_SYSTEM_ERROR_BYTES;
  const header = Buffer.alloc(HEADER_BYTES);
  let headerFilled = 0;
  /** Payload bytes still owed by the current frame; 0 while reading a header. */
  let remaining = 0;
  let type = 0;
  const systemError: Buffer[] = [];
  let systemErrorBytes = 0;
  /** Per stream: whether its last byte so far ended a line (a new frame then starts a line). */
  const lineOpen = { stdout: false, stderr: false };
  /** While the start of a continuation frame is read: the bytes held until its timestamp's space. */
  let stamp: Buffer[] | undefined;
  /** Continuation frames not yet reported with a chunk. */
  let continued = 0;
  const chunkOf = (pieces: Buffer[], t: number): LogChunk => {
    const chunk = piecesOf(pieces, t);
    if (continued > 0) chunk.continued = continued;
    continued = 0;
    return chunk;
  };

  for await (const chunk of body) {
    const bytes = asBuffer(chunk);
    let offset = 0;
    /** The pieces of this read not yet yielded: all of one stream, `runType`'s. */
    const run: Buffer[] = [];
    let runType = 1;
    while (offset < bytes.length) {
      if (remaining === 0 && headerFilled < HEADER_BYTES) {
        const take = Math.min(HEADER_BYTES - headerFilled, bytes.length - offset);
        bytes.copy(header, headerFilled, offset, offset + take);
        headerFilled += take;
        offset += take;
        if (headerFilled < HEADER_BYTES) break;
        try {
          type = checkHeader(header, opts.operation);
        } catch (error) {
          if (run.length > 0) yield chunkOf(run.splice(0), runType);
          throw error;
        }
        remaining = header.readUInt32BE(4);
        stamp = opts.timestamps === true && type !== SYSTEM_ERROR && lineOpen[STREAM_BY_TYPE[type] ?? 'stdout'] ? [] : undefined;
        if (stamp !== undefined) continued += 1;
        if (remaining > 0) continue;
        // An empty frame: its header is all there is.
        headerFilled = 0;
        if (type === SYSTEM_ERROR) {
          if (run.length > 0) yield chunkOf(run.splice(0), runType);
          throw systemErrorFrom([], opts.operation);
        }
        continue;
      }
      const take = Math.min(remaining, bytes.length - offset);
      let piece = bytes.subarray(offset, offset + take);
      offset += take;
      remaining -= take;
      if (stamp !== undefined) {
        const space = piece.indexOf(0x20);
        const held = stamp.reduce((n, b) => n + b.length, 0);
        if (space >= 0 && held + space < MAX_STAMP_BYTES) {
          piece = piece.subarray(space + 1);
          stamp = undefined;
        } else if (held + piece.length < MAX_STAMP_BYTES && remaining > 0) {
          stamp.push(piece);
          continue;
        } else {
          // No timestamp there after all: nothing is dropped.
          piece = Buffer.concat([...stamp, piece]);
          stamp = undefined;
        }
        if (piece.length === 0) {
          if (remaining === 0) headerFilled = 0;
          continue;
        }
      }
      if (type === SYSTEM_ERROR) {
        // What the container wrote before the daemon's error is theirs to see first.
        if (run.length > 0) yield chunkOf(run.splice(0), runType);
        const room = maxSystemErrorBytes - systemErrorBytes;
        if (room > 0) {
          const kept = piece.subarray(0, room);
          systemError.push(Buffer.from(kept));
          systemErrorBytes += kept.length;
        }
      } else {
        if (run.length > 0 && STREAM_BY_TYPE[type] !== STREAM_BY_TYPE[runType]) yield chunkOf(run.splice(0), runType);
        run.push(piece);
        runType = type;
        lineOpen[STREAM_BY_TYPE[type] ?? 'stdout'] = piece[piece.length - 1] !== 0x0a;
      }
      if (remaining === 0) {
        headerFilled = 0;
        if (type === SYSTEM_ERROR) throw systemErrorFrom(systemError, opts.operation);
      }
    }
    if (run.length > 0) yield chunkOf(run, runType);
  }
  if (type === SYSTEM_ERROR && remaining > 0) throw systemErrorFrom(systemError, opts.operation);
}

/** A TTY container's body: no framing, stdout and stderr already merged. */
/** One stream's pieces of a read as one chunk (a view when there is one piece: undici hands each chunk over and does not reuse it). */
function piecesOf(pieces: Buffer[], type: number): LogChunk {
  return { stream: STREAM_BY_TYPE[type] ?? 'stdout', data: pieces.length === 1 ? (pieces[0] as Buffer) : Buffer.concat(pieces) };
}

export async function* rawStream(body: AsyncIterable<Uint8Array>): AsyncGenerator<LogChunk, void, undefined> {
  for await (const chunk of body) {
    if (chunk.byteLength > 0) yield { stream: 'stdout', data: asBuffer(chunk) };
  }
}

/** Returns the frame type; anything else means we are not reading a multiplexed stream. */
function checkHeader(header: Buffer, operation: string | undefined): number {
  const type = header[0] ?? -1;
  if (type > SYSTEM_ERROR) {
    throw new EngineError({
      code: 'PROTOCOL',
      operation,
      message: `log stream has an unknown frame type ${type}`,
      hint: 'the container may have a TTY, whose logs are not multiplexed',
    });
  }
  if (header[1] !== 0 || header[2] !== 0 || header[3] !== 0) {
    throw new EngineError({
      code: 'PROTOCOL',
      operation,
      message: 'log stream has a malformed frame header',
      hint: 'the container may have a TTY, whose logs are not multiplexed',
    });
  }
  return type;
}

function systemErrorFrom(pieces: Buffer[], operation: string | undefined): EngineError {
  const text = Buffer.concat(pieces).toString('utf8').trim();
  return new EngineError({
    code: 'STREAM',
    operation,
    message: text === '' ? 'the engine reported an error in the log stream' : text,
  });
}

function asBuffer(chunk: Uint8Array): Buffer {
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

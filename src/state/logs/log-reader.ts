// One non-following read of a log, as lines: what the history pages, the count, a whole-history
// search and a save are made of. Stopping early (a page is full, the user pressed Esc) aborts the
// request, so the engine stops reading the file too.
import { isEngineError } from '../../engine/errors.ts';
import type { LogsOptions } from '../../engine/containers.ts';
import type { LogChunk } from '../../engine/streams/multiplexed.ts';
import { LineSplitter } from './line-splitter.ts';
import type { LogLine } from './types.ts';

export type ReadLogs = (id: string, options: LogsOptions) => AsyncIterable<LogChunk>;

export interface ReadOptions {
  tty: boolean;
  /** `seconds.nanoseconds`, inclusive. */
  since?: string;
  until?: string;
  /** Stop after this many lines. */
  limit?: number;
  /** Whether to parse the engine's timestamps (default true: pages and the count need them). */
  timestamps?: boolean;
  signal: AbortSignal;
}

/**
 * Streams the log from the start (or `since`) to its present end, handing over lines in batches.
 * `onLines` returning (or resolving) false stops the read; a promise holds the stream until it settles. Resolves whether the log's end was reached.
 */
export async function readLog(logs: ReadLogs, id: string, options: ReadOptions, onLines: (lines: LogLine[]) => boolean | void | Promise<boolean | void>): Promise<boolean> {
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  options.signal.addEventListener('abort', onAbort, { once: true });
  const timestamps = options.timestamps ?? true;
  const splitter = new LineSplitter({ timestamps });
  let taken = 0;
  const hand = async (lines: LogLine[]): Promise<boolean> => {
    if (lines.length === 0) return true;
    const room = options.limit === undefined ? lines.length : options.limit - taken;
    const batch = lines.length > room ? lines.slice(0, room) : lines;
    taken += batch.length;
    const more = (await onLines(batch)) !== false;
    return more && (options.limit === undefined || taken < options.limit);
  };
  try {
    const stream = logs(id, { follow: false, timestamps, tty: options.tty, tail: 'all', since: options.since, until: options.until, signal: stop.signal });
    for await (const chunk of stream) {
      if (!(await hand(splitter.push(chunk)))) {
        stop.abort();
        return false;
      }
    }
    const rest = splitter.flush();
    const room = options.limit === undefined ? rest.length : options.limit - taken;
    await hand(rest);
    return rest.length <= room;
  } catch (error) {
    // Our own stop is not a failure; the caller's abort is theirs to notice.
    if (stop.signal.aborted && !options.signal.aborted && isEngineError(error) && error.code === 'ABORTED') return false;
    throw error;
  } finally {
    options.signal.removeEventListener('abort', onAbort);
  }
}

/** A page: up to `limit` lines from `since` (or the start) to `until` (or the end). */
export async function readPage(logs: ReadLogs, id: string, options: ReadOptions): Promise<{ lines: LogLine[]; ended: boolean }> {
  const lines: LogLine[] = [];
  const ended = await readLog(logs, id, options, (batch) => {
    for (const line of batch) lines.push(line);
  });
  return { lines, ended };
}

/**
 * The log from its start to its present end as the engine sends it, chunk by chunk, never split
 * into lines (what `w` saves and `O` pages: exact bytes). `onChunk` returning (or resolving)
 * false stops the read. Resolves whether the log's end was reached.
 */
export async function readLogChunks(logs: ReadLogs, id: string, options: { tty: boolean; timestamps: boolean; signal: AbortSignal }, onChunk: (chunk: LogChunk) => boolean | Promise<boolean>): Promise<boolean> {
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  options.signal.addEventListener('abort', onAbort, { once: true });
  try {
    const stream = logs(id, { follow: false, timestamps: options.timestamps, tty: options.tty, tail: 'all', signal: stop.signal });
    for await (const chunk of stream) {
      if (!(await onChunk(chunk))) {
        stop.abort();
        return false;
      }
    }
    return true;
  } catch (error) {
    if (stop.signal.aborted && !options.signal.aborted && isEngineError(error) && error.code === 'ABORTED') return false;
    throw error;
  } finally {
    options.signal.removeEventListener('abort', onAbort);
  }
}

/**
 * Saving what the logs view holds to a file (`w`), as k9s and oxker offer: the lines exactly as
 * the container wrote them (colour codes and all, for `less -R`; a container's whole history
 * byte for byte, saveLogStream), with the engine's timestamps
 * when the view shows them, and stderr lines marked `stderr ` as the view marks them with `!`
 * (a word rather than the glyph, so `grep -v '^stderr '` or `grep '^stderr '` splits the file).
 * A new file every time, never overwriting one.
 */
import { createWriteStream } from 'node:fs';
import { fsPromises } from '../../engine/fs-later.ts';
import { once } from 'node:events';
import { join } from 'node:path';
import { ExactBytes, STDERR_MARKER } from './exact-bytes.ts';
import type { LogChunkLike, LogLine } from './types.ts';

export { STDERR_MARKER };

export function logFileText(lines: readonly LogLine[], timestamps: boolean): string {
  let text = '';
  for (const line of lines) text += `${timestamps && line.time ? `${line.time} ` : ''}${line.stream === 'stderr' ? STDERR_MARKER : ''}${line.text}\n`;
  return text;
}

/** `web-20261123-025901.log`: the container's name made safe for a file name, and the local time. */
export function logFileName(containerName: string, at: Date): string {
  const safe = containerName.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^[.]+/, '').slice(0, 80) || 'container';
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
  return `${safe}-${stamp}.log`;
}

/** Writes the file in `dir` and returns its path; rejects (EEXIST, EACCES, …) without touching an existing file. */
export async function saveLogs(lines: readonly LogLine[], options: { dir: string; containerName: string; timestamps: boolean; at?: Date }): Promise<string> {
  const path = join(options.dir, logFileName(options.containerName, options.at ?? new Date()));
  await fsPromises().writeFile(path, logFileText(lines, options.timestamps), { flag: 'wx' });
  return path;
}

/** The log's chunks from the engine, as sent: `onChunk` returning false stops the read. */
export type ChunkSource = (onChunk: (chunk: LogChunkLike) => boolean | Promise<boolean>) => Promise<unknown>;

/**
 * Writes the whole history as the engine streams it (never all of it in memory): a new file in
 * `dir`, as `saveLogs` does, byte for byte what `docker logs` prints (`-t` with `timestamps`),
 * stderr lines marked (exact-bytes.ts). `read` must ask the engine for timestamps exactly when
 * `timestamps` is set. Resolves with the path and the number of lines written.
 */
export async function saveLogStream(read: ChunkSource, options: { dir: string; containerName: string; timestamps: boolean; at?: Date }): Promise<{ path: string; lines: number }> {
  const path = join(options.dir, logFileName(options.containerName, options.at ?? new Date()));
  const file = createWriteStream(path, { flags: 'wx' });
  const opened = once(file, 'open');
  let failure: unknown;
  file.on('error', (error) => (failure = error));
  await Promise.race([opened, once(file, 'error').then(([error]: unknown[]) => Promise.reject(error))]);
  const exact = new ExactBytes({ markStderr: true, timestamps: options.timestamps });
  // Backpressure: the engine stream waits while the disk catches up.
  const write = async (bytes: Buffer): Promise<void> => {
    if (bytes.length > 0 && !file.write(bytes)) await Promise.race([once(file, 'drain'), once(file, 'error')]);
  };
  try {
    await read(async (chunk) => {
      await write(exact.push(chunk));
      return failure === undefined;
    });
    if (failure === undefined) await write(exact.end());
  } finally {
    file.end();
    await once(file, 'close');
  }
  if (failure !== undefined) throw failure;
  return { path, lines: exact.lines };
}

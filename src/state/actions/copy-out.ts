/**
 * `docker cp CONTAINER:PATH DIR`: what is at PATH lands in DIR under its own name (a file as a
 * file, a directory with its tree). The tar the engine sends is unpacked by node-tar, which
 * refuses entries that would land outside DIR (absolute paths, `..`, links out) and, here, keeps
 * the files berth's user's own rather than the container's owners.
 */
import { fsPromises } from '../../engine/fs-later.ts';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isDirectory, type PathStat } from '../../engine/archive.ts';

/** The two EngineClient methods a copy needs. */
export interface ArchiveClient {
  statPath(id: string, path: string, signal?: AbortSignal): Promise<PathStat>;
  archive(id: string, path: string, signal?: AbortSignal): AsyncIterable<Uint8Array>;
}

export interface CopyOutRequest {
  containerId: string;
  /** The container, as the message names it. */
  label: string;
  source: string;
  /** An existing local directory. */
  directory: string;
  /** The person said yes to replacing what is there. */
  overwrite: boolean;
  signal?: AbortSignal;
}

export type CopyOutOutcome = { kind: 'done'; message: string } | { kind: 'exists'; target: string } | { kind: 'failed'; message: string };

async function kindOf(file: string): Promise<'directory' | 'other' | undefined> {
  try {
    return (await fsPromises().stat(file)).isDirectory() ? 'directory' : 'other';
  } catch {
    return undefined;
  }
}

export async function copyOut(client: ArchiveClient, request: CopyOutRequest): Promise<CopyOutOutcome> {
  const directory = path.resolve(request.directory);
  if ((await kindOf(directory)) !== 'directory') return { kind: 'failed', message: `${request.directory} is not a directory here` };
  const info = await client.statPath(request.containerId, request.source, request.signal);
  const target = path.join(directory, info.name);
  if (!request.overwrite && (await kindOf(target)) !== undefined) return { kind: 'exists', target };
  // Loaded on first use: start-up does not pay for the tar code.
  const { x: extract } = await import('tar');
  await pipeline(Readable.from(client.archive(request.containerId, request.source, request.signal)), extract({ cwd: directory, preserveOwner: false, strict: true }), { signal: request.signal });
  const what = isDirectory(info) ? 'the directory' : `${info.size} byte${info.size === 1 ? '' : 's'}`;
  return { kind: 'done', message: `copied ${request.source} from ${request.label} to ${target} (${what})` };
}

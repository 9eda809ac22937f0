/**
 * `docker cp FILE CONTAINER:DIR`: a local file or directory lands in DIR under its own name. The
 * tar is made by node-tar (portable: no local owners; the engine makes them root's, as the CLI
 * does) and sent with PUT archive. When something is already at the target, the caller is told
 * first, and asks again with `overwrite` once the person said yes.
 */
import { fsPromises } from '../../engine/fs-later.ts';
import path from 'node:path';
import posix from 'node:path/posix';
import { isDirectory, type PathStat } from '../../engine/archive.ts';
import { EngineError } from '../../engine/errors.ts';

export interface CopyInClient {
  statPath(id: string, path: string, signal?: AbortSignal): Promise<PathStat>;
  putArchive(id: string, directory: string, tar: Uint8Array, signal?: AbortSignal): Promise<void>;
}

export interface CopyInRequest {
  containerId: string;
  /** The container, as the message names it. */
  label: string;
  /** A local file or directory. */
  source: string;
  /** A directory in the container. */
  directory: string;
  overwrite: boolean;
  signal?: AbortSignal;
}

export type CopyInOutcome = { kind: 'done'; message: string; target: string } | { kind: 'exists'; target: string } | { kind: 'failed'; message: string };

/** A tar sent in one request is held in memory: past this, `docker cp` is the better tool. */
export const COPY_IN_MAX_BYTES = 512 * 1024 * 1024;

async function tarOf(source: string): Promise<Buffer> {
  const { create } = await import('tar');
  const parts: Buffer[] = [];
  let size = 0;
  const pack = create({ cwd: path.dirname(source), portable: true }, [path.basename(source)]);
  // As with a build's context (builds/context-tar.ts): the loop hears the pack's errors only while
  // it waits, and a file that goes away mid-walk, or one after the size check stopped the loop,
  // would be thrown at the process. The pack keeps an error for the next wait.
  pack.on('error', () => undefined);
  for await (const chunk of pack) {
    const bytes = chunk as Buffer;
    size += bytes.byteLength;
    if (size > COPY_IN_MAX_BYTES) throw new Error(`${source} is over ${COPY_IN_MAX_BYTES / 1024 / 1024} MiB: copy it with docker cp`);
    parts.push(bytes);
  }
  return Buffer.concat(parts);
}

export async function copyIn(client: CopyInClient, request: CopyInRequest): Promise<CopyInOutcome> {
  const source = path.resolve(request.source);
  const local = await fsPromises().lstat(source).catch(() => undefined);
  if (local === undefined) return { kind: 'failed', message: `${request.source} is not here` };
  if (!local.isFile() && !local.isDirectory()) return { kind: 'failed', message: `${request.source} is neither a file nor a directory` };
  const directory = posix.resolve('/', request.directory);
  const there = await client.statPath(request.containerId, directory, request.signal);
  if (!isDirectory(there)) return { kind: 'failed', message: `${directory} is not a directory in ${request.label}` };
  const target = posix.join(directory, path.basename(source));
  if (!request.overwrite) {
    const existing = await client.statPath(request.containerId, target, request.signal).then(
      () => true,
      (error: unknown) => {
        if (error instanceof EngineError && error.code === 'NOT_FOUND') return false;
        throw error;
      },
    );
    if (existing) return { kind: 'exists', target };
  }
  await client.putArchive(request.containerId, directory, await tarOf(source), request.signal);
  const what = local.isDirectory() ? 'the directory' : `${local.size} byte${local.size === 1 ? '' : 's'}`;
  return { kind: 'done', target, message: `copied ${request.source} into ${request.label} as ${target} (${what})` };
}

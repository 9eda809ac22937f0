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
import { decodePathBytes, encodePathBytes, hasRawBytes } from '../../engine/path-bytes.ts';
import { TarHeaderReader } from '../files/tar-headers.ts';

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
  const base = path.posix.basename(request.source);
  if (hasRawBytes(base)) return copyNotUtf8(client, request, directory, base, info);
  const target = path.join(directory, info.name);
  if (!request.overwrite && (await kindOf(target)) !== undefined) return { kind: 'exists', target };
  // Loaded on first use: start-up does not pay for the tar code.
  const { x: extract } = await import('tar');
  await pipeline(Readable.from(client.archive(request.containerId, request.source, request.signal)), extract({ cwd: directory, preserveOwner: false, strict: true }), { signal: request.signal });
  const what = isDirectory(info) ? 'the directory' : `${info.size} byte${info.size === 1 ? '' : 's'}`;
  return { kind: 'done', message: `copied ${request.source} from ${request.label} to ${target} (${what})` };
}

/**
 * A file whose name is not UTF-8: dockerd answers its own GET with an empty tar (20.10.24 seen;
 * `docker cp` gets the same), so it is read out of its directory's tar, and written under its own
 * bytes (node-tar would write its name with U+FFFD). A directory so named is refused, not copied
 * half.
 */
async function copyNotUtf8(client: ArchiveClient, request: CopyOutRequest, directory: string, base: string, info: PathStat): Promise<CopyOutOutcome> {
  if (isDirectory(info)) return { kind: 'failed', message: `${request.source}: berth copies out a directory whose name is not UTF-8 only with what holds it` };
  const target = Buffer.concat([Buffer.from(path.join(directory, '/')), encodePathBytes(base)]);
  const shown = path.join(directory, base);
  const fs = fsPromises();
  if (!request.overwrite && (await fs.stat(target).then(() => true, () => false))) return { kind: 'exists', target: shown };
  // Opened once the entry is found: a file there is not cut short for nothing.
  let out: Awaited<ReturnType<typeof fs.open>> | undefined;
  let root: string | undefined;
  let reading = false;
  let found = false;
  let over = false;
  const pending: Uint8Array[] = [];
  const reader = new TarHeaderReader({
    header: (header) => {
      const at = decodePathBytes(header.path).replace(/^(\.?\/)+/, '').replace(/\/+$/, '');
      if (found) over = true;
      if (root === undefined) root = header.type === '5' ? at : '';
      else if (!found && at === (root === '' ? base : `${root}/${base}`) && (header.type === '0' || header.type === '7')) [found, reading] = [true, true];
      else reading = false;
    },
    contents: (data) => {
      if (reading && !over) pending.push(Buffer.from(data));
    },
  });
  try {
    const parent = path.posix.dirname(request.source);
    for await (const chunk of client.archive(request.containerId, parent, request.signal)) {
      reader.push(chunk);
      if (found) out ??= await fs.open(target, 'w');
      for (const data of pending.splice(0)) await out?.write(data);
      if (over || reader.ended) break;
    }
  } finally {
    await out?.close();
  }
  if (!found) {
    return { kind: 'failed', message: `${request.source}: the engine's archive of its directory does not hold it` };
  }
  return { kind: 'done', message: `copied ${request.source} from ${request.label} to ${shown} (${info.size} byte${info.size === 1 ? '' : 's'})` };
}

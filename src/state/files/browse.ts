/**
 * What the file browser reads: a path's stat (HEAD of the archive; a symbolic link is followed
 * to where it points), then a directory's first level (tar-listing.ts) or a file's text. Both
 * work on stopped containers too: the archive API reads the container's filesystem, not a process.
 */
import path from 'node:path/posix';
import { isDirectory, isSymlink, type PathStat } from '../../engine/archive.ts';
import { firstFile, firstLevel, type Listing } from './tar-listing.ts';

/** What the browser needs of the EngineClient. */
export interface BrowseClient {
  statPath(id: string, path: string, signal?: AbortSignal): Promise<PathStat>;
  archive(id: string, path: string, signal?: AbortSignal): AsyncIterable<Uint8Array>;
}

/** What one listing may read of the tar the engine streams (a directory's whole subtree). */
export const LIST_CAP_BYTES = 32 * 1024 * 1024;
/** What the viewer shows of a file. */
export const VIEW_CAP_BYTES = 1024 * 1024;
/** Links followed before giving up (a loop). */
const MAX_LINKS = 16;

export type Opened =
  | { kind: 'directory'; path: string; listing: Listing }
  | { kind: 'file'; path: string; lines: string[]; note?: string }
  | { kind: 'binary'; path: string; size: number };

/** Where a path ends up once its links are followed, with its stat there. */
async function resolve(client: BrowseClient, id: string, from: string, signal?: AbortSignal): Promise<{ path: string; stat: PathStat }> {
  let at = from;
  for (let i = 0; i < MAX_LINKS; i++) {
    const stat = await client.statPath(id, at, signal);
    if (!stat.linkTarget || !isSymlink(stat)) return { path: at, stat };
    const next = path.resolve(path.dirname(at), stat.linkTarget);
    if (next === at) return { path: at, stat };
    at = next;
  }
  throw new Error(`${from}: too many symbolic links`);
}

/** Whether bytes look like text: no NUL in the first 8 KiB (as git and less decide). */
export function looksLikeText(bytes: Uint8Array): boolean {
  return !bytes.subarray(0, 8192).includes(0);
}

export async function openPath(client: BrowseClient, id: string, asked: string, signal?: AbortSignal): Promise<Opened> {
  const { path: at, stat } = await resolve(client, id, path.resolve('/', asked), signal);
  if (isDirectory(stat)) return { kind: 'directory', path: at, listing: await firstLevel(client.archive(id, at, signal), LIST_CAP_BYTES) };
  const file = await firstFile(client.archive(id, at, signal), VIEW_CAP_BYTES);
  if (file === undefined) return { kind: 'binary', path: at, size: stat.size };
  if (!looksLikeText(file.bytes)) return { kind: 'binary', path: at, size: file.size };
  const lines = file.bytes.toString('utf8').split(/\r?\n/);
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return { kind: 'file', path: at, lines, ...(!file.complete && { note: `showing the first ${VIEW_CAP_BYTES / 1024 / 1024} MiB of ${file.size} bytes: copy it out for the rest` }) };
}

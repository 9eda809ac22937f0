/**
 * What the file browser reads: a path's stat (HEAD of the archive; a symbolic link is followed
 * to where it points), then a directory's first level (tar-listing.ts) or a file's text. Both
 * work on stopped containers too: the archive API reads the container's filesystem, not a process.
 */
import path from 'node:path/posix';
import { isDirectory, isSymlink, type PathStat } from '../../engine/archive.ts';
import { hasRawBytes } from '../../engine/path-bytes.ts';
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

/**
 * A file whose name is not UTF-8, read from its directory's tar: dockerd (20.10.24 seen; `docker
 * cp` alike) answers the GET of such a file with an empty tar, though its HEAD finds it and the
 * directory's tar holds it. The directory's tar is its whole subtree: read up to the listing's cap.
 */
async function notUtf8File(client: BrowseClient, id: string, at: string, signal?: AbortSignal): Promise<Awaited<ReturnType<typeof firstFile>>> {
  if (!hasRawBytes(path.basename(at))) return undefined;
  return firstFile(upTo(client.archive(id, path.dirname(at), signal), LIST_CAP_BYTES), VIEW_CAP_BYTES, path.basename(at));
}

/** The chunks until `cap` bytes have come (stopping closes the engine's stream). */
async function* upTo(chunks: AsyncIterable<Uint8Array>, cap: number): AsyncGenerator<Uint8Array> {
  let read = 0;
  for await (const chunk of chunks) {
    yield chunk;
    read += chunk.byteLength;
    if (read >= cap) return;
  }
}

export async function openPath(client: BrowseClient, id: string, asked: string, signal?: AbortSignal): Promise<Opened> {
  const { path: at, stat } = await resolve(client, id, path.resolve('/', asked), signal);
  if (isDirectory(stat)) return { kind: 'directory', path: at, listing: await firstLevel(client.archive(id, at, signal), LIST_CAP_BYTES) };
  const file = (await firstFile(client.archive(id, at, signal), VIEW_CAP_BYTES)) ?? (await notUtf8File(client, id, at, signal));
  if (file === undefined) return { kind: 'binary', path: at, size: stat.size };
  if (!looksLikeText(file.bytes)) return { kind: 'binary', path: at, size: file.size };
  const lines = file.bytes.toString('utf8').split(/\r?\n/);
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return { kind: 'file', path: at, lines, ...(!file.complete && { note: `showing the first ${VIEW_CAP_BYTES / 1024 / 1024} MiB of ${file.size} bytes: copy it out for the rest` }) };
}

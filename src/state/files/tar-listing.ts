/**
 * A directory's listing from the tar the engine streams for it. The archive API has no listing:
 * a GET of a directory streams its whole subtree (of `/`, the whole filesystem), so only the
 * headers are read (tar-headers.ts reads them, PAX and GNU long names included, names as bytes;
 * contents are skipped as they pass), only the first level is kept, and reading stops once `capBytes` have come in:
 * the listing then says it is capped (entries after that point are missing).
 */
import { decodePathBytes } from '../../engine/path-bytes.ts';
import { TarHeaderReader, type TarHeader } from './tar-headers.ts';

export type EntryKind = 'directory' | 'file' | 'link' | 'other';

export interface FileEntry {
  /**
   * The name in its directory (engine text: sanitised when drawn). Bytes that are not UTF-8 stand
   * as lone surrogates (engine/path-bytes.ts): shown as `\\xff`, sent back as the bytes.
   */
  name: string;
  kind: EntryKind;
  /** Bytes (a file's; 0 for the rest). */
  size: number;
  /** Where a symbolic link points, as the link says it. */
  linkTarget?: string;
}

export interface Listing {
  /** By name. */
  entries: FileEntry[];
  /** The tar was cut off at the cap: the listing may miss entries. */
  capped: boolean;
  /**
   * When capped, the first-level entry being read then: the engine walks the tree in name
   * order, so the entries listed before it are all there, and those after it are missing.
   */
  cappedIn?: string;
}

/** An entry's kind, from its header's typeflag. */
function kindOfFlag(type: string): EntryKind {
  if (type === '5') return 'directory';
  if (type === '0' || type === '7') return 'file';
  if (type === '1' || type === '2') return 'link';
  return 'other';
}

/** A tar name without `./` or `/` in front (Docker's tar of `/` names its entries `/bin/`, `/etc/`…) or a slash behind. */
const trimSlashes = (path: string) => path.replace(/^(\.?\/)+/, '').replace(/\/+$/, '');

/**
 * The entries directly under the tar's first entry (the directory asked for, under its own
 * name). Reads `chunks` until they end or `capBytes` have come; stopping the iteration closes
 * the engine's stream. Names are read as bytes (tar-headers.ts) and kept as path-bytes.ts keeps
 * paths: a name that is not UTF-8 stays the file's own, to draw escaped and to open.
 */
export async function firstLevel(chunks: AsyncIterable<Uint8Array>, capBytes: number): Promise<Listing> {
  const reader = new TarHeaderReader();
  const found = new Map<string, FileEntry>();
  let root: string | undefined;
  let current: string | undefined;
  const take = (header: TarHeader) => {
    const path = trimSlashes(decodePathBytes(header.path));
    if (root === undefined) {
      root = header.type === '5' ? path : '';
      return;
    }
    const rest = root === '' ? path : path.startsWith(`${root}/`) ? path.slice(root.length + 1) : undefined;
    if (rest === undefined || rest === '') return;
    current = rest.split('/')[0];
    if (rest.includes('/')) return;
    const kind = kindOfFlag(header.type);
    found.set(rest, { name: rest, kind, size: kind === 'file' && header.type === '0' ? header.size : 0, ...(header.linkpath && { linkTarget: decodePathBytes(header.linkpath) }) });
  };
  let read = 0;
  let capped = false;
  for await (const chunk of chunks) {
    read += chunk.byteLength;
    for (const header of reader.push(chunk)) take(header);
    if (reader.ended) break;
    if (read >= capBytes) {
      capped = true;
      break;
    }
  }
  const entries = [...found.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { entries, capped, ...(capped && current !== undefined && { cappedIn: current }) };
}

/**
 * The tar's first entry when it is a file: its first `capBytes` bytes (a GET of a file is a tar of that one
 * file); `complete` says whether that was all of it. With `named`, the tar is of the file's
 * directory instead, and the file is its first-level entry of that name.
 */
export async function firstFile(chunks: AsyncIterable<Uint8Array>, capBytes: number, named?: string): Promise<{ bytes: Buffer; size: number; complete: boolean } | undefined> {
  const parts: Buffer[] = [];
  let taken = 0;
  let size: number | undefined;
  let done = false;
  let headers = 0;
  let root: string | undefined;
  let reading = false;
  // Read as the listing is (tar-headers.ts): node-tar loses a name that is not UTF-8, and with it the entry.
  const reader = new TarHeaderReader({
    header: (header) => {
      headers += 1;
      reading = false;
      if (size !== undefined) {
        done = true;
        return;
      }
      if (named === undefined) {
        if (headers === 1 && kindOfFlag(header.type) === 'file') [size, reading] = [header.size, true];
        else done = true;
        return;
      }
      const path = trimSlashes(decodePathBytes(header.path));
      if (root === undefined) root = header.type === '5' ? path : '';
      else if (path === (root === '' ? named : `${root}/${named}`) && kindOfFlag(header.type) === 'file') [size, reading] = [header.size, true];
    },
    contents: (data) => {
      if (!reading || size === undefined) return;
      const room = capBytes - taken;
      if (room > 0) parts.push(Buffer.from(data.subarray(0, room)));
      taken += Math.min(room, data.byteLength);
      if (taken >= size) done = true;
    },
  });
  for await (const chunk of chunks) {
    reader.push(chunk);
    if (done || reader.ended || taken >= capBytes) break;
  }
  if (size === undefined) return undefined;
  return { bytes: Buffer.concat(parts), size, complete: taken >= size };
}

/**
 * A directory's listing from the tar the engine streams for it. The archive API has no listing:
 * a GET of a directory streams its whole subtree (of `/`, the whole filesystem), so only the
 * headers are read (node-tar parses them, PAX and GNU long names included; contents are skipped
 * as they pass), only the first level is kept, and reading stops once `capBytes` have come in:
 * the listing then says it is capped (entries after that point are missing).
 */
import type { ReadEntry } from 'tar';

export type EntryKind = 'directory' | 'file' | 'link' | 'other';

export interface FileEntry {
  /** The name in its directory (engine text: sanitised when drawn). */
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

function kindOf(entry: ReadEntry): EntryKind {
  switch (entry.type) {
    case 'Directory':
      return 'directory';
    case 'File':
    case 'OldFile':
    case 'ContiguousFile':
      return 'file';
    case 'SymbolicLink':
    case 'Link':
      return 'link';
    default:
      return 'other';
  }
}

/** A tar name without `./` or `/` in front (Docker's tar of `/` names its entries `/bin/`, `/etc/`…) or a slash behind. */
const trimSlashes = (path: string) => path.replace(/^(\.?\/)+/, '').replace(/\/+$/, '');

/**
 * The entries directly under the tar's first entry (the directory asked for, under its own
 * name). Reads `chunks` until they end or `capBytes` have come; stopping the iteration closes
 * the engine's stream.
 */
export async function firstLevel(chunks: AsyncIterable<Uint8Array>, capBytes: number): Promise<Listing> {
  const { Parser } = await import('tar');
  const found = new Map<string, FileEntry>();
  let root: string | undefined;
  let current: string | undefined;
  const parser = new Parser({
    onReadEntry: (entry: ReadEntry) => {
      const path = trimSlashes(entry.path);
      if (root === undefined) root = entry.type === 'Directory' ? path : '';
      else {
        const rest = root === '' ? path : path.startsWith(`${root}/`) ? path.slice(root.length + 1) : undefined;
        if (rest !== undefined && rest !== '') current = rest.split('/')[0];
        if (rest !== undefined && rest !== '' && !rest.includes('/')) {
          found.set(rest, { name: rest, kind: kindOf(entry), size: entry.type === 'File' ? entry.size : 0, ...(entry.linkpath && { linkTarget: entry.linkpath }) });
        }
      }
      // The contents are not wanted: let them flow past.
      entry.resume();
    },
  });
  let read = 0;
  let capped = false;
  for await (const chunk of chunks) {
    read += chunk.byteLength;
    parser.write(chunk);
    if (read >= capBytes) {
      capped = true;
      break;
    }
  }
  if (!capped) parser.end();
  const entries = [...found.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { entries, capped, ...(capped && current !== undefined && { cappedIn: current }) };
}

/**
 * The tar's first entry when it is a file: its first `capBytes` bytes (a GET of a file is a tar of that one
 * file); `complete` says whether that was all of it.
 */
export async function firstFile(chunks: AsyncIterable<Uint8Array>, capBytes: number): Promise<{ bytes: Buffer; size: number; complete: boolean } | undefined> {
  const { Parser } = await import('tar');
  const parts: Buffer[] = [];
  let taken = 0;
  let size: number | undefined;
  let done = false;
  let first = true;
  const parser = new Parser({
    onReadEntry: (entry: ReadEntry) => {
      const wanted = first && kindOf(entry) === 'file';
      first = false;
      if (!wanted) {
        done = true;
        entry.resume();
        return;
      }
      size = entry.size;
      entry.on('data', (data: Buffer) => {
        const room = capBytes - taken;
        if (room > 0) parts.push(data.subarray(0, room));
        taken += Math.min(room, data.byteLength);
      });
      entry.on('end', () => (done = true));
    },
  });
  for await (const chunk of chunks) {
    parser.write(chunk);
    if (done || taken >= capBytes) break;
  }
  if (size === undefined) return undefined;
  return { bytes: Buffer.concat(parts), size, complete: taken >= size };
}

/**
 * One layer of an image as the explorer keeps it: the tree its tar holds (path, size, mode, kind),
 * never its bytes. Whiteouts (`.wh.NAME`: NAME is deleted) and opaque markers (`.wh..wh..opq`:
 * what lies below this directory in the lower layers is hidden) are kept as what they mean.
 */
import { isAscii } from 'node:buffer';
import { decodePathBytes } from '../../engine/path-bytes.ts';
import type { TarHeader } from '../files/tar-headers.ts';

export type LayerEntryKind = 'file' | 'dir' | 'link' | 'other';

export interface LayerEntry {
  /** Without a leading `/` or `./` (`etc/hosts`); path-bytes.ts keeps bytes that are not UTF-8. */
  path: string;
  /** A regular file's bytes as its header says (0 for the rest, as the tar says). */
  size: number;
  /** The permission bits (the header's mode). */
  mode: number;
  kind: LayerEntryKind;
  /** A whiteout: `path` (the name without `.wh.`) is deleted by this layer. */
  deleted?: boolean;
}

export interface LayerTree {
  /** In the order the tar holds them; a path named twice keeps its last header. */
  entries: LayerEntry[];
  /** Directories this layer makes opaque (`.wh..wh..opq` inside them). */
  opaque: string[];
  /** The sum of the regular files' sizes: what the layer adds to the image on disk. */
  bytes: number;
}

const WHITEOUT = '.wh.';
const OPAQUE = '.wh..wh..opq';

/** A tar name as a clean relative path: no `./` or `/` in front, no `/` behind, no `//` or `.` parts. */
export function cleanPath(name: string): string {
  // Most names are clean already (a file's, in a layer of 10,000): no split and join for them.
  if (name !== '' && !name.startsWith('/') && !name.endsWith('/') && !name.includes('//') && !name.startsWith('./') && !name.includes('/./') && !name.endsWith('/.') && name !== '.') return name;
  return name
    .split('/')
    .filter((part) => part !== '' && part !== '.')
    .join('/');
}

function kindOfFlag(type: string): LayerEntryKind {
  if (type === '5') return 'dir';
  if (type === '0' || type === '7') return 'file';
  if (type === '1' || type === '2') return 'link';
  return 'other';
}

/** Builds a layer's tree header by header, as its tar streams. */
export class LayerTreeBuilder {
  private readonly byPath = new Map<string, LayerEntry>();
  private readonly opaque: string[] = [];

  add(header: TarHeader): void {
    // An ASCII name (nearly all) decodes as itself: decodePathBytes walks it byte by byte.
    const path = cleanPath(isAscii(header.path) ? header.path.toString('latin1') : decodePathBytes(header.path));
    if (path === '') return;
    const slash = path.lastIndexOf('/');
    const name = path.slice(slash + 1);
    const parent = slash < 0 ? '' : path.slice(0, slash);
    if (name === OPAQUE) {
      this.opaque.push(parent);
      return;
    }
    const kind = kindOfFlag(header.type);
    if (name.startsWith(WHITEOUT)) {
      const target = (parent === '' ? '' : `${parent}/`) + name.slice(WHITEOUT.length);
      this.put({ path: target, size: 0, mode: header.mode ?? 0, kind, deleted: true });
      return;
    }
    // Go's archive/tar (dive reads sizes through it) gives a link or a directory no size whatever its field says.
    this.put({ path, size: kind === 'file' ? header.size : 0, mode: header.mode ?? 0, kind });
  }

  private put(entry: LayerEntry): void {
    this.byPath.delete(entry.path);
    this.byPath.set(entry.path, entry);
  }

  done(): LayerTree {
    const entries = [...this.byPath.values()];
    let bytes = 0;
    for (const e of entries) if (!e.deleted) bytes += e.size;
    return { entries, opaque: this.opaque, bytes };
  }
}

/**
 * What the layer explorer shows of an image, from its layers' trees: per layer what it adds,
 * changes and deletes (against the layers below it, stacked as the engine stacks them: a whiteout
 * deletes a path and what is under it, an opaque directory hides what the layers below hold in
 * it), the image's biggest files, and dive's figures (dive-figures.ts).
 */
import { diveFigures, type DiveFigures } from './dive-figures.ts';
import type { ArchiveLayer, HistoryStep } from './image-archive.ts';
import type { LayerEntryKind } from './layer-tree.ts';

export type LayerChangeKind = 'added' | 'changed' | 'deleted';

export interface LayerChange {
  /** With a leading `/`. */
  path: string;
  kind: LayerChangeKind;
  /** A file's bytes; for a deletion, what it deleted (a directory: everything under it). */
  size: number;
  entry: LayerEntryKind;
}

export interface LayerReport {
  step?: HistoryStep;
  /** The bytes of the files it holds (uncompressed). */
  bytes: number;
  blobBytes: number;
  changes: LayerChange[];
}

export interface BigFile {
  path: string;
  size: number;
  /** The layer (from 0) its copy in the image comes from. */
  layer: number;
}

export interface LayerAnalysis {
  layers: LayerReport[];
  /** The files in the image as it is run (the stack of every layer), biggest first. */
  biggest: BigFile[];
  /** The sum of the files in the image as it is run. */
  imageBytes: number;
  dive: DiveFigures;
}

type Held = { size: number; kind: LayerEntryKind; layer: number };

/**
 * The image's files as the layers stack: a path and everything under it, removed. Undefined:
 * nothing was there. (forEach, not for…of: a 50,000-path stack walked with an iterator makes an
 * entry array per path, garbage the explorer's peak memory is made of.)
 */
function removeUnder(stack: Map<string, Held>, path: string, self: boolean): number | undefined {
  let freed: number | undefined;
  const prefix = path === '' ? '' : `${path}/`;
  stack.forEach((held, key) => {
    if (!key.startsWith(prefix) && !(self && key === path)) return;
    freed = (freed ?? 0) + held.size;
    stack.delete(key);
  });
  return freed;
}

/** The `count` biggest of the image's files, biggest first (no sort of every path: a few are kept as they pass). */
function biggestFiles(stack: Map<string, Held>, count: number): { biggest: BigFile[]; imageBytes: number } {
  let imageBytes = 0;
  const kept: [string, Held][] = [];
  stack.forEach((held, path) => {
    if (held.kind !== 'file') return;
    imageBytes += held.size;
    if (count <= 0) return;
    if (kept.length === count && (kept[count - 1]?.[1].size ?? 0) >= held.size) return;
    // After every kept one as big or bigger: the order a stable sort of the whole would give.
    let at = kept.length;
    while (at > 0 && (kept[at - 1]?.[1].size ?? 0) < held.size) at -= 1;
    kept.splice(at, 0, [path, held]);
    if (kept.length > count) kept.pop();
  });
  return { imageBytes, biggest: kept.map(([path, held]) => ({ path: `/${path}`, size: held.size, layer: held.layer })) };
}

export function analyseLayers(layers: readonly ArchiveLayer[], steps: readonly (HistoryStep | undefined)[], biggestCount = 20): LayerAnalysis {
  const stack = new Map<string, Held>();
  const reports: LayerReport[] = layers.map((layer, index) => {
    const changes: LayerChange[] = [];
    for (const dir of layer.tree.opaque) {
      const freed = removeUnder(stack, dir, false);
      if (freed !== undefined && freed > 0) changes.push({ path: `/${dir}/*`, kind: 'deleted', size: freed, entry: 'other' });
    }
    for (const e of layer.tree.entries) {
      const below = stack.get(e.path);
      if (e.deleted) {
        const freed = removeUnder(stack, e.path, true);
        if (freed !== undefined) changes.push({ path: `/${e.path}`, kind: 'deleted', size: freed, entry: below?.kind ?? 'dir' });
        continue;
      }
      // A directory the layer names only to hold what it changes is no change of its own.
      if (!(e.kind === 'dir' && below?.kind === 'dir')) changes.push({ path: `/${e.path}`, kind: below ? 'changed' : 'added', size: e.size, entry: e.kind });
      stack.set(e.path, { size: e.size, kind: e.kind, layer: index });
    }
    const step = steps[index];
    return { ...(step && { step }), bytes: layer.tree.bytes, blobBytes: layer.blobBytes, changes };
  });
  return { layers: reports, ...biggestFiles(stack, biggestCount), dive: diveFigures(layers.map((l) => l.tree)) };
}

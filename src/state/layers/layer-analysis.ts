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

/** The image's files as the layers stack: a path and everything under it, removed. */
function removeUnder(stack: Map<string, Held>, path: string, self: boolean): number {
  let freed = 0;
  const prefix = path === '' ? '' : `${path}/`;
  for (const [key, held] of stack) {
    if (!key.startsWith(prefix) && !(self && key === path)) continue;
    freed += held.size;
    stack.delete(key);
  }
  return freed;
}

export function analyseLayers(layers: readonly ArchiveLayer[], steps: readonly (HistoryStep | undefined)[], biggestCount = 20): LayerAnalysis {
  const stack = new Map<string, Held>();
  const reports: LayerReport[] = layers.map((layer, index) => {
    const changes: LayerChange[] = [];
    for (const dir of layer.tree.opaque) {
      const freed = removeUnder(stack, dir, false);
      if (freed > 0) changes.push({ path: `/${dir}/*`, kind: 'deleted', size: freed, entry: 'other' });
    }
    for (const e of layer.tree.entries) {
      const below = stack.get(e.path);
      if (e.deleted) {
        if (below || [...stack.keys()].some((k) => k.startsWith(`${e.path}/`))) {
          changes.push({ path: `/${e.path}`, kind: 'deleted', size: removeUnder(stack, e.path, true), entry: below?.kind ?? 'dir' });
        }
        continue;
      }
      // A directory the layer names only to hold what it changes is no change of its own.
      if (!(e.kind === 'dir' && below?.kind === 'dir')) changes.push({ path: `/${e.path}`, kind: below ? 'changed' : 'added', size: e.size, entry: e.kind });
      stack.set(e.path, { size: e.size, kind: e.kind, layer: index });
    }
    const step = steps[index];
    return { ...(step && { step }), bytes: layer.tree.bytes, blobBytes: layer.blobBytes, changes };
  });
  const files = [...stack].filter(([, held]) => held.kind === 'file');
  let imageBytes = 0;
  for (const [, held] of files) imageBytes += held.size;
  const biggest = files
    .sort(([, a], [, b]) => b.size - a.size)
    .slice(0, biggestCount)
    .map(([path, held]) => ({ path: `/${path}`, size: held.size, layer: held.layer }));
  return { layers: reports, biggest, imageBytes, dive: diveFigures(layers.map((l) => l.tree)) };
}

/**
 * What a prune did, in the preview's terms: the engine's answer lists entries (an image's
 * untagged references, the image, each layer it freed), not the items berth showed, so "removed
 * 11" after "2 to remove" said nothing true. Here each previewed item is looked up in the answer.
 */
import type { PruneAnswer } from '../../engine/prune.ts';
import type { PrunePreview } from './preview.ts';

export interface PruneOutcome {
  /** Previewed items the engine reports as gone. */
  done: number;
  /** Previewed items. */
  previewed: number;
  /** Previewed items the engine does not report: their names. */
  missed: readonly string[];
  /** Entries the engine reported beyond the previewed items: layers, an image's other references. */
  extra: number;
  /** Every entry of the engine's answer. */
  entries: number;
  freed: number;
}

export function pruneOutcome(preview: PrunePreview, answer: PruneAnswer): PruneOutcome {
  const reported = new Set(answer.removed);
  const gone = preview.items.filter((item) => reported.has(item.key));
  const missed = preview.items.filter((item) => !reported.has(item.key)).map((item) => item.name);
  // An image's references and id come back with it; they belong to its item, not to the extras.
  const accounted = new Set(gone.flatMap((item) => [item.key, ...(item.also ?? [])]));
  const extra = answer.removed.filter((entry) => !accounted.has(entry)).length;
  return { done: gone.length, previewed: preview.items.length, missed, extra, entries: answer.removed.length, freed: answer.spaceReclaimed };
}

import { sameJson } from '../engine/same-json.ts';
import type { ContainerSummary, ImageSummary } from '../engine/types.ts';
import { sameStatus } from './status-age.ts';

/** Newest first, like `docker ps`; the id breaks ties so the order is stable across refreshes. */
export function sortContainers(items: readonly ContainerSummary[]): ContainerSummary[] {
  return [...items].sort(newestFirst);
}

/** Newest first, like `docker images`. */
export function sortImages(items: readonly ImageSummary[]): ImageSummary[] {
  return [...items].sort(newestFirst);
}

/** By creation, newest first, then by id: ids are hex, so code units order them (no ICU collator). */
function newestFirst(a: { Created?: number; Id: string }, b: { Created?: number; Id: string }): number {
  return (b.Created ?? 0) - (a.Created ?? 0) || (a.Id < b.Id ? -1 : a.Id > b.Id ? 1 : 0);
}

/**
 * Whether a fresh list says the same as the one on screen, which saves a whole render when a
 * refresh finds nothing new. Entries the engine client found unchanged are the very same objects
 * (AnswerMemo), so most compare by identity; the rest structurally, without building strings.
 */
export function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i] && !sameJson(a[i], b[i])) return false;
  }
  return true;
}

/**
 * Whether a fresh container list (arrived at `bAt`) says the same as the one on screen (arrived at
 * `aAt`), not counting Status texts that only grew older ("Up 26 seconds" → "Up 36 seconds"): the
 * screen carries those ages forward by itself (rows/container-rows.ts), so a safety poll over
 * young containers costs no render. The list kept is the older one, with its own arrival time.
 */
export function sameContainers(a: readonly ContainerSummary[], aAt: number | undefined, b: readonly ContainerSummary[], bAt: number): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === undefined || y === undefined) return false;
    if (x === y || sameJson(x, y)) continue;
    if (aAt === undefined || x.Status === y.Status || !sameStatus(x.Status, aAt, y.Status, bAt)) return false;
    if (!sameJson({ ...x, Status: '' }, { ...y, Status: '' })) return false;
  }
  return true;
}

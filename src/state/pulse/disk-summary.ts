/**
 * `docker system df`'s four lines from `/system/df`, as the docker CLI works them out
 * (cli/command/formatter/disk_usage.go): each kind's total size and what prune could reclaim.
 *
 * - Images: the layers' size; reclaimable is that less what images used by a container take
 *   beyond the layers they share.
 * - Containers: their writable layers; reclaimable, those of the ones not running.
 * - Local volumes: their sizes (-1, not measured, counts nothing); reclaimable, unused ones'.
 * - Build cache: the records not shared; reclaimable, those not in use either.
 */
import type { DiskUsage } from '../../engine/prune.ts';

export interface DiskLine {
  size: number;
  reclaimable: number;
}

export interface DiskSummary {
  images: DiskLine;
  containers: DiskLine;
  volumes: DiskLine;
  buildCache: DiskLine;
  /** All four summed. */
  total: DiskLine;
}

const RUNNING = new Set(['running', 'paused', 'restarting']);

export function diskSummary(df: DiskUsage & { LayersSize?: number }): DiskSummary {
  const imageList = df.Images ?? [];
  const layers = df.LayersSize ?? imageList.reduce((sum, i) => sum + Math.max(i.Size ?? 0, 0), 0);
  let used = 0;
  for (const image of imageList) {
    if ((image.Containers ?? 0) === 0 || image.Size === undefined || image.Size < 0 || image.SharedSize === undefined || image.SharedSize < 0) continue;
    used += image.Size - image.SharedSize;
  }
  const images = { size: layers, reclaimable: Math.max(layers - used, 0) };
  const containers = { size: 0, reclaimable: 0 };
  for (const c of df.Containers ?? []) {
    const size = Math.max(c.SizeRw ?? 0, 0);
    containers.size += size;
    if (!RUNNING.has(c.State ?? '')) containers.reclaimable += size;
  }
  const volumes = { size: 0, reclaimable: 0 };
  for (const v of df.Volumes ?? []) {
    const size = v.UsageData?.Size ?? -1;
    if (size < 0) continue;
    volumes.size += size;
    if ((v.UsageData?.RefCount ?? 0) === 0) volumes.reclaimable += size;
  }
  const buildCache = { size: 0, reclaimable: 0 };
  for (const b of df.BuildCache ?? []) {
    if (b.Shared) continue;
    buildCache.size += b.Size ?? 0;
    if (!b.InUse) buildCache.reclaimable += b.Size ?? 0;
  }
  const parts = [images, containers, volumes, buildCache];
  const total = { size: parts.reduce((s, p) => s + p.size, 0), reclaimable: parts.reduce((s, p) => s + p.reclaimable, 0) };
  return { images, containers, volumes, buildCache, total };
}

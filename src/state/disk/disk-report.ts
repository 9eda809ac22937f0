/**
 * "Where did the disk go": `/system/df` as `docker system df -v` shows it, per kind its total and
 * reclaimable part (the CLI's rules: pulse/disk-summary.ts) and its items, biggest first.
 *
 * - Images: SIZE (`Size`), SHARED SIZE (`SharedSize`, -1 when not computed), UNIQUE SIZE (the
 *   difference), CONTAINERS (how many use it).
 * - Containers: SIZE, the writable layer (`SizeRw`); the root size (`SizeRootFs`) beside it.
 * - Volumes: SIZE (`UsageData.Size`, -1 when not measured: not a local volume), LINKS
 *   (`UsageData.RefCount`, the containers using it).
 * - Build cache: SIZE, SHARED (with an image: frees nothing), IN USE.
 */
import type { DiskUsageAnswer } from '../../engine/disk-usage.ts';
import { writableSize } from '../prune/preview.ts';
import { diskSummary, type DiskLine } from '../pulse/disk-summary.ts';

/** The four kinds, in `docker system df`'s order. */
export type DiskSection = 'image' | 'container' | 'volume' | 'build-cache';
export const DISK_SECTIONS: readonly DiskSection[] = ['image', 'container', 'volume', 'build-cache'];

export interface ImageUsage {
  id: string;
  /** Its tags (`<none>:<none>` when it has none), as the engine spells them. */
  tags: readonly string[];
  size: number;
  /** -1: the engine did not work it out. */
  shared: number;
  /** What only it holds: size less shared (size when shared is not known). */
  unique: number;
  containers: number;
}

export interface ContainerUsage {
  id: string;
  name: string;
  image: string;
  state: string;
  /** The writable layer; -1 when the engine did not say. */
  sizeRw: number;
  /** The writable layer with its image's layers; -1 when the engine did not say. */
  sizeRootFs: number;
}

export interface VolumeUsage {
  name: string;
  /** -1: not measured (a volume of another driver). */
  size: number;
  /** Containers using it (stopped ones too). */
  links: number;
}

export interface CacheUsage {
  id: string;
  type: string;
  description: string;
  size: number;
  shared: boolean;
  inUse: boolean;
}

export interface DiskReport {
  images: { line: DiskLine; items: readonly ImageUsage[] };
  containers: { line: DiskLine; items: readonly ContainerUsage[] };
  volumes: { line: DiskLine; items: readonly VolumeUsage[] };
  buildCache: { line: DiskLine; items: readonly CacheUsage[] };
  total: DiskLine;
}

/** Biggest first; ties keep the engine's order (Array.prototype.sort is stable). */
function biggestFirst<T>(items: T[], size: (item: T) => number): T[] {
  return items.sort((a, b) => size(b) - size(a));
}

const known = (n: number | undefined): number => (typeof n === 'number' && Number.isFinite(n) ? n : -1);

export function diskReport(df: DiskUsageAnswer): DiskReport {
  const summary = diskSummary(df);
  const images = biggestFirst(
    (df.Images ?? []).map((i): ImageUsage => {
      const size = Math.max(known(i.Size), 0);
      const shared = known(i.SharedSize);
      return { id: i.Id, tags: i.RepoTags && i.RepoTags.length > 0 ? i.RepoTags : ['<none>:<none>'], size, shared, unique: shared >= 0 ? size - shared : size, containers: Math.max(known(i.Containers), 0) };
    }),
    (i) => i.size,
  );
  const containers = biggestFirst(
    (df.Containers ?? []).map((c): ContainerUsage => ({ id: c.Id, name: (c.Names?.[0] ?? c.Id.slice(0, 12)).replace(/^\//, ''), image: c.Image ?? '', state: c.State ?? '', sizeRw: writableSize(c) ?? -1, sizeRootFs: known(c.SizeRootFs) })),
    (c) => c.sizeRw,
  );
  const volumes = biggestFirst(
    (df.Volumes ?? []).map((v): VolumeUsage => ({ name: v.Name, size: known(v.UsageData?.Size), links: Math.max(known(v.UsageData?.RefCount), 0) })),
    (v) => v.size,
  );
  const buildCache = biggestFirst(
    (df.BuildCache ?? []).map((b): CacheUsage => ({ id: b.ID, type: b.Type ?? '', description: b.Description ?? '', size: Math.max(known(b.Size), 0), shared: b.Shared === true, inUse: b.InUse === true })),
    (b) => b.size,
  );
  return {
    images: { line: summary.images, items: images },
    containers: { line: summary.containers, items: containers },
    volumes: { line: summary.volumes, items: volumes },
    buildCache: { line: summary.buildCache, items: buildCache },
    total: summary.total,
  };
}

/** One kind's total and reclaimable part. */
export function sectionLine(report: DiskReport, section: DiskSection): DiskLine {
  switch (section) {
    case 'image':
      return report.images.line;
    case 'container':
      return report.containers.line;
    case 'volume':
      return report.volumes.line;
    case 'build-cache':
      return report.buildCache.line;
  }
}

/** A volume's size and users by name, for the Volumes pane's columns. */
export function volumeSizes(df: DiskUsageAnswer): ReadonlyMap<string, { size: number; links: number }> {
  return new Map((df.Volumes ?? []).map((v) => [v.Name, { size: known(v.UsageData?.Size), links: Math.max(known(v.UsageData?.RefCount), 0) }]));
}

/**
 * What a prune would remove, worked out before asking (the engine has no dry run), the way the
 * engine chooses at the API version berth speaks (engine-api-notes-wave2.md §8,
 * engine/prune.ts `pruneRequest`): stopped containers; dangling images, or with `all` what
 * dockerd does to every image (image-prune.ts: untags included); unused volumes (anonymous ones
 * only from API 1.42 unless `all`); custom networks no container is on; build cache not in use
 * (`all`: every such record). Sizes are `/system/df`'s; a build-cache record shared with an image
 * frees nothing, as `docker system df` counts it.
 */
import { ANONYMOUS_VOLUME_LABEL, volumePruneTakesNamed, type ContainerSize, type DiskUsage, type ImageLink } from '../../engine/prune.ts';
import type { NetworkSummary } from '../../engine/resources.ts';
import type { ContainerSummary } from '../../engine/types.ts';
import { usage } from '../resources/resource-lists.ts';
import { imagePruneSteps } from './image-prune.ts';

export type PruneTarget = 'containers' | 'images' | 'unused-images' | 'build' | 'volumes' | 'all-volumes' | 'networks';

export interface PruneItem {
  name: string;
  /** Bytes it frees, when the engine says. */
  size?: number;
  /** What the engine's answer calls it: a container id, an image id or reference, a volume or network name, a cache id. */
  key: string;
  /** Images: an untag only (the image stays) or the image deleted. */
  action?: 'untag' | 'delete';
  /** Other entries the engine reports with it: a deleted image's references. */
  also?: readonly string[];
  /** Why, in a few words, when it is not plain: "its image stays: 15 containers use it". */
  note?: string;
}

export interface PrunePreview {
  items: readonly PruneItem[];
  /** The sum of the known sizes. */
  bytes: number;
  /** Items whose size the engine did not tell. */
  unknownSizes: number;
}

const STOPPED = new Set(['exited', 'created', 'dead']);
const PREDEFINED = new Set(['bridge', 'host', 'none']);

/** The engine's own networks (bridge, host, none): never removed, never pruned, never "unused". */
export function isPredefinedNetwork(name: string): boolean {
  return PREDEFINED.has(name);
}

export interface PreviewContext {
  containers: readonly ContainerSummary[];
  networks?: readonly NetworkSummary[];
  /** The API version the prune will be sent in. */
  apiVersion?: string;
  /** Every image and its parent (`/images/json?all=1`), for the image targets. */
  imageParents?: readonly ImageLink[];
  /** The stopped containers' sizes (`size=1`), when the disk usage left them out. */
  containerSizes?: readonly ContainerSize[];
}

function sized(items: PruneItem[]): PrunePreview {
  return {
    items,
    bytes: items.reduce((n, i) => n + (i.size !== undefined && i.size > 0 ? i.size : 0), 0),
    unknownSizes: items.filter((i) => i.size === undefined || i.size < 0).length,
  };
}

/**
 * A container's writable layer. The engine leaves `SizeRw` out when it is 0 (Go's omitempty),
 * so where it computed sizes (`SizeRootFs` is there) a missing `SizeRw` is 0 B; where it said
 * neither, the size is unknown.
 */
export function writableSize(c: { SizeRw?: number; SizeRootFs?: number } | undefined): number | undefined {
  if (c === undefined) return undefined;
  if (typeof c.SizeRw === 'number' && c.SizeRw >= 0) return c.SizeRw;
  return typeof c.SizeRootFs === 'number' && c.SizeRootFs > 0 ? 0 : undefined;
}

/** True when the disk usage told no size for some stopped container: the preview then asks `size=1`. */
export function needsContainerSizes(df: DiskUsage): boolean {
  return (df.Containers ?? []).some((c) => STOPPED.has(c.State ?? '') && writableSize(c) === undefined);
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function images(df: DiskUsage, all: boolean, context: PreviewContext): PruneItem[] {
  const steps = imagePruneSteps(df.Images ?? [], { all, parents: context.imageParents });
  return steps.map((step): PruneItem => {
    const short = step.imageId.replace(/^sha256:/, '').slice(0, 12);
    if (step.kind === 'delete') return { action: 'delete', key: step.imageId, also: step.refs, name: step.refs.length > 0 ? step.refs.join(', ') : short, size: step.size };
    const why = step.stays === 'used' ? `${plural(step.containers, 'container')} ${step.containers === 1 ? 'uses' : 'use'} it` : 'an image that stays is built on it';
    return { action: 'untag', key: step.refs[0] ?? short, name: step.refs.join(', '), size: 0, note: `image ${short} stays: ${why}` };
  });
}

export function prunePreview(target: PruneTarget, df: DiskUsage, context: PreviewContext): PrunePreview {
  switch (target) {
    case 'containers': {
      const fallback = new Map((context.containerSizes ?? []).map((c) => [c.Id, c]));
      return sized(
        (df.Containers ?? [])
          .filter((c) => STOPPED.has(c.State ?? ''))
          .map((c) => ({ key: c.Id, name: (c.Names?.[0] ?? c.Id.slice(0, 12)).replace(/^\//, ''), size: writableSize(c) ?? writableSize(fallback.get(c.Id)) })),
      );
    }
    case 'images':
    case 'unused-images':
      return sized(images(df, target === 'unused-images', context));
    case 'volumes':
    case 'all-volumes': {
      const named = volumePruneTakesNamed(context.apiVersion, target === 'all-volumes');
      return sized(
        (df.Volumes ?? [])
          .filter((v) => (v.UsageData?.RefCount ?? 0) === 0 && (named || Object.hasOwn(v.Labels ?? {}, ANONYMOUS_VOLUME_LABEL)))
          .map((v) => ({ key: v.Name, name: v.Name, size: v.UsageData?.Size })),
      );
    }
    case 'networks': {
      const used = usage(context.containers).networks;
      return sized((context.networks ?? []).filter((n) => !isPredefinedNetwork(n.Name) && !used.has(n.Name)).map((n) => ({ key: n.Name, name: n.Name })));
    }
    case 'build':
      // Sent with all=true (prune.ts ENDPOINT): every record not in use, shared ones and the
      // frontends' included (buildkit skips those without `all`). A shared record's data is also
      // an image's layer, so removing the record frees none of it: `docker system df` counts as
      // reclaimable build cache only the records neither in use nor shared (docker/cli
      // cli/command/system/df.go sums the sizes of the records not Shared, and
      // formatter/disk_usage.go diskUsageBuilderContext.Reclaimable takes from that the ones
      // InUse; the newer moby client's BuildCacheDiskUsage keeps the same rule).
      return sized(
        (df.BuildCache ?? [])
          .filter((b) => !b.InUse)
          .map((b): PruneItem => ({ key: b.ID, name: b.Description || b.ID.slice(0, 12), size: b.Shared === true ? 0 : b.Size, ...(b.Shared === true && { note: 'shared with an image: frees nothing' }) })),
      );
  }
}

/**
 * What a prune would remove, worked out before asking (the engine has no dry run), the way the
 * engine chooses (engine-api-notes-wave2.md §8): stopped containers; dangling images (or, with
 * `all`, every image no container uses); volumes no container uses (on API 1.41 named ones too);
 * custom networks no container is on; build cache not in use. Sizes are `/system/df`'s.
 */
import type { DiskUsage } from '../../engine/prune.ts';
import type { NetworkSummary } from '../../engine/resources.ts';
import type { ContainerSummary } from '../../engine/types.ts';
import { usage } from '../resources/resource-lists.ts';

export type PruneTarget = 'containers' | 'images' | 'unused-images' | 'build' | 'volumes' | 'networks';

export interface PruneItem {
  name: string;
  /** Bytes it frees, when the engine says. */
  size?: number;
}

export interface PrunePreview {
  items: readonly PruneItem[];
  /** The sum of the known sizes. */
  bytes: number;
}

const STOPPED = new Set(['exited', 'created', 'dead']);
const PREDEFINED = new Set(['bridge', 'host', 'none']);

function dangling(tags: readonly string[] | null | undefined): boolean {
  return !tags || tags.length === 0 || tags.every((t) => t === '<none>:<none>');
}

function sized(items: PruneItem[]): PrunePreview {
  return { items, bytes: items.reduce((n, i) => n + (i.size !== undefined && i.size > 0 ? i.size : 0), 0) };
}

export function prunePreview(target: PruneTarget, df: DiskUsage, context: { networks?: readonly NetworkSummary[]; containers: readonly ContainerSummary[] }): PrunePreview {
  switch (target) {
    case 'containers':
      return sized((df.Containers ?? []).filter((c) => STOPPED.has(c.State ?? '')).map((c) => ({ name: (c.Names?.[0] ?? c.Id.slice(0, 12)).replace(/^\//, ''), size: c.SizeRw })));
    case 'images':
    case 'unused-images':
      return sized(
        (df.Images ?? [])
          .filter((i) => (i.Containers ?? 0) <= 0 && (target === 'unused-images' || dangling(i.RepoTags)))
          .map((i) => ({
            name: dangling(i.RepoTags) ? i.Id.replace(/^sha256:/, '').slice(0, 12) : (i.RepoTags ?? []).join(', '),
            // What only this image holds: its layers shared with others stay.
            size: i.Size !== undefined ? i.Size - Math.max(i.SharedSize ?? 0, 0) : undefined,
          })),
      );
    case 'volumes':
      return sized((df.Volumes ?? []).filter((v) => (v.UsageData?.RefCount ?? 0) === 0).map((v) => ({ name: v.Name, size: v.UsageData?.Size })));
    case 'networks': {
      const used = usage(context.containers).networks;
      return sized((context.networks ?? []).filter((n) => !PREDEFINED.has(n.Name) && !used.has(n.Name)).map((n) => ({ name: n.Name })));
    }
    case 'build':
      return sized((df.BuildCache ?? []).filter((b) => !b.InUse).map((b) => ({ name: b.Description || b.ID.slice(0, 12), size: b.Size })));
  }
}

/**
 * Prune and disk usage (engine-api-notes-wave2.md §8). The engine has no dry run: what a prune
 * would remove is worked out from `/system/df` (state/prune), then the prune itself answers with
 * what went and the space it freed.
 */
import type { EngineHttp } from './http.ts';

export interface DiskUsage {
  Images?: { Id: string; RepoTags?: string[] | null; Size?: number; SharedSize?: number; Containers?: number }[] | null;
  Containers?: { Id: string; Names?: string[]; State?: string; SizeRw?: number; Image?: string }[] | null;
  Volumes?: { Name: string; UsageData?: { Size?: number; RefCount?: number } | null }[] | null;
  BuildCache?: { ID: string; Size?: number; InUse?: boolean; Shared?: boolean; Description?: string }[] | null;
}

export type PruneKind = 'containers' | 'images' | 'volumes' | 'networks' | 'build';

export interface PruneAnswer {
  /** What went: container ids, image references and ids, volume or network names, cache ids. */
  removed: string[];
  /** Bytes, as the engine counts them (networks free none). */
  spaceReclaimed: number;
}

export async function systemDf(http: EngineHttp, signal?: AbortSignal): Promise<DiskUsage> {
  // Sizes mean walking every layer and volume: slow on a big engine.
  return (await http.json<DiskUsage>({ operation: 'disk usage', method: 'GET', path: '/system/df', signal, slowSeconds: 60 })).value ?? {};
}

/** `all` for images: every image no container uses, not only dangling ones (docker image prune -a). */
export async function prune(http: EngineHttp, kind: PruneKind, options: { all?: boolean; signal?: AbortSignal } = {}): Promise<PruneAnswer> {
  const path = kind === 'build' ? '/build/prune' : `/${kind}/prune`;
  const query = kind === 'images' && options.all ? { filters: JSON.stringify({ dangling: ['false'] }) } : undefined;
  const { value } = await http.json<Record<string, unknown>>({ operation: `prune ${kind}`, method: 'POST', path, query, signal: options.signal, slowSeconds: 300 });
  const v = value ?? {};
  const list = (key: string): string[] => (Array.isArray(v[key]) ? (v[key] as unknown[]) : []).flatMap((e) => (typeof e === 'string' ? [e] : typeof e === 'object' && e !== null ? Object.values(e).filter((x): x is string => typeof x === 'string') : []));
  const removed = [...list('ContainersDeleted'), ...list('ImagesDeleted'), ...list('VolumesDeleted'), ...list('NetworksDeleted'), ...list('CachesDeleted')];
  return { removed, spaceReclaimed: typeof v.SpaceReclaimed === 'number' ? v.SpaceReclaimed : 0 };
}

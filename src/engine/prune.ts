/**
 * Prune and disk usage (engine-api-notes-wave2.md §8). The engine has no dry run: what a prune
 * would remove is worked out from `/system/df` (state/prune), then the prune itself answers with
 * what went and the space it freed. What the request sends depends on the API version, and the
 * preview reads the same rules (`pruneRequest`), so the two cannot drift apart.
 */
import { readDiskUsage, type DiskUsageAnswer } from './disk-usage.ts';
import type { EngineHttp } from './http.ts';
import { apiAtLeast } from './version.ts';

export type { DiskUsage } from './disk-usage.ts';

export type PruneKind = 'containers' | 'images' | 'volumes' | 'networks' | 'build';

export interface PruneOptions {
  /**
   * Images: every image no container uses, not only dangling ones (`docker image prune -a`).
   * Volumes: named ones too, not only anonymous ones (`docker volume prune -a`; before API 1.42
   * the engine always prunes both). Build cache: every record not in use, not only the dangling
   * ones (`docker builder prune -a`).
   */
  all?: boolean;
}

/** The label dockerd (23+) puts on the volumes it made without a name: what API ≥ 1.42 prunes by default. */
export const ANONYMOUS_VOLUME_LABEL = 'com.docker.volume.anonymous';

/**
 * From API 1.42 a volume prune removes anonymous volumes only, unless the `all` filter says
 * otherwise; before 1.42 it removes every unused volume, and the `all` filter is refused (400).
 * (`moby daemon/server/router/volume/volume_routes.go postVolumesPrune`.)
 */
export function volumePruneTakesNamed(apiVersion: string | undefined, all: boolean): boolean {
  return all || !apiAtLeast(apiVersion, '1.42');
}

/** The request a prune sends at `apiVersion`: one place for what the preview must agree with. */
export function pruneRequest(kind: PruneKind, options: PruneOptions, apiVersion: string | undefined): { path: string; query?: Record<string, string> } {
  const all = options.all === true;
  switch (kind) {
    case 'images':
      return { path: '/images/prune', ...(all && { query: { filters: JSON.stringify({ dangling: ['false'] }) } }) };
    case 'volumes':
      return { path: '/volumes/prune', ...(all && apiAtLeast(apiVersion, '1.42') && { query: { filters: JSON.stringify({ all: ['true'] }) } }) };
    case 'build':
      return { path: '/build/prune', ...(all && { query: { all: 'true' } }) };
    case 'containers':
    case 'networks':
      return { path: `/${kind}/prune` };
  }
}

export interface PruneAnswer {
  /** What went, as the engine names it: container ids, image references and ids, layers, volume or network names, cache ids. */
  removed: string[];
  /** Bytes, as the engine counts them (networks free none). */
  spaceReclaimed: number;
}

/**
 * The disk usage in either of its shapes (disk-usage.ts). `verbose` asks an engine of API ≥ 1.52
 * for its items (it sends only totals without it, beside the older arrays); older engines ignore it.
 */
export async function systemDf(http: EngineHttp, signal?: AbortSignal): Promise<DiskUsageAnswer> {
  // Sizes mean walking every layer and volume: slow on a big engine.
  return readDiskUsage((await http.json<unknown>({ operation: 'disk usage', method: 'GET', path: '/system/df', query: { verbose: true }, signal, slowSeconds: 60 })).value);
}

export interface ContainerSize {
  Id: string;
  SizeRw?: number;
  SizeRootFs?: number;
}

/**
 * The sizes of the stopped containers (`size=1`, slow: it walks their layers), for when the disk
 * usage leaves them out. Only the stopped ones: they are what a prune takes.
 */
export async function stoppedContainerSizes(http: EngineHttp, signal?: AbortSignal): Promise<ContainerSize[]> {
  const filters = JSON.stringify({ status: ['exited', 'created', 'dead'] });
  const { value } = await http.json<unknown>({ operation: 'container sizes', method: 'GET', path: '/containers/json', query: { all: true, size: true, filters }, signal, slowSeconds: 60 });
  return (Array.isArray(value) ? (value as unknown[]) : []).filter((c): c is ContainerSize => typeof c === 'object' && c !== null && typeof (c as { Id?: unknown }).Id === 'string');
}

/**
 * Every container's size (`size=1`: the engine walks each one's layers, which is slow on a big
 * engine): what the SIZE column asks for, only while it is shown.
 */
export async function containerSizes(http: EngineHttp, signal?: AbortSignal): Promise<ContainerSize[]> {
  const { value } = await http.json<unknown>({ operation: 'container sizes', method: 'GET', path: '/containers/json', query: { all: true, size: true }, signal, slowSeconds: 60 });
  return (Array.isArray(value) ? (value as unknown[]) : []).flatMap((c) => {
    if (typeof c !== 'object' || c === null || typeof (c as { Id?: unknown }).Id !== 'string') return [];
    const { Id, SizeRw, SizeRootFs } = c as { Id: string; SizeRw?: unknown; SizeRootFs?: unknown };
    return [{ Id, ...(typeof SizeRw === 'number' && { SizeRw }), ...(typeof SizeRootFs === 'number' && { SizeRootFs }) }];
  });
}

export interface ImageLink {
  Id: string;
  ParentId?: string;
}

/**
 * Every image with its parent, the intermediate ones included (`all=1`): an image with children
 * is not deleted by a prune, only untagged, and the disk usage lists no intermediate images.
 */
export async function imageParents(http: EngineHttp, signal?: AbortSignal): Promise<ImageLink[]> {
  const { value } = await http.json<unknown>({ operation: 'list images', method: 'GET', path: '/images/json', query: { all: true }, signal });
  return (Array.isArray(value) ? (value as unknown[]) : []).filter((i): i is ImageLink => typeof i === 'object' && i !== null && typeof (i as { Id?: unknown }).Id === 'string');
}

export async function prune(http: EngineHttp, kind: PruneKind, options: PruneOptions & { apiVersion?: string; signal?: AbortSignal } = {}): Promise<PruneAnswer> {
  const { path, query } = pruneRequest(kind, options, options.apiVersion);
  const { value } = await http.json<Record<string, unknown>>({ operation: `prune ${kind}`, method: 'POST', path, query, signal: options.signal, slowSeconds: 300 });
  const v = value ?? {};
  const list = (key: string): string[] => (Array.isArray(v[key]) ? (v[key] as unknown[]) : []).flatMap((e) => (typeof e === 'string' ? [e] : typeof e === 'object' && e !== null ? Object.values(e).filter((x): x is string => typeof x === 'string' && x !== '') : []));
  const removed = [...list('ContainersDeleted'), ...list('ImagesDeleted'), ...list('VolumesDeleted'), ...list('NetworksDeleted'), ...list('CachesDeleted')];
  return { removed, spaceReclaimed: typeof v.SpaceReclaimed === 'number' ? v.SpaceReclaimed : 0 };
}

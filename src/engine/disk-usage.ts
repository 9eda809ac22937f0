/**
 * `/system/df`'s two answer shapes read as one (engine-api-notes.md §3 `GET /system/df`).
 *
 * - Before API 1.52: `LayersSize` and four arrays, `Images`, `Containers`, `Volumes` (with
 *   `UsageData{Size, RefCount}`) and `BuildCache`.
 * - From API 1.52: one object per kind, `{ActiveCount, TotalCount, Reclaimable, TotalSize,
 *   Items?}`, named `ImageUsage`, `ContainerUsage`, `VolumeUsage`, `BuildCacheUsage` in moby's code
 *   and swagger (`api/types/system/disk_usage.go`) and `ImagesUsage`… in its CHANGELOG; `Items`
 *   only with `verbose`. Without `verbose` 1.52 sends both shapes.
 *
 * Every reader of the disk usage (the disk view, the prune previews, the pulse line) takes the
 * arrays; the per-kind totals the newer engines work out themselves are kept beside them
 * (`engineTotals`), for a reader that wants the engine's own figure.
 */
/** The older shape's four arrays: what every reader of the disk usage takes. */
export interface DiskUsage {
  Images?: { Id: string; ParentId?: string; RepoTags?: string[] | null; RepoDigests?: string[] | null; Size?: number; SharedSize?: number; Containers?: number }[] | null;
  Containers?: { Id: string; Names?: string[]; State?: string; SizeRw?: number; SizeRootFs?: number; Image?: string; ImageID?: string }[] | null;
  Volumes?: { Name: string; Labels?: Record<string, string> | null; UsageData?: { Size?: number; RefCount?: number } | null }[] | null;
  BuildCache?: { ID: string; Type?: string; Size?: number; InUse?: boolean; Shared?: boolean; Description?: string }[] | null;
}

/** One kind's totals as an engine of API ≥ 1.52 works them out. */
export interface UsageTotals {
  totalSize?: number;
  reclaimable?: number;
  activeCount?: number;
  totalCount?: number;
}

export type DiskKind = 'images' | 'containers' | 'volumes' | 'buildCache';

/** The disk usage as berth reads it: the older arrays, and the newer engines' own totals when sent. */
export interface DiskUsageAnswer extends DiskUsage {
  LayersSize?: number;
  engineTotals?: Partial<Record<DiskKind, UsageTotals>>;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function number(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The items of an array, objects only, with a string under `idKey` (the rest is the engine's noise). */
function items<T>(value: unknown, idKey: string): T[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return (value as unknown[]).filter((item): item is T => isObject(item) && typeof item[idKey] === 'string');
}

function totals(usage: Json): UsageTotals {
  const t: UsageTotals = {};
  const size = number(usage.TotalSize);
  const reclaimable = number(usage.Reclaimable);
  const active = number(usage.ActiveCount);
  const count = number(usage.TotalCount);
  if (size !== undefined) t.totalSize = size;
  if (reclaimable !== undefined) t.reclaimable = reclaimable;
  if (active !== undefined) t.activeCount = active;
  if (count !== undefined) t.totalCount = count;
  return t;
}

/** Which keys an engine may name each kind's object by: moby's code, its CHANGELOG, and 1.49's plain `Images` object. */
const USAGE_KEYS: Record<DiskKind, { keys: readonly string[]; legacy: 'Images' | 'Containers' | 'Volumes' | 'BuildCache'; id: string }> = {
  images: { keys: ['ImageUsage', 'ImagesUsage', 'Images'], legacy: 'Images', id: 'Id' },
  containers: { keys: ['ContainerUsage', 'ContainersUsage', 'Containers'], legacy: 'Containers', id: 'Id' },
  volumes: { keys: ['VolumeUsage', 'VolumesUsage', 'Volumes'], legacy: 'Volumes', id: 'Name' },
  buildCache: { keys: ['BuildCacheUsage', 'BuildCache'], legacy: 'BuildCache', id: 'ID' },
};

/**
 * Reads either shape. An array under the older key wins for the items (an engine sending both
 * sends the same items twice); the newer object gives the items when it is all there is, and its
 * totals always.
 */
export function readDiskUsage(raw: unknown): DiskUsageAnswer {
  const answer: DiskUsageAnswer = {};
  if (!isObject(raw)) return answer;
  const layers = number(raw.LayersSize);
  if (layers !== undefined) answer.LayersSize = layers;
  const engineTotals: Partial<Record<DiskKind, UsageTotals>> = {};
  for (const kind of Object.keys(USAGE_KEYS) as DiskKind[]) {
    const { keys, legacy, id } = USAGE_KEYS[kind];
    const usage = keys.map((key) => raw[key]).find(isObject);
    const list = items<never>(raw[legacy], id) ?? (usage ? items<never>(usage.Items, id) : undefined);
    if (list) answer[legacy] = list;
    if (usage) engineTotals[kind] = totals(usage);
  }
  if (Object.keys(engineTotals).length > 0) answer.engineTotals = engineTotals;
  return answer;
}

/**
 * The Volumes and Networks panes' lists. They change rarely and matter only while one of those
 * panes is on screen, so they are not part of the always-on sync: the pane being shown asks for
 * its list at once and every `intervalMs` while it stays (and after each create or remove), and
 * nothing runs while neither is shown.
 */
import { describeError } from '../../engine/errors.ts';
import { sameJson } from '../../engine/same-json.ts';
import type { NetworkSummary, VolumeSummary } from '../../engine/resources.ts';
import type { ListState } from '../engine-state.ts';
import { Store } from '../store.ts';
import type { Demands, LiveSource, ResourceKind } from '../live-source.ts';
import type { EngineEvent } from '../../engine/types.ts';

export type { ResourceKind };

export interface ResourcesState {
  volumes: ListState<VolumeSummary> & { error?: string };
  networks: ListState<NetworkSummary> & { error?: string };
}

export interface ResourceClient {
  listVolumes(signal?: AbortSignal): Promise<VolumeSummary[]>;
  listNetworks(signal?: AbortSignal): Promise<NetworkSummary[]>;
}

const DEFAULT_INTERVAL_MS = 3000;

export class ResourceLists implements LiveSource<ResourcesState> {
  readonly store = new Store<ResourcesState>({ volumes: { items: [], loaded: false, stale: false }, networks: { items: [], loaded: false, stale: false } });
  private watched: ResourceKind | undefined;
  private timer: NodeJS.Timeout | undefined;
  private abort = new AbortController();

  constructor(
    /** Read at each use: after an engine switch it is the new engine's. */
    private readonly client: () => ResourceClient,
    private readonly intervalMs = DEFAULT_INTERVAL_MS,
  ) {}

  watch(demands: Demands): void {
    this.show(demands.resources);
  }

  /** The pane on screen now (undefined: neither). */
  show(kind: ResourceKind | undefined): void {
    if (kind === this.watched) return;
    this.watched = kind;
    clearTimeout(this.timer);
    this.timer = undefined;
    if (kind) void this.tick();
  }

  /** An engine event: a change to the list on screen is read at once. */
  onEngineEvent({ Type: type }: EngineEvent): void {
    if ((type === 'volume' && this.watched === 'volumes') || (type === 'network' && this.watched === 'networks')) void this.refresh(this.watched);
  }

  async refresh(kind: ResourceKind): Promise<void> {
    const { signal } = this.abort;
    try {
      if (kind === 'volumes') {
        const items = [...(await this.client().listVolumes(signal))].sort((a, b) => a.Name.localeCompare(b.Name));
        this.store.update((s) => (s.volumes.loaded && !s.volumes.stale && sameJson(s.volumes.items, items) ? s : { ...s, volumes: { items, loaded: true, stale: false, refreshedAt: Date.now() } }));
      } else {
        const items = [...(await this.client().listNetworks(signal))].sort((a, b) => a.Name.localeCompare(b.Name));
        this.store.update((s) => (s.networks.loaded && !s.networks.stale && sameJson(s.networks.items, items) ? s : { ...s, networks: { items, loaded: true, stale: false, refreshedAt: Date.now() } }));
      }
    } catch (error) {
      if (signal.aborted) return;
      // The last list stays, marked stale, with the engine's words.
      this.store.update((s) => ({ ...s, [kind]: { ...s[kind], stale: s[kind].loaded, error: describeError(error) } }));
    }
  }

  stop(): void {
    this.show(undefined);
    this.abort.abort();
    this.abort = new AbortController();
  }

  private async tick(): Promise<void> {
    const kind = this.watched;
    if (!kind) return;
    await this.refresh(kind);
    if (this.watched !== kind || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.tick();
    }, this.intervalMs);
    this.timer.unref();
  }
}

type UsingContainer = { Names?: string[]; Mounts?: { Name?: string }[] | null; NetworkSettings?: { Networks?: Record<string, unknown> | null } | null };
type Usage = { volumes: ReadonlyMap<string, string[]>; networks: ReadonlyMap<string, string[]> };

/** Worked out once per containers list: the panes ask on every frame and every key. */
const usageOf = new WeakMap<readonly UsingContainer[], Usage>();

/** Who uses what: each volume's and network's containers (their names), from the containers list. */
export function usage(containers: readonly UsingContainer[]): Usage {
  let found = usageOf.get(containers);
  if (!found) {
    found = countUsage(containers);
    usageOf.set(containers, found);
  }
  return found;
}

function countUsage(containers: readonly UsingContainer[]): Usage {
  const volumes = new Map<string, string[]>();
  const networks = new Map<string, string[]>();
  for (const c of containers) {
    const name = (c.Names?.[0] ?? '').replace(/^\//, '');
    for (const mount of c.Mounts ?? []) if (mount.Name) volumes.set(mount.Name, [...(volumes.get(mount.Name) ?? []), name]);
    for (const network of Object.keys(c.NetworkSettings?.Networks ?? {})) networks.set(network, [...(networks.get(network) ?? []), name]);
  }
  return { volumes, networks };
}

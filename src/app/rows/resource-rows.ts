/**
 * The Volumes and Networks panes' rows: each engine string sanitised, who uses it worked out
 * from the containers list (API 1.41 lists neither), filtered by `/` over every cell.
 */
import type { NetworkSummary, VolumeSummary } from '../../engine/resources.ts';
import type { ContainerSummary } from '../../engine/types.ts';
import { memberOf } from '../../state/fleet/member-tag.ts';
import { usage } from '../../state/resources/resource-lists.ts';
import { isPredefinedNetwork } from '../../state/prune/preview.ts';
import { sanitizeLine, shortId } from '../format/index.ts';

export type VolumeColumn = 'name' | 'driver' | 'mountpoint' | 'size' | 'usedBy';
export type NetworkColumn = 'name' | 'id' | 'driver' | 'scope' | 'usedBy';

export interface ResourceRow<C extends string> {
  /** The volume's name or the network's id: what actions act on. */
  key: string;
  /** The name, as the engine spells it (for messages, sanitised when drawn). */
  name: string;
  cells: Record<C, string>;
  /** Containers using it: a volume in use cannot be removed, and prune leaves it. */
  users: number;
  /** The engine's own network (host, none, bridge): never removed, so never counted unused. */
  predefined?: true;
  /** In a fleet: the short name of its engine (and its users are that engine's containers). */
  engine?: string;
}

/** The containers by the fleet engine they are on (one group, under undefined, outside a fleet). */
const byEngine = new WeakMap<readonly ContainerSummary[], Map<string | undefined, ContainerSummary[]>>();
function onEngine(containers: readonly ContainerSummary[], engine: string | undefined): readonly ContainerSummary[] {
  if (engine === undefined) return containers;
  let groups = byEngine.get(containers);
  if (!groups) {
    groups = new Map();
    for (const c of containers) {
      const at = memberOf(c);
      groups.set(at, [...(groups.get(at) ?? []), c]);
    }
    byEngine.set(containers, groups);
  }
  return groups.get(engine) ?? [];
}

function users(names: readonly string[] | undefined): string {
  if (!names || names.length === 0) return '—';
  return names.map(sanitizeLine).join(', ');
}

/** `engine:NAME` in a fleet, as the other panes' filters take it. */
export function matchesEngine(engine: string | undefined, needle: string): boolean {
  return engine !== undefined && `engine:${engine}`.toLowerCase().includes(needle);
}

function matches(cells: Record<string, string>, needle: string): boolean {
  return needle === '' || Object.values(cells).some((cell) => cell.toLowerCase().includes(needle));
}

export function volumeRows(volumes: readonly VolumeSummary[], containers: readonly ContainerSummary[], filter: string): ResourceRow<VolumeColumn>[] {
  const needle = filter.trim().toLowerCase();
  return volumes
    .map((v) => {
      const engine = memberOf(v);
      const by = usage(onEngine(containers, engine)).volumes.get(v.Name);
      const cells = { name: sanitizeLine(v.Name), driver: sanitizeLine(v.Driver ?? ''), mountpoint: sanitizeLine(v.Mountpoint ?? ''), size: '', usedBy: users(by) };
      return { key: v.Name, name: v.Name, cells, users: by?.length ?? 0, ...(engine !== undefined && { engine }) };
    })
    .filter((row) => matches(row.cells, needle) || matchesEngine(row.engine, needle));
}

export function networkRows(networks: readonly NetworkSummary[], containers: readonly ContainerSummary[], filter: string): ResourceRow<NetworkColumn>[] {
  const needle = filter.trim().toLowerCase();
  return networks
    .map((n) => {
      const engine = memberOf(n);
      const by = usage(onEngine(containers, engine)).networks.get(n.Name);
      const cells = { name: sanitizeLine(n.Name), id: shortId(n.Id), driver: sanitizeLine(n.Driver ?? ''), scope: sanitizeLine(n.Scope ?? ''), usedBy: users(by) };
      return { key: n.Id, name: n.Name, cells, users: by?.length ?? 0, ...(isPredefinedNetwork(n.Name) && { predefined: true as const }), ...(engine !== undefined && { engine }) };
    })
    .filter((row) => matches(row.cells, needle) || matchesEngine(row.engine, needle));
}

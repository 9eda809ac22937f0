/**
 * What a thing touches, read from the engine for the relations view: the containers list (all of
 * them), an inspect of each container in scope (its networks and addresses, mounts, ports, links,
 * network mode, Compose labels), and an inspect of each network they are on (its other members
 * and their addresses). Containers with no network of their own may share another's namespace
 * (`container:<id>`): those are inspected too, up to a bound. The tree itself is tree.ts.
 */
import type { EngineClient } from '../../engine/client.ts';
import type { ContainerSummary } from '../../engine/types.ts';
import { containerFacts, type ContainerFacts } from '../describe/container-facts.ts';

/** Where the tree starts: a Compose project, a container, a network or a volume. */
export type RelationRoot = { kind: 'project'; project: string } | { kind: 'container'; id: string } | { kind: 'network'; id: string; name: string } | { kind: 'volume'; name: string };

export interface NetworkMember {
  id: string;
  name: string;
  ipv4?: string;
}

export interface RelationData {
  root: RelationRoot;
  /** Every container, as listed. */
  list: readonly ContainerSummary[];
  /** The containers inspected (the root's, and those that may share a namespace), by id. */
  facts: ReadonlyMap<string, ContainerFacts>;
  /** The members of each network in scope, by the network's name. */
  networks: ReadonlyMap<string, { id: string; members: readonly NetworkMember[] }>;
}

/** How many namespace-sharing candidates are inspected at most (an engine with thousands of `--network none` containers). */
const SHARER_CAP = 50;
/** Inspects at once. */
const PARALLEL = 8;

export const COMPOSE_PROJECT = 'com.docker.compose.project';

/** The root's own containers, from the list. */
export function rootContainers(root: RelationRoot, list: readonly ContainerSummary[]): ContainerSummary[] {
  switch (root.kind) {
    case 'project':
      return list.filter((c) => c.Labels?.[COMPOSE_PROJECT] === root.project);
    case 'container':
      return list.filter((c) => c.Id === root.id);
    case 'network':
      return list.filter((c) => Object.keys(c.NetworkSettings?.Networks ?? {}).includes(root.name));
    case 'volume':
      return list.filter((c) => (c.Mounts ?? []).some((m) => m.Name === root.name));
  }
}

async function eachLimited<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += PARALLEL) out.push(...(await Promise.all(items.slice(i, i + PARALLEL).map(work))));
  return out;
}

function membersOf(inspect: unknown): NetworkMember[] {
  const containers = (inspect as { Containers?: unknown } | null)?.Containers;
  if (typeof containers !== 'object' || containers === null) return [];
  return Object.entries(containers as Record<string, { Name?: unknown; IPv4Address?: unknown } | null>).map(([id, c]) => ({
    id,
    name: typeof c?.Name === 'string' ? c.Name : id.slice(0, 12),
    ...(typeof c?.IPv4Address === 'string' && c.IPv4Address !== '' && { ipv4: c.IPv4Address.replace(/\/\d+$/, '') }),
  }));
}

export async function gatherRelations(client: EngineClient, root: RelationRoot, signal?: AbortSignal): Promise<RelationData> {
  const list = await client.listContainers({ all: true, signal });
  const roots = rootContainers(root, list);
  // Containers without a network of their own may be in another's namespace (`container:<id>`): only an inspect says.
  const sharers = list.filter((c) => !roots.includes(c) && Object.keys(c.NetworkSettings?.Networks ?? {}).length === 0).slice(0, SHARER_CAP);
  const inspected = await eachLimited([...roots, ...sharers], async (c) => {
    try {
      return containerFacts(await client.inspectContainer(c.Id, signal));
    } catch (error) {
      if (signal?.aborted) throw error;
      // Gone since the list: left out.
      return undefined;
    }
  });
  const facts = new Map(inspected.flatMap((f) => (f ? [[f.id, f] as const] : [])));
  const names = new Map<string, string>();
  for (const c of roots) for (const n of facts.get(c.Id)?.networks ?? []) names.set(n.name, n.id ?? n.name);
  if (root.kind === 'network') names.set(root.name, root.id);
  const networks = new Map<string, { id: string; members: readonly NetworkMember[] }>();
  await eachLimited([...names], async ([name, id]) => {
    try {
      networks.set(name, { id, members: membersOf(await client.inspectNetwork(id, signal)) });
    } catch (error) {
      if (signal?.aborted) throw error;
      networks.set(name, { id, members: [] });
    }
  });
  return { root, list, facts, networks };
}

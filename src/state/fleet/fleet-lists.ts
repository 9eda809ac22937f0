/**
 * A fleet's containers and images as one engine state: each engine's list, its things tagged with
 * the engine's short name (member-tag.ts), put together newest first. The panes read it where
 * they read the one engine's (`ctx.engine`), so they need only draw the ENGINE column and key
 * their rows by (engine, id). The connection is the first engine's (its banner, its version); a
 * list is loaded once any engine's is (an engine that never answers holds up no one's rows) and
 * stale only when every engine's is. The same object comes back while no engine's state changed.
 */
import type { EngineState, ListState } from '../engine-state.ts';
import { LOG_SIZE, type EventLogState } from '../events/event-log.ts';
import type { Incident, IncidentsState } from '../incidents/incident-log.ts';
import type { ResourcesState } from '../resources/resource-lists.ts';
import type { StatsState } from '../stats/stats-tracker.ts';
import type { SwarmState } from '../swarm/swarm-lists.ts';
import type { OtherStates } from './fleet-sources.ts';
import type { FleetMember, FleetState } from './fleet.ts';
import { tagged } from './member-tag.ts';

function mergeList<T extends { Created?: number }>(members: readonly FleetMember[], pick: (engine: EngineState) => ListState<T>): ListState<T> {
  const lists = members.map((m) => pick(m.engine));
  const items = members.flatMap((m, i) => (lists[i]?.items ?? []).map((item) => tagged(item, m.name)));
  // Each list comes newest first; together too. A stable sort keeps each engine's own order for equal times.
  items.sort((a, b) => (b.Created ?? 0) - (a.Created ?? 0));
  const first = lists[0];
  const refreshed = lists.flatMap((l) => (l.refreshedAt === undefined ? [] : [l.refreshedAt]));
  // Each engine's own arrival time: a row's age is grown from its engine's answer (arrivedAt).
  const by = Object.fromEntries(members.flatMap((m, i) => (lists[i]?.refreshedAt === undefined ? [] : [[m.name, lists[i].refreshedAt]])));
  return {
    items,
    loaded: lists.some((l) => l.loaded),
    stale: lists.every((l) => l.stale || !l.loaded),
    ...(refreshed.length > 0 && { refreshedAt: first?.refreshedAt ?? Math.max(...refreshed), refreshedAtBy: by }),
    ...(lists.some((l) => l.partial) && { partial: true }),
  };
}

/**
 * When the answer a row came in arrived: its engine's own list time in a fleet (`engine`, the
 * row's engine's short name), else the list's. The first engine's list time is not the others':
 * it changes only when the first engine's list does, so another engine's "Up 3 seconds" grown
 * from it would run ahead by however long the first engine's list had been the same.
 */
export function arrivedAt(list: Pick<ListState<unknown>, 'refreshedAt' | 'refreshedAtBy'>, engine: string | undefined): number | undefined {
  return (engine === undefined ? undefined : list.refreshedAtBy?.[engine]) ?? list.refreshedAt;
}

let last: { members: readonly FleetMember[]; engines: readonly EngineState[]; merged: EngineState } | undefined;

/** The fleet as one engine state (the first engine's own state outside a fleet). */
export function fleetEngineState(fleet: FleetState, single: EngineState): EngineState {
  const members = fleet.members;
  if (members.length < 2) return single;
  const engines = members.map((m) => m.engine);
  if (last && last.engines.length === engines.length && last.engines.every((e, i) => e === engines[i]) && last.members.every((m, i) => m.name === members[i]?.name)) return last.merged;
  const primary = members[0]?.engine ?? single;
  const merged: EngineState = { ...primary, containers: mergeList(members, (e) => e.containers), images: mergeList(members, (e) => e.images) };
  last = { members, engines, merged };
  return merged;
}

type ErrorList<T> = ListState<T> & { error?: string };

/** Volumes or networks of every engine: tagged, in engine order; the first engine's error, else another's (named). */
function mergeResourceList<T extends object>(lists: ReadonlyArray<{ name: string; list: ErrorList<T> }>): ErrorList<T> {
  const items = lists.flatMap(({ name, list }) => list.items.map((item) => tagged(item, name)));
  const failed = lists.find(({ list }) => list.error !== undefined);
  return {
    items,
    loaded: lists.some(({ list }) => list.loaded),
    stale: lists.every(({ list }) => list.stale || !list.loaded),
    ...(failed && { error: failed === lists[0] ? failed.list.error : `${failed.name}: ${failed.list.error ?? ''}` }),
  };
}

/** The states a fleet merges, each the engine shown's with the other engines' (fleet-sources.ts). */
type MergedKind = Exclude<keyof OtherStates, 'name'>;

/** The last merge made from each engine-shown state (each kind's state is an object of its own). */
const keptMerges = new WeakMap<object, { name: string; others: readonly OtherStates[]; merged: unknown }>();

/**
 * A merge of one kind of state: the engine shown's own when it is alone; else the same object as
 * last time while no engine's state of that kind changed (the panes redraw on a new object), made
 * again by `merge` when one did.
 */
function keptMerge<K extends MergedKind>(kind: K, name: string, primary: OtherStates[K], others: readonly OtherStates[], merge: () => OtherStates[K]): OtherStates[K] {
  if (others.length === 0) return primary;
  const kept = keptMerges.get(primary);
  const same = kept !== undefined && kept.name === name && kept.others.length === others.length && kept.others.every((o, i) => o.name === others[i]?.name && o[kind] === others[i]?.[kind]);
  if (same) return kept.merged as OtherStates[K];
  const merged = merge();
  keptMerges.set(primary, { name, others, merged });
  return merged;
}

/** Every engine's volumes and networks, the engine shown's first (its own state when it is alone). */
export function fleetResources(name: string, primary: ResourcesState, others: readonly OtherStates[]): ResourcesState {
  return keptMerge('resources', name, primary, others, () => {
    const all = [{ name, resources: primary }, ...others];
    return {
      volumes: mergeResourceList(all.map((o) => ({ name: o.name, list: o.resources.volumes }))),
      networks: mergeResourceList(all.map((o) => ({ name: o.name, list: o.resources.networks }))),
    };
  });
}

/** Every engine's events, newest first, the last LOG_SIZE (the engine shown's own log when it is alone). */
export function fleetEvents(name: string, primary: EventLogState, others: readonly OtherStates[]): EventLogState {
  return keptMerge('events', name, primary, others, () => {
    const events = [{ name, events: primary }, ...others].flatMap((o) => o.events.events.map((e) => tagged(e, o.name)));
    events.sort((a, b) => b.at - a.at);
    return { events: events.slice(0, LOG_SIZE) };
  });
}

/**
 * An incident's seq in a fleet's list: each engine's log counts its own, so the merged list
 * numbers them apart (its own seq and its engine's place: 0 the engine shown's), and what acts on
 * one (acknowledge) finds its log and its own seq again with `incidentOrigin`.
 */
const ENGINES_AT_MOST = 64;

export function incidentOrigin(seq: number): { engine: number; seq: number } {
  return { engine: seq % ENGINES_AT_MOST, seq: Math.floor(seq / ENGINES_AT_MOST) };
}

const renumbered = new WeakMap<Incident, { engine: number; copy: Incident }>();
function renumber(incident: Incident, engine: number, name: string): Incident {
  const kept = renumbered.get(incident);
  if (kept?.engine === engine) return kept.copy;
  const copy = tagged({ ...incident, seq: incident.seq * ENGINES_AT_MOST + engine }, name);
  renumbered.set(incident, { engine, copy });
  return copy;
}

/** Every engine's incidents, newest first, each numbered apart (the engine shown's own state when it is alone). */
export function fleetIncidents(name: string, primary: IncidentsState, others: readonly OtherStates[]): IncidentsState {
  return keptMerge('incidents', name, primary, others, () => {
    const all = [{ name, incidents: primary }, ...others];
    const incidents = all.flatMap((o, engine) => o.incidents.incidents.map((i) => renumber(i, engine, o.name)));
    incidents.sort((a, b) => b.lastAt - a.lastAt);
    const latest = all
      .flatMap((o, engine) => (o.incidents.latest ? [renumber(o.incidents.latest, engine, o.name)] : []))
      .reduce<Incident | undefined>((newest, i) => (newest === undefined || i.lastAt > newest.lastAt ? i : newest), undefined);
    const oomKilledBefore = all.flatMap((o) => o.incidents.oomKilledBefore ?? []);
    return { incidents, ...(latest && { latest }), ...(primary.mutedNames && { mutedNames: primary.mutedNames }), ...(oomKilledBefore.length > 0 && { oomKilledBefore }) };
  });
}

/**
 * Every manager's swarm: its services, tasks and nodes tagged with its engine, so the panes build
 * each cluster's rows from its own (two managers of one swarm list it twice, each under its
 * engine). The panes say "not a manager" or "no Swarm" only when no engine has one (in the
 * engine shown's words); an engine's failure shows, named, while no rows do.
 */
export function fleetSwarm(name: string, primary: SwarmState, others: readonly OtherStates[]): SwarmState {
  return keptMerge('swarm', name, primary, others, () => mergeSwarm(name, primary, others));
}

function mergeSwarm(name: string, primary: SwarmState, others: readonly OtherStates[]): SwarmState {
  const all = [{ name, swarm: primary }, ...others];
  const clusters = all.filter((o) => !o.swarm.notManager && !o.swarm.noSwarmApi);
  const pick = <T extends object>(list: (s: SwarmState) => readonly T[]) => clusters.flatMap((o) => list(o.swarm).map((item) => tagged(item, o.name)));
  const failed = clusters.find((o) => o.swarm.error !== undefined);
  const none = clusters.length === 0;
  const merged: SwarmState = {
    loaded: all.some((o) => o.swarm.loaded),
    services: pick((s) => s.services),
    tasks: pick((s) => s.tasks),
    nodes: pick((s) => s.nodes),
    // No cluster at all: the engine shown is then not one either, and says why in its own words.
    ...(none && { ...(primary.error !== undefined && { error: primary.error }), ...(primary.notManager && { notManager: true }), ...(primary.noSwarmApi && { noSwarmApi: true }) }),
    ...(!none && failed && { error: failed === all[0] ? failed.swarm.error : `${failed.name}: ${failed.swarm.error ?? ''}` }),
  };
  return merged;
}

/**
 * Every engine's live figures in one map by container id, as the Containers pane reads them. Ids
 * are the engines' own random 256-bit ids, so two engines never share one — but for one engine
 * reached twice (a socket and ssh), whose figures are the same container's. The engine shown's
 * come first.
 */
export function fleetStats(name: string, primary: StatsState, others: readonly OtherStates[]): StatsState {
  return keptMerge('stats', name, primary, others, () => {
    const byId = new Map(primary.byId);
    for (const o of others) for (const [id, figures] of o.stats.byId) if (!byId.has(id)) byId.set(id, figures);
    return { byId, version: others.reduce((sum, o) => sum + o.stats.version, primary.version) };
  });
}

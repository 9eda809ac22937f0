/**
 * A fleet's containers and images as one engine state: each engine's list, its things tagged with
 * the engine's short name (member-tag.ts), put together newest first. The panes read it where
 * they read the one engine's (`ctx.engine`), so they need only draw the ENGINE column and key
 * their rows by (engine, id). The connection is the first engine's (its banner, its version); a
 * list is loaded once any engine's is (an engine that never answers holds up no one's rows) and
 * stale only when every engine's is. The same object comes back while no engine's state changed.
 */
import type { EngineState, ListState } from '../engine-state.ts';
import type { FleetMember, FleetState } from './fleet.ts';
import { tagged } from './member-tag.ts';

function mergeList<T extends { Created?: number }>(members: readonly FleetMember[], pick: (engine: EngineState) => ListState<T>): ListState<T> {
  const lists = members.map((m) => pick(m.engine));
  const items = members.flatMap((m, i) => (lists[i]?.items ?? []).map((item) => tagged(item, m.name)));
  // Each list comes newest first; together too. A stable sort keeps each engine's own order for equal times.
  items.sort((a, b) => (b.Created ?? 0) - (a.Created ?? 0));
  const first = lists[0];
  const refreshed = lists.flatMap((l) => (l.refreshedAt === undefined ? [] : [l.refreshedAt]));
  return {
    items,
    loaded: lists.some((l) => l.loaded),
    stale: lists.every((l) => l.stale || !l.loaded),
    ...(refreshed.length > 0 && { refreshedAt: first?.refreshedAt ?? Math.max(...refreshed) }),
    ...(lists.some((l) => l.partial) && { partial: true }),
  };
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

/**
 * A fleet's lists put together (state/fleet/fleet-lists.ts) and its engines' short names
 * (member-names.ts): every engine's things, newest first, each knowing its engine; loaded once
 * any engine answered; the same object while nothing changed; names that read apart.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ContainerSummary } from '../../../src/engine/types.ts';
import { initialEngineState, type EngineState } from '../../../src/state/engine-state.ts';
import type { FleetMember, FleetState } from '../../../src/state/fleet/fleet.ts';
import { fleetEngineState } from '../../../src/state/fleet/fleet-lists.ts';
import { memberOf } from '../../../src/state/fleet/member-tag.ts';
import { distinctNames, shortName } from '../../../src/state/fleet/member-names.ts';

const withContainers = (endpoint: string, items: ContainerSummary[], loaded = true): EngineState => ({ ...initialEngineState(endpoint), containers: { items, loaded, stale: false } });
const member = (name: string, engine: EngineState, primary = false): FleetMember => ({ name, label: name, access: 'read-write', engine, primary });

test('two engines’ containers in one list, newest first, each tagged with its engine; an engine that never answered holds up nobody', () => {
  const a = withContainers('unix:///a.sock', [{ Id: 'a2', Created: 20 }, { Id: 'a1', Created: 5 }]);
  const b = withContainers('unix:///b.sock', [{ Id: 'b1', Created: 10 }]);
  const gone = withContainers('unix:///gone.sock', [], false);
  const fleet: FleetState = { members: [member('a', a, true), member('b', b), member('gone', gone)] };
  const merged = fleetEngineState(fleet, a);
  assert.deepEqual(merged.containers.items.map((c) => c.Id), ['a2', 'b1', 'a1']);
  assert.deepEqual(merged.containers.items.map((c) => memberOf(c)), ['a', 'b', 'a']);
  assert.equal(merged.containers.loaded, true);
  assert.equal(merged.connection, a.connection, 'the banner and the version are the first engine’s');
  assert.equal(fleetEngineState({ members: [...fleet.members] }, a), merged, 'the same object while no engine changed');
  assert.equal(memberOf(a.containers.items[0] as object), undefined, 'the engine’s own objects are left as they were');
});

test('a fleet of one is the engine itself', () => {
  const a = withContainers('unix:///a.sock', [{ Id: 'a1' }]);
  assert.equal(fleetEngineState({ members: [member('a', a, true)] }, a), a);
});

test('short names: a context’s name, a socket’s file, a remote host; repeated ones told apart', () => {
  assert.equal(shortName({ context: 'prod', label: 'tcp://10.0.0.1:2376' }), 'prod');
  assert.equal(shortName({ label: 'unix:///run/user/1000/podman/podman.sock' }), 'podman');
  assert.equal(shortName({ label: 'ssh://me@build-box:2222' }), 'build-box');
  assert.equal(shortName({ label: 'tcp://10.0.0.1:2376' }), '10.0.0.1');
  assert.deepEqual(distinctNames(['docker', 'podman', 'docker']), ['docker', 'podman', 'docker-2']);
});

test('incidents of several engines: numbered apart, newest first, each finding its engine’s log and own seq again', async () => {
  const { fleetIncidents, incidentOrigin } = await import('../../../src/state/fleet/fleet-lists.ts');
  const incident = (seq: number, lastAt: number) => ({ seq, kind: 'exit' as const, at: lastAt, lastAt, containerId: `c${seq}`, name: `n${seq}`, image: 'i', oomKilled: false, crashes: 1, restarts: 0, acknowledged: false }) as never;
  const primary = { incidents: [incident(1, 100)], latest: incident(1, 100) };
  const other = { incidents: [incident(1, 200)], latest: incident(1, 200) };
  const merged = fleetIncidents('a', primary, [{ name: 'b', resources: { volumes: { items: [], loaded: true, stale: false }, networks: { items: [], loaded: true, stale: false } }, events: { events: [] }, incidents: other, swarm: { loaded: false, services: [], tasks: [], nodes: [] }, stats: { byId: new Map(), version: 0 } }]);
  const seqs = merged.incidents.map((i) => i.seq);
  assert.equal(new Set(seqs).size, 2, 'the two engines’ seq 1 are two rows');
  assert.deepEqual(merged.incidents.map((i) => memberOf(i)), ['b', 'a']);
  assert.deepEqual(seqs.map(incidentOrigin), [{ engine: 1, seq: 1 }, { engine: 0, seq: 1 }]);
  assert.equal(merged.latest && memberOf(merged.latest), 'b');
  assert.equal(fleetIncidents('a', primary, []), primary, 'alone: the engine’s own');
});

test('live figures of several engines: one map by id, the engine shown’s first; the same object while nothing changed', async () => {
  const { fleetStats } = await import('../../../src/state/fleet/fleet-lists.ts');
  const figures = (cpu: number) => ({ cpuPercent: cpu }) as never;
  const primary = { byId: new Map([['a1', figures(1)], ['same', figures(2)]]), version: 3 };
  const others = [{ name: 'b', resources: { volumes: { items: [], loaded: true, stale: false }, networks: { items: [], loaded: true, stale: false } }, events: { events: [] }, incidents: { incidents: [] }, swarm: { loaded: false, services: [], tasks: [], nodes: [] }, stats: { byId: new Map([['b1', figures(5)], ['same', figures(9)]]), version: 4 } }] as const;
  const merged = fleetStats('a', primary, others);
  assert.deepEqual([...merged.byId.keys()].sort(), ['a1', 'b1', 'same']);
  assert.equal(merged.byId.get('same'), primary.byId.get('same'), 'one engine reached twice: the engine shown’s figures');
  assert.equal(merged.version, 7);
  assert.equal(fleetStats('a', primary, [...others]), merged, 'kept while no engine’s figures changed');
  assert.equal(fleetStats('a', primary, []), primary, 'alone: its own');
});

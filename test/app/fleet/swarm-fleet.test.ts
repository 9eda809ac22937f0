/**
 * The swarm panes in a fleet (state/fleet/fleet-lists.ts fleetSwarm, app/rows/swarm-rows.ts
 * fleetServiceRows): each manager's cluster apart — its services with its own tasks and nodes
 * (two managers of one swarm list the same ids, and count nothing twice), each row knowing its
 * engine; "not a manager" only when no engine is one; a manager's failure named; what is done to
 * a service, task or node goes to its manager, and a read-only manager refuses a change.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Reduced } from '../../../src/app/commands.ts';
import { onEngine } from '../../../src/app/fleet/access.ts';
import { engineOfCommand } from '../../../src/app/fleet/route.ts';
import { initialAppState, type AppState } from '../../../src/app/types.ts';
import type { Service, SwarmNode, Task } from '../../../src/engine/swarm.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import type { FleetMember } from '../../../src/state/fleet/fleet.ts';
import { uiContext } from '../../support/ui-context.ts';
import { fleetServiceRows, nodeRows } from '../../../src/app/rows/swarm-rows.ts';
import type { OtherStates } from '../../../src/state/fleet/fleet-sources.ts';
import { fleetSwarm } from '../../../src/state/fleet/fleet-lists.ts';
import { memberOf } from '../../../src/state/fleet/member-tag.ts';
import type { SwarmState } from '../../../src/state/swarm/swarm-lists.ts';

const service = (id: string, name: string): Service => ({ ID: id, Spec: { Name: name, Mode: { Replicated: { Replicas: 2 } } } });
const task = (id: string, serviceId: string, node: string, slot: number): Task => ({ ID: id, ServiceID: serviceId, NodeID: node, Slot: slot, DesiredState: 'running', Status: { State: 'running' } });
const node = (id: string, hostname: string): SwarmNode => ({ ID: id, Description: { Hostname: hostname, Engine: { EngineVersion: '27.0.1' } }, Status: { State: 'ready' }, Spec: { Role: 'manager', Availability: 'active' } });
const swarm = (services: Service[], tasks: Task[], nodes: SwarmNode[], extra: Partial<SwarmState> = {}): SwarmState => ({ loaded: true, services, tasks, nodes, ...extra });
const other = (name: string, state: SwarmState): OtherStates => ({
  name,
  resources: { volumes: { items: [], loaded: true, stale: false }, networks: { items: [], loaded: true, stale: false } },
  events: { events: [] },
  incidents: { incidents: [] },
  swarm: state,
  stats: { byId: new Map(), version: 0 },
});
const NOT_MANAGER = swarm([], [], [], { notManager: true, error: 'This node is not a swarm manager.' });

test('two managers of one swarm and a third cluster: each one’s services with its own tasks, tagged, counted once', () => {
  // a and b are managers of the same swarm (the same ids); c has a cluster of its own.
  const shared = () => swarm([service('s1', 'web')], [task('t1', 's1', 'n1', 1), task('t2', 's1', 'n1', 2)], [node('n1', 'box-1')]);
  const c = swarm([service('s9', 'db')], [task('t9', 's9', 'n9', 1)], [node('n9', 'box-9')]);
  const merged = fleetSwarm('a', shared(), [other('b', shared()), other('c', c), other('d', NOT_MANAGER)]);
  assert.deepEqual(merged.services.map((s) => [s.Spec?.Name, memberOf(s)]), [['web', 'a'], ['web', 'b'], ['db', 'c']]);
  assert.equal(merged.notManager, undefined, 'a manager among them: rows, not the refusal');
  assert.equal(merged.error, undefined, 'd is no manager: nothing failed');

  const rows = fleetServiceRows(merged.services, merged.tasks, merged.nodes, ['s1'], '', Date.now());
  assert.deepEqual(
    rows.map((r) => [r.engine, r.kind, r.cells.name.trim(), r.cells.replicas]),
    [
      ['a', 'service', 'web', '2/2'],
      ['a', 'task', 'web.1', '→ running'],
      ['a', 'task', 'web.2', '→ running'],
      ['b', 'service', 'web', '2/2'],
      ['b', 'task', 'web.1', '→ running'],
      ['b', 'task', 'web.2', '→ running'],
      ['c', 'service', 'db', '1/1'],
    ],
  );
  assert.equal(rows[1]?.cells.mode, 'box-1', 'a task’s node is its own cluster’s');
  assert.deepEqual(fleetServiceRows(merged.services, merged.tasks, merged.nodes, [], 'engine:c', Date.now()).map((r) => [r.engine, r.name]), [['c', 'db']], 'engine:NAME shows one manager’s');
  assert.deepEqual(nodeRows(merged.nodes, 'engine:b').map((r) => r.engine), ['b']);
  assert.deepEqual(nodeRows(merged.nodes, '').map((r) => [r.engine, r.name, r.cells.version]), [['a', 'box-1', '27.0.1'], ['b', 'box-1', '27.0.1'], ['c', 'box-9', '27.0.1']]);
});

test('no engine a manager: the engine shown’s refusal in its words; a manager failing: named, rows of the others kept', () => {
  const none = fleetSwarm('a', NOT_MANAGER, [other('b', swarm([], [], [], { noSwarmApi: true, error: 'page not found' }))]);
  assert.equal(none.notManager, true);
  assert.equal(none.error, 'This node is not a swarm manager.');

  const ok = swarm([service('s1', 'web')], [], [node('n1', 'box-1')]);
  const broken = swarm([], [], [], { error: 'connection refused' });
  const partly = fleetSwarm('a', ok, [other('b', broken)]);
  assert.equal(partly.error, 'b: connection refused');
  assert.deepEqual(partly.services.map((s) => memberOf(s)), ['a']);
});

test('a fleet of one and no fleet: the engine’s own state and rows, no engine on them', () => {
  const own = swarm([service('s1', 'web')], [], []);
  assert.equal(fleetSwarm('a', own, []), own);
  assert.deepEqual(fleetServiceRows(own.services, own.tasks, own.nodes, [], '', Date.now()).map((r) => r.engine), [undefined]);
});

test('the same merged object while no engine’s swarm changed', () => {
  const own = swarm([service('s1', 'web')], [], []);
  const others = [other('b', swarm([service('s2', 'api')], [], []))];
  const first = fleetSwarm('a', own, others);
  assert.equal(fleetSwarm('a', own, [...others]), first);
  assert.notEqual(fleetSwarm('a', own, [other('b', swarm([], [], []))]), first);
});

test('a scale, a task’s logs, a drain: sent to the row’s manager; a read-only one refuses the change', () => {
  const engine = initialEngineState('unix:///a.sock');
  const member = (name: string, access: FleetMember['access'], primary = false): FleetMember => ({ name, label: name, access, engine, primary });
  const ctx = uiContext({ engine, fleet: { members: [member('a', 'read-write', true), member('b', 'read-write'), member('c', 'read-only')] } });
  // The reducer's own handler stubbed: any command it sends must carry the manager.
  const handler = (state: AppState): Reduced => ({ state, commands: [{ type: 'container-start', containerId: 'c1', name: 'web' }] });
  const state = initialAppState();
  const targets = [
    { kind: 'service' as const, serviceId: 's1', name: 'web', engine: 'b' },
    { kind: 'task' as const, taskId: 't1', name: 'web.1', serviceId: 's1', engine: 'b' },
    { kind: 'node' as const, nodeId: 'n1', name: 'box-1', engine: 'b' },
  ];
  for (const target of targets) {
    const routed = onEngine(state, ctx, 'scale', target, handler);
    const command = routed?.commands[0];
    assert.ok(routed && command, target.kind);
    assert.equal(engineOfCommand(command, routed.state), 'b', target.kind);
  }
  assert.match(onEngine(state, ctx, 'scale', { kind: 'service', serviceId: 's1', name: 'web', engine: 'c' }, handler)?.state.notice?.text ?? '', /c is read-only/);
});

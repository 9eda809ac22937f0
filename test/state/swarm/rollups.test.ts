import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Service, SwarmNode, Task } from '../../../src/engine/swarm.ts';
import { nodeNames, publishedPorts, replicas, serviceMode, serviceTasks } from '../../../src/state/swarm/rollups.ts';

const web: Service = {
  ID: 's1',
  Spec: { Name: 'web', Mode: { Replicated: { Replicas: 3 } }, EndpointSpec: { Ports: [{ Protocol: 'tcp', TargetPort: 80, PublishedPort: 8080 }] } },
};
const nodes: SwarmNode[] = [
  { ID: 'n1', Description: { Hostname: 'one' }, Status: { State: 'ready' } },
  { ID: 'n2', Description: { Hostname: 'two' }, Status: { State: 'down' } },
];
const tasks: Task[] = [
  { ID: 't1', ServiceID: 's1', Slot: 1, NodeID: 'n1', DesiredState: 'running', CreatedAt: '2026-01-01T00:00:01Z', Status: { State: 'running', ContainerStatus: { ContainerID: 'c1' } } },
  // A running task on a node that is down does not count as running.
  { ID: 't2', ServiceID: 's1', Slot: 2, NodeID: 'n2', DesiredState: 'running', CreatedAt: '2026-01-01T00:00:01Z', Status: { State: 'running' } },
  { ID: 't3', ServiceID: 's1', Slot: 3, NodeID: 'n1', DesiredState: 'running', CreatedAt: '2026-01-01T00:00:03Z', Status: { State: 'starting' } },
  { ID: 't3old', ServiceID: 's1', Slot: 3, NodeID: 'n1', DesiredState: 'shutdown', CreatedAt: '2026-01-01T00:00:02Z', Status: { State: 'failed', Err: 'task: non-zero exit (3)' } },
  { ID: 'other', ServiceID: 's2', Slot: 1, NodeID: 'n1', DesiredState: 'running', Status: { State: 'running' } },
];

test('replicas as the CLI counts them: desired are tasks not shutting down, running are running on nodes that are up', () => {
  assert.deepEqual(replicas(web, tasks, nodes), { running: 1, desired: 3 });
  // The engine's own counts win where it gives them (a service whose tasks all gave up: 0/1).
  assert.deepEqual(replicas({ ...web, ServiceStatus: { RunningTasks: 0, DesiredTasks: 1 } }, [], nodes), { running: 0, desired: 1 });
  assert.equal(serviceMode(web), 'replicated 3');
  assert.equal(serviceMode({ ID: 'g', Spec: { Mode: { Global: {} } } }), 'global');
  assert.equal(publishedPorts(web), '8080->80/tcp');
});

test('a service’s tasks by slot, newest first, named service.slot, with the failed one’s error', () => {
  const lines = serviceTasks(web, tasks, nodes);
  assert.deepEqual(lines.map((l) => l.name), ['web.1', 'web.2', 'web.3', 'web.3']);
  assert.deepEqual(lines.map((l) => l.node), ['one', 'two', 'one', 'one']);
  assert.equal(lines[2]?.current, 'starting');
  assert.equal(lines[3]?.error, 'task: non-zero exit (3)');
  assert.equal(lines[0]?.containerId, 'c1');
  assert.deepEqual(serviceTasks({ ID: 'g', Spec: { Name: 'agent', Mode: { Global: {} } } }, [{ ID: 'x', ServiceID: 'g', NodeID: 'n1abcdefabcdef', Status: { State: 'running' } }], nodes)[0]?.name, 'agent.n1abcdefabcd');
});

test('two nodes with one hostname (two engines on one machine) are told apart by their short id', () => {
  const names = nodeNames([
    { ID: 'aaaaaaaaaaaa111', Description: { Hostname: 'vm' } },
    { ID: 'bbbbbbbbbbbb222', Description: { Hostname: 'vm' } },
    { ID: 'cccccccccccc333', Description: { Hostname: 'other' } },
  ]);
  assert.deepEqual([...names.values()], ['vm (aaaaaaaaaaaa)', 'vm (bbbbbbbbbbbb)', 'other']);
});

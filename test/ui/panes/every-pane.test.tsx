/**
 * Every pane of the registry, drawn over data, reached by its focus key: its rows are on screen,
 * its tab says its summary, and the frame settles (a pane whose drawing were new at every read
 * would make React draw forever: "Maximum update depth exceeded").
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { defaultKeymap } from '../../../src/app/keys/keymap.ts';
import { panes } from '../../../src/app/panes/index.ts';
import type { Service, SwarmNode, Task } from '../../../src/engine/swarm.ts';
import { container, renderApp } from '../../support/ui-harness.tsx';

const opened: Array<{ close(): Promise<void> }> = [];
after(async () => {
  for (const ui of opened) await ui.close();
});

const service = (id: string, name: string): Service => ({
  ID: id.padEnd(25, '0'),
  Spec: { Name: name, Mode: { Replicated: { Replicas: 2 } }, TaskTemplate: { ContainerSpec: { Image: 'busybox:latest' } } },
  ServiceStatus: { RunningTasks: 2, DesiredTasks: 2 },
});
const node = (id: string, hostname: string): SwarmNode => ({ ID: id.padEnd(25, '0'), Spec: { Role: 'manager', Availability: 'active' }, Description: { Hostname: hostname }, Status: { State: 'ready' } });
const task = (id: string, serviceId: string, slot: number): Task => ({ ID: id.padEnd(25, '0'), ServiceID: serviceId.padEnd(25, '0'), Slot: slot, NodeID: 'n1'.padEnd(25, '0'), DesiredState: 'running', Status: { State: 'running' } });

/** A value each pane's rows show, to look for on screen. */
const shows: Record<string, RegExp> = {
  containers: /web-1/,
  images: /busybox:latest/,
  pulls: /alpine/,
  volumes: /data-volume/,
  networks: /front-net/,
  events: /kill/,
  services: /api-service/,
  nodes: /node-one/,
  incidents: /exited 3/,
  actions: /docker stop 0123456789ab/,
};

test('every pane draws its rows when its key is pressed, and its tab says its summary', async () => {
  assert.deepEqual(Object.keys(shows).sort(), panes.map((p) => p.id).sort(), 'a value to look for on every pane');
  const ui = renderApp({
    containers: [container('a1', 'web-1'), container('b2', 'db-1')],
    images: [{ Id: 'sha256:1', RepoTags: ['busybox:latest'], Created: 1, Size: 1 }],
    size: { columns: 160, rows: 30 },
  });
  opened.push(ui);
  const engine = ui.sources.current;
  engine.resources.store.update(() => ({
    volumes: { items: [{ Name: 'data-volume', Driver: 'local', Mountpoint: '/x' }], loaded: true, stale: false },
    networks: { items: [{ Id: 'f'.repeat(64), Name: 'front-net', Driver: 'bridge', Scope: 'local' }], loaded: true, stale: false },
  }));
  engine.swarm.store.update(() => ({ loaded: true, services: [service('s1', 'api-service')], tasks: [task('t1', 's1', 1), task('t2', 's1', 2)], nodes: [node('n1', 'node-one')] }));
  engine.events.record({ Type: 'container', Action: 'kill', Actor: { ID: 'a1', Attributes: { name: 'web-1' } }, time: 1 });
  engine.incidents.onEngineEvent({ Type: 'container', Action: 'die', Actor: { ID: 'b2', Attributes: { name: 'db-1', exitCode: '3' } }, time: 2 });
  ui.pulls.start({ reference: 'alpine' });
  ui.sources.actionLog.begin('docker stop 0123456789ab', 'test');
  for (const pane of panes) {
    const key = defaultKeymap.firstKey(`pane-${pane.id}`);
    await ui.press(key);
    const frame = await ui.waitFor(shows[pane.id] ?? /./);
    assert.match(frame, new RegExp(`${key} ${pane.title}`), `${pane.id}: its tab`);
  }
  // Services: Enter opens a service's tasks; the frame settles with them.
  await ui.press(defaultKeymap.firstKey('pane-services'), '\r');
  await ui.waitFor(/api-service\.1/);
});

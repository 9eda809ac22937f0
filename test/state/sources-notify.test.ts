/**
 * The sources tell their listeners once for the changes one piece of code makes together (a
 * burst's event log, incidents and list: state/burst-pace.ts), a microtask later; a read in
 * between already sees every change.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EngineClient } from '../../src/engine/client.ts';
import { EngineSync } from '../../src/state/engine-sync.ts';
import { initialEngineState, type EngineState } from '../../src/state/engine-state.ts';
import { PullManager } from '../../src/state/pulls/pull-manager.ts';
import { LiveSources } from '../../src/state/sources.ts';
import { Store } from '../../src/state/store.ts';

test("one notification for a burst's changes of several sources, and the snapshot fresh at once", async () => {
  const host = 'unix:///nonexistent/berth-test.sock';
  const client = new EngineClient({ host, env: {} });
  const engineStore = new Store<EngineState>(initialEngineState(host));
  const sync = new EngineSync(client, engineStore, { intervalMs: 60_000 });
  const sources = new LiveSources({ client, store: engineStore, sync, label: 'test' }, new PullManager({ client }));
  let told = 0;
  sources.subscribe(() => told++);

  sources.current.events.store.update(() => ({ events: [] }));
  sources.current.incidents.store.update((s) => ({ ...s, incidents: [] }));
  engineStore.update((s) => ({ ...s, connection: { ...s.connection, status: 'connected' } }));
  assert.equal(sources.states().engine.connection.status, 'connected', 'read at once, the change is there');
  assert.equal(told, 0, 'not yet told');
  await Promise.resolve();
  assert.equal(told, 1, 'told once for the three');

  engineStore.update((s) => ({ ...s, connection: { ...s.connection, status: 'unreachable' } }));
  await Promise.resolve();
  assert.equal(told, 2, 'a later change is told again');
  sources.stop();
  await sync.stop();
});

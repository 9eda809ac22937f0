/**
 * A safety poll over young containers brings new Status texts every time ("Up 26 seconds", then
 * "Up 36 seconds"); the screen carries those ages forward itself, so the store must not change
 * (no render) unless something else did. A fake engine on a socket plays dockerd's part, with a
 * clock of its own that the test moves.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { EngineClient } from '../../src/engine/client.ts';
import { EngineSync } from '../../src/state/engine-sync.ts';
import { initialEngineState, type EngineState } from '../../src/state/engine-state.ts';
import { Store } from '../../src/state/store.ts';
import { json, startFakeEngine } from '../support/fake-engine.ts';

const cleanups: Array<() => Promise<void> | void> = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

test('polls that only find containers older leave the store alone; a restart changes it', async () => {
  const started = Date.now();
  let restartedAt: number | undefined = undefined; // set when the test "restarts" the container
  let polls = 0;
  const fake = await startFakeEngine({
    routes: {
      '/containers/json': (_req, res) => {
        polls += 1;
        const since = restartedAt ?? started - 20_000;
        json(res, 200, [{ Id: 'a'.repeat(64), Names: ['/young'], State: 'running', Status: `Up ${Math.floor((Date.now() - since) / 1000)} seconds`, Created: Math.floor(started / 1000) - 20 }]);
      },
    },
  });
  const client = new EngineClient({ host: fake.host, env: {} });
  const store = new Store<EngineState>(initialEngineState(fake.host));
  const sync = new EngineSync(client, store, { intervalMs: 100, safetyIntervalMs: 100 });
  cleanups.push(async () => {
    await sync.stop();
    await client.close();
    await fake.close();
  });
  let changes = 0;
  store.subscribe(() => (changes += 1));
  sync.start();
  // A bound for a hung test only: a poll comes every max(100 ms, 50× what the last list took), so
  // on a loaded machine five of them took more than the 10 s this bound was (CI, 2026-12-02).
  const until = async (condition: () => boolean) => {
    const deadline = Date.now() + 60_000;
    while (!condition() && Date.now() < deadline) await delay(10);
    assert.ok(condition());
  };
  await until(() => {
    const s = store.getState();
    return s.containers.loaded && s.images.loaded && s.connection.engineVersion !== undefined && s.connection.eventsLive;
  });
  const first = store.getState().containers;
  const baseline = changes;
  // Let the seconds in the Status text move on over several polls.
  const pollsBefore = polls;
  await until(() => polls >= pollsBefore + 5 && Date.now() - (first.refreshedAt ?? 0) > 1500);
  assert.equal(store.getState().containers, first, 'the list and its arrival time are the first ones');
  assert.equal(changes, baseline, 'no store change, so no render');

  restartedAt = Date.now();
  await until(() => store.getState().containers !== first);
  assert.match(store.getState().containers.items[0]?.Status ?? '', /^Up [0-9] seconds?$/);
});

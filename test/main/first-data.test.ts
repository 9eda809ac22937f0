/** Start-up's wait for the first lists (main/first-data.ts): every engine's in a fleet, within one bound. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { firstData } from '../../src/main/first-data.ts';
import { initialEngineState, type EngineState } from '../../src/state/engine-state.ts';
import { Store } from '../../src/state/store.ts';

const engine = () => new Store<EngineState>(initialEngineState('unix:///x.sock'));
const listed = (store: Store<EngineState>) => store.update((s) => ({ ...s, containers: { ...s.containers, loaded: true } }));
const unreachable = (store: Store<EngineState>) => store.update((s) => ({ ...s, connection: { ...s.connection, status: 'unreachable' } }));
/** Whether `promise` has settled after the turns of the event loop so far. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

test("a fleet's first frame waits for every engine's first list, not the first engine's alone", async () => {
  const [first, second, third] = [engine(), engine(), engine()];
  const waiting = firstData([first, second, third], 60_000);
  listed(first);
  assert.equal(await settled(waiting), false, 'the first list alone does not end the wait');
  unreachable(third);
  assert.equal(await settled(waiting), false, 'nor the first list and an engine that cannot be reached');
  listed(second);
  assert.equal(await settled(waiting), true, 'every engine has its list or its error: the frame is drawn');
});

test('an engine that has answered already does not wait at all', async () => {
  const one = engine();
  listed(one);
  assert.equal(await settled(firstData([one], 60_000)), true);
});

test('a slow engine holds the first frame for the bound only, counted once for all', async () => {
  const [fast, slow] = [engine(), engine()];
  const t0 = performance.now();
  const waiting = firstData([fast, slow], 50);
  listed(fast);
  await waiting;
  const waited = performance.now() - t0;
  assert.ok(waited >= 45, `waited ${waited} ms for the bound`);
  assert.equal(slow.getState().containers.loaded, false);
});

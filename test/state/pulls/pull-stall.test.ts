/**
 * A pull that stops hearing from the registry, on a fake clock: the manager's state carries when
 * the last message came, the pure selectors turn the clock into "no progress for N s" (and who
 * is silent), and cancelling still works mid-stall.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, mock, test } from 'node:test';
import { PullManager } from '../../../src/state/pulls/pull-manager.ts';
import { layerStall, pullStall } from '../../../src/state/pulls/pull-reducer.ts';
import { FakePullClient } from '../../support/fake-pulls.ts';

beforeEach(() => mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 50_000 }));
afterEach(() => mock.timers.reset());

async function flush(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

test('no message for 10 s: stalled on the registry, per layer too; x cancels it', async () => {
  const client = new FakePullClient();
  const pulls = new PullManager({ client, throttleMs: 100 });
  const id = pulls.start({ reference: '127.0.0.1:5000/berth/layers:latest' });
  await flush();
  const fake = client.pulls[0]!;
  fake.send({ status: 'Pulling from berth/layers', id: 'latest' }, { status: 'Pulling fs layer', id: 'aaa', progressDetail: {} }, { status: 'Pulling fs layer', id: 'bbb', progressDetail: {} });
  await flush();
  for (let i = 1; i <= 5; i++) {
    mock.timers.tick(200);
    fake.send({ status: 'Downloading', id: 'aaa', progressDetail: { current: i * 1000, total: 10_000 } }, { status: 'Downloading', id: 'bbb', progressDetail: { current: i * 2000, total: 20_000 } });
    await flush();
  }
  const lastAt = Date.now();
  // Then the registry goes quiet: nothing at all for 12 s.
  for (let i = 0; i < 12; i++) {
    mock.timers.tick(1000);
    await flush();
  }
  const state = pulls.store.getState().pulls[0]!;
  assert.equal(state.lastMessageAt, lastAt, 'the published state knows when the last message came');
  assert.deepEqual(pullStall(state, Date.now()), { seconds: 12, waitingOn: 'registry' });
  assert.equal(layerStall(state, state.layers.get('aaa')!, Date.now()), 12);

  // One layer moves again: the pull is no longer stalled, the other layer still is.
  mock.timers.tick(500);
  fake.send({ status: 'Downloading', id: 'bbb', progressDetail: { current: 12_000, total: 20_000 } });
  await flush();
  mock.timers.tick(200);
  await flush();
  const moving = pulls.store.getState().pulls[0]!;
  assert.equal(pullStall(moving, Date.now()), undefined);
  assert.equal(layerStall(moving, moving.layers.get('aaa')!, Date.now()), 12);
  assert.equal(layerStall(moving, moving.layers.get('bbb')!, Date.now()), undefined);

  for (let i = 0; i < 15; i++) {
    mock.timers.tick(1000);
    await flush();
  }
  assert.ok(pullStall(pulls.store.getState().pulls[0]!, Date.now()));
  assert.equal(pulls.cancel(id), true, 'cancel works on a stalled pull');
  await flush();
  assert.equal(fake.aborted(), true, 'the request to the engine is aborted');
  const cancelled = pulls.store.getState().pulls[0]!;
  assert.equal(cancelled.status, 'cancelled');
  assert.equal(pullStall(cancelled, Date.now() + 60_000), undefined);
  pulls.stop();
});

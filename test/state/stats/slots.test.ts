/** Slots: at most N at once, the rest served in order; an aborted waiter leaves the queue; a release counts once. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Slots } from '../../../src/state/stats/slots.ts';

test('two slots: the third waits for a release, waiters are served in order, a release counts once', async () => {
  const slots = new Slots(2);
  const never = new AbortController().signal;
  const first = await slots.take(never);
  const second = await slots.take(never);
  assert.equal(slots.available, 0);
  const served: string[] = [];
  const third = slots.take(never).then((release) => (served.push('third'), release));
  const fourth = slots.take(never).then((release) => (served.push('fourth'), release));
  await Promise.resolve();
  assert.deepEqual(served, []);
  first?.();
  first?.();
  const thirdRelease = await third;
  assert.deepEqual(served, ['third'], 'a second call of the same release gives nothing more');
  second?.();
  (await fourth)?.();
  thirdRelease?.();
  assert.equal(slots.available, 2);
});

test('a waiter whose signal aborts gets nothing and leaves the queue; an aborted signal never takes a slot', async () => {
  const slots = new Slots(1);
  const held = await slots.take(new AbortController().signal);
  const leaving = new AbortController();
  const waiting = slots.take(leaving.signal);
  const after = slots.take(new AbortController().signal);
  leaving.abort();
  assert.equal(await waiting, undefined);
  held?.();
  const next = await after;
  assert.ok(next, 'the slot went past the one that left');
  next();
  assert.equal(await slots.take(AbortSignal.abort()), undefined);
  assert.equal(slots.available, 1);
});

/**
 * perTurn (src/app/handlers/per-turn.ts): what is held in one turn is delivered together at its
 * end, in order; a flush delivers at once and leaves nothing for the turn's end to repeat.
 */
import assert from 'node:assert/strict';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { test } from 'node:test';
import { perTurn } from '../../../src/app/handlers/per-turn.ts';

test('held deliveries run together at the end of the turn, in order', async () => {
  const batch = perTurn();
  const seen: number[] = [];
  batch.later(() => seen.push(1));
  batch.later(() => seen.push(2));
  assert.equal(seen.length, 0);
  await nextTurn();
  assert.deepEqual(seen, [1, 2]);
  batch.later(() => seen.push(3));
  await nextTurn();
  assert.deepEqual(seen, [1, 2, 3]);
});

test('a flush delivers what is held at once, and the turn’s end does not deliver it again', async () => {
  const batch = perTurn();
  const seen: number[] = [];
  batch.later(() => seen.push(1));
  batch.flush();
  assert.deepEqual(seen, [1]);
  batch.flush();
  await nextTurn();
  assert.deepEqual(seen, [1]);
});

test('answers that come in separate callbacks of one turn are delivered as one batch', async () => {
  const batch = perTurn();
  const batches: number[][] = [];
  let current: number[] | undefined;
  const deliver = (n: number) => () => {
    if (!current) {
      current = [];
      batches.push(current);
      queueMicrotask(() => (current = undefined));
    }
    current.push(n);
  };
  // Three timers due together run in one turn of the loop, as socket reads of one poll phase do.
  await new Promise<void>((resolve) => {
    for (const n of [1, 2, 3]) setTimeout(() => batch.later(deliver(n)), 0);
    setTimeout(() => setImmediate(resolve), 0);
  });
  assert.deepEqual(batches, [[1, 2, 3]]);
});

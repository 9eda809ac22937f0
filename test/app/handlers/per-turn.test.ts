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
  // Three immediates queued together run in one phase of one turn, with microtasks between them,
  // as socket reads of one poll phase do. (Three timers were not certain to: a millisecond passing
  // between their creations can make them due in different turns, and CI saw that once.) The
  // batch's own immediate, queued from inside that phase, runs in the next turn; `resolve`'s is
  // queued after it.
  await new Promise<void>((resolve) => {
    for (const n of [1, 2, 3]) {
      setImmediate(() => {
        batch.later(deliver(n));
        if (n === 3) setImmediate(resolve);
      });
    }
  });
  assert.deepEqual(batches, [[1, 2, 3]]);
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { medianInterval } from './stats.ts';

test('the median interval is the tabled order statistics for n = 15 and 25 at 95 %', () => {
  const values = (n: number) => Array.from({ length: n }, (_, i) => n - i); // unsorted on purpose
  // Tables of the sign test: the 4th and 12th of 15, the 8th and 18th of 25.
  assert.deepEqual(medianInterval(values(15)), { low: 4, high: 12 });
  assert.deepEqual(medianInterval(values(25)), { low: 8, high: 18 });
});

test('too few values for a 95 % interval give NaN bounds, never a made-up one', () => {
  const { low, high } = medianInterval([1, 2, 3, 4, 5]);
  assert.ok(Number.isNaN(low) && Number.isNaN(high));
  assert.deepEqual(medianInterval([1, 2, 3, 4, 5, 6]), { low: 1, high: 6 });
});

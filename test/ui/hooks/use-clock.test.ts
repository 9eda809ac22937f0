import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tickDelay } from '../../../src/ui/hooks/use-clock.ts';

describe('tickDelay', () => {
  it('reads the clock the lag after the text would first change', () => {
    assert.equal(tickDelay(61_000, 8_000, 2_000), 67_000);
  });

  it('draws changes close together in one frame: the second one falls before the first one’s tick', () => {
    // Two texts changing 5 s apart: the tick for the first comes after both.
    const first = 102_500;
    const second = 107_500;
    const tickAt = 100_000 + tickDelay(first, 8_000, 100_000);
    assert.ok(tickAt >= second && tickAt - first <= 8_000);
  });

  it('fires at once when the moment is past, and never waits longer than setTimeout can', () => {
    assert.equal(tickDelay(5, 10, 100), 0);
    assert.equal(tickDelay(Number.MAX_SAFE_INTEGER, 10, 0), 2 ** 31 - 1);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tickDelay } from '../../../src/ui/hooks/use-clock.ts';

describe('tickDelay', () => {
  it('waits until the text would change when that is past the minimum period', () => {
    assert.equal(tickDelay(1_000, 61_000, 11_000, 2_000), 59_000);
  });

  it('waits out the minimum period after what the screen shows, even when the text changes sooner', () => {
    // "14 seconds ago" changes every second; the screen was painted at 1,000 and it is now 3,000.
    assert.equal(tickDelay(1_000, 4_000, 11_000, 3_000), 9_000);
  });

  it('counts the period from a later data refresh, so a poll that repainted postpones the tick', () => {
    const beforePoll = tickDelay(0, 1_000, 11_000, 0);
    const afterPoll = tickDelay(10_005, 10_100, 11_000, 10_005);
    assert.equal(beforePoll, 11_000);
    assert.equal(afterPoll, 11_000);
  });

  it('fires at once when both moments are past, and never waits longer than setTimeout can', () => {
    assert.equal(tickDelay(0, 5, 10, 100), 0);
    assert.equal(tickDelay(0, Number.MAX_SAFE_INTEGER, 10, 0), 2 ** 31 - 1);
  });

  it('on a grid, moves each change on to the next grid line, so changes within one minute share one tick', () => {
    const grid = 60_000;
    // Two texts changing 7 s apart inside the same minute: one tick, at the minute.
    assert.equal(tickDelay(0, 102_500, 11_000, 100_000, grid), 20_000);
    assert.equal(tickDelay(0, 109_500, 11_000, 100_000, grid), 20_000);
    // A change exactly on the line is not put off a minute.
    assert.equal(tickDelay(0, 180_000, 11_000, 170_000, grid), 10_000);
    // The minimum period still holds on a grid, and a never-changing text still never ticks early.
    assert.equal(tickDelay(119_000, 120_000, 11_000, 119_500, grid), 10_500);
    assert.equal(tickDelay(0, Number.MAX_SAFE_INTEGER, 10, 0, grid), 2 ** 31 - 1);
  });
});

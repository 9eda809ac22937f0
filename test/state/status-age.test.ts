import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { ContainerSummary } from '../../src/engine/types.ts';
import { sameContainers } from '../../src/state/lists.ts';
import { ageNow, durationRange, sameStatus, statusAge } from '../../src/state/status-age.ts';
import { humanDuration } from '../../src/app/format/time.ts';

// describe/it return promises that the node:test runner tracks itself; `void` says so to the linter.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

void describe('durationRange: the ages a go-units text stands for', () => {
  void it('every age lies in the range of its own text (go-units HumanDuration, as dockerd writes it)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 * 365 * DAY }), (ms) => {
        const range = durationRange(humanDuration(ms));
        assert.ok(range, humanDuration(ms));
        assert.ok(range.low <= ms && ms < range.high, `${ms} in ${humanDuration(ms)}: ${range.low}–${range.high}`);
      }),
    );
  });

  void it('the middle of a range of a minute or more reads as its own text again', () => {
    for (const text of ['About a minute', '2 minutes', '59 minutes', 'About an hour', '2 hours', '47 hours', '2 days', '13 days', '2 weeks', '8 weeks', '2 months', '23 months', '2 years', '5 years']) {
      const range = durationRange(text);
      assert.ok(range, text);
      assert.equal(humanDuration((range.low + range.high) / 2), text);
    }
  });

  void it('is undefined for anything else', () => {
    for (const text of ['', 'soon', '3 fortnights', 'About a day', '-3 seconds']) assert.equal(durationRange(text), undefined, text);
  });
});

void describe('statusAge', () => {
  const cases: Array<[string | undefined, { before: string; after: string; low: number } | undefined]> = [
    ['Up 26 seconds', { before: 'Up ', after: '', low: 26 * SECOND }],
    ['Up Less than a second', { before: 'Up ', after: '', low: 0 }],
    ['Up About a minute (healthy)', { before: 'Up ', after: ' (healthy)', low: MINUTE }],
    ['Up 3 minutes (Paused)', { before: 'Up ', after: ' (Paused)', low: 3 * MINUTE }],
    ['Exited (0) 5 seconds ago', { before: 'Exited (0) ', after: ' ago', low: 5 * SECOND }],
    ['Exited (137) 2 hours ago', { before: 'Exited (137) ', after: ' ago', low: 1.5 * HOUR }],
    ['Restarting (1) 1 second ago', { before: 'Restarting (1) ', after: ' ago', low: SECOND }],
    ['Created', undefined],
    ['Dead', undefined],
    ['Removal In Progress', undefined],
    ['', undefined],
    [undefined, undefined],
    ['Up forever', undefined],
  ];
  for (const [status, expected] of cases) {
    void it(`${String(status)}`, () => {
      const age = statusAge(status);
      assert.deepEqual(age && { before: age.before, after: age.after, low: age.low }, expected);
    });
  }

  void it('carries the least age the text allows forward from when the answer arrived: never ahead of the engine', () => {
    const age = statusAge('Up 26 seconds')!;
    assert.equal(ageNow(age, 1_000_000, 1_000_000), 26 * SECOND);
    assert.equal(ageNow(age, 1_000_000, 1_010_000), 36 * SECOND);
  });

  void it('with the engine’s own time: exact, held within what the text allows', () => {
    const age = statusAge('Up 3 minutes')!;
    assert.equal(ageNow(age, 1_000_000, 1_010_000, 1_000_000 - 200 * SECOND), 210 * SECOND);
    assert.equal(ageNow(age, 1_000_000, 1_010_000, 1_000_000 - 9 * HOUR), 250 * SECOND - 1, 'at most the text’s top');
    assert.equal(ageNow(age, 1_000_000, 1_010_000, 1_000_000), 190 * SECOND, 'at least the text’s bottom');
  });
});

void describe('sameStatus: a container that only grew older has not changed', () => {
  const t = 1_700_000_000_000;
  const cases: Array<[string, string, number, string, boolean]> = [
    ['identical', 'Up 3 minutes', 0, 'Up 3 minutes', true],
    ['ten seconds older', 'Up 26 seconds', 10 * SECOND, 'Up 36 seconds', true],
    ['into the next unit', 'Up 55 seconds', 10 * SECOND, 'Up About a minute', true],
    ['a minute later', 'Exited (0) 2 minutes ago', MINUTE, 'Exited (0) 3 minutes ago', true],
    ['an hour on', 'Up About a minute', HOUR, 'Up About an hour', true],
    ['restarted', 'Up 5 minutes', 10 * SECOND, 'Up 2 seconds', false],
    ['restarted within the same minute', 'Up 40 seconds', 10 * SECOND, 'Up 3 seconds', false],
    ['another exit code', 'Exited (0) 2 minutes ago', 10 * SECOND, 'Exited (1) 2 minutes ago', false],
    ['health changed', 'Up 3 minutes (healthy)', 10 * SECOND, 'Up 3 minutes (unhealthy)', false],
    ['stopped', 'Up 3 minutes', 10 * SECOND, 'Exited (0) 1 second ago', false],
    ['no age to compare', 'Created', 10 * SECOND, 'Dead', false],
  ];
  for (const [name, a, later, b, expected] of cases) void it(name, () => assert.equal(sameStatus(a, t, b, t + later), expected));
});

void describe('sameContainers', () => {
  const t = 1_700_000_000_000;
  const c = (status: string, extra: Partial<ContainerSummary> = {}): ContainerSummary => ({ Id: 'a'.repeat(64), Names: ['/web'], State: 'running', Status: status, Created: 1, ...extra });

  void it('ignores ages that only grew, and nothing else', () => {
    assert.ok(sameContainers([c('Up 26 seconds')], t, [c('Up 36 seconds')], t + 10 * SECOND));
    assert.ok(!sameContainers([c('Up 26 seconds')], t, [c('Up 2 seconds')], t + 10 * SECOND), 'restarted');
    assert.ok(!sameContainers([c('Up 26 seconds')], t, [c('Up 36 seconds', { Names: ['/renamed'] })], t + 10 * SECOND), 'renamed');
    assert.ok(!sameContainers([c('Up 26 seconds')], t, [c('Up 36 seconds'), c('Up 1 second', { Id: 'b'.repeat(64) })], t + 10 * SECOND), 'one more');
    assert.ok(!sameContainers([c('Up 26 seconds')], undefined, [c('Up 36 seconds')], t), 'no arrival time: compare texts');
    assert.ok(sameContainers([], t, [], t));
  });
});

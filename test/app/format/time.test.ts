import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { formatClock, formatElapsed, formatRelative, humanDuration, nextDurationChange, nextRelativeChange } from '../../../src/app/format/time.ts';

// describe/it return promises that the node:test runner tracks itself; `void` says so to the linter.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

void describe('humanDuration (go-units HumanDuration table)', () => {
  const cases: Array<[number, string]> = [
    [0, 'Less than a second'],
    [450, 'Less than a second'],
    [1 * SECOND, '1 second'],
    [1999, '1 second'],
    [45 * SECOND, '45 seconds'],
    [59 * SECOND, '59 seconds'],
    [60 * SECOND, 'About a minute'],
    [119 * SECOND, 'About a minute'],
    [2 * MINUTE, '2 minutes'],
    [35 * MINUTE + 40 * SECOND, '35 minutes'],
    [59 * MINUTE + 59 * SECOND, '59 minutes'],
    [1 * HOUR, 'About an hour'],
    [1 * HOUR + 29 * MINUTE, 'About an hour'],
    [1 * HOUR + 31 * MINUTE, '2 hours'],
    [3 * HOUR + 29 * MINUTE, '3 hours'],
    [3 * HOUR + 31 * MINUTE, '4 hours'],
    [24 * HOUR, '24 hours'],
    [1 * DAY + 12 * HOUR, '36 hours'],
    [47 * HOUR + 29 * MINUTE, '47 hours'],
    [2 * DAY, '2 days'],
    [13 * DAY + 5 * HOUR, '13 days'],
    [2 * WEEK, '2 weeks'],
    [2 * WEEK + 4 * DAY, '2 weeks'],
    [1 * MONTH, '4 weeks'],
    [1 * MONTH + 2 * WEEK, '6 weeks'],
    [2 * MONTH, '2 months'],
    [3 * MONTH + 1 * WEEK, '3 months'],
    [23 * MONTH, '23 months'],
    [24 * MONTH, '24 months'],
    [24 * MONTH + 2 * WEEK, '2 years'],
    [3 * YEAR + 2 * MONTH, '3 years'],
    [-5 * SECOND, 'Less than a second'],
    [Number.NaN, 'Less than a second'],
  ];
  for (const [ms, expected] of cases) {
    void it(`${ms}ms → ${expected}`, () => assert.equal(humanDuration(ms), expected));
  }
});

void describe('formatRelative', () => {
  const now = Date.UTC(2024, 5, 15, 12, 0, 0);
  const nowSeconds = now / 1000;
  const cases: Array<[string, number | undefined, string]> = [
    ['just created', nowSeconds, 'Less than a second ago'],
    ['seconds, as docker ps counts them', nowSeconds - 45, '45 seconds ago'],
    ['one second', nowSeconds - 1, '1 second ago'],
    ['59.9 seconds', nowSeconds - 59.9, '59 seconds ago'],
    ['a minute', nowSeconds - 60, 'About a minute ago'],
    ['a minute and a half', nowSeconds - 90, 'About a minute ago'],
    ['minutes', nowSeconds - 3 * 60, '3 minutes ago'],
    ['an hour', nowSeconds - 3600, 'About an hour ago'],
    ['hours', nowSeconds - 2 * 3600, '2 hours ago'],
    ['days', nowSeconds - 2 * 86400, '2 days ago'],
    ['weeks', nowSeconds - 14 * 86400, '2 weeks ago'],
    ['months', nowSeconds - 90 * 86400, '3 months ago'],
    ['years', nowSeconds - 2 * 365 * 86400, '2 years ago'],
    ['fractional epoch seconds', nowSeconds - 125.9, '2 minutes ago'],
    ['future (engine clock ahead)', nowSeconds + 300, 'Less than a second ago'],
    ['undefined', undefined, '-'],
    ['zero means unknown', 0, '-'],
    ['negative', -10, '-'],
    ['NaN', Number.NaN, '-'],
  ];
  for (const [name, epoch, expected] of cases) {
    void it(`${name} → ${expected}`, () => assert.equal(formatRelative(epoch, now), expected));
  }
});

void describe('formatElapsed', () => {
  const cases: Array<[number, string]> = [
    [0, '0:00'],
    [999, '0:00'],
    [7 * SECOND, '0:07'],
    [62 * SECOND, '1:02'],
    [59 * MINUTE + 59 * SECOND, '59:59'],
    [HOUR, '1:00:00'],
    [HOUR + 2 * MINUTE + 3 * SECOND, '1:02:03'],
    [100 * HOUR, '100:00:00'],
    [-5 * SECOND, '0:00'],
    [Number.NaN, '0:00'],
    [Number.POSITIVE_INFINITY, '0:00'],
  ];
  for (const [ms, expected] of cases) {
    void it(`${ms}ms → ${expected}`, () => assert.equal(formatElapsed(ms), expected));
  }
});

void describe('formatClock', () => {
  // Local-time constructors, so the expectations hold in any TZ the tests run in.
  const cases: Array<[Date, string]> = [
    [new Date(2024, 0, 1, 14, 3, 27), '14:03:27'],
    [new Date(2024, 0, 1, 0, 0, 0), '00:00:00'],
    [new Date(2024, 0, 1, 9, 5, 7, 999), '09:05:07'],
    [new Date(2024, 0, 1, 23, 59, 59), '23:59:59'],
    [new Date(Number.NaN), '--:--:--'],
  ];
  for (const [date, expected] of cases) {
    void it(expected, () => assert.equal(formatClock(date), expected));
  }
});

void describe('nextDurationChange: the age at which the text turns', () => {
  const cases: Array<[number, number]> = [
    [-5 * SECOND, SECOND],
    [0, SECOND],
    [1500, 2 * SECOND],
    [59 * SECOND + 999, MINUTE],
    [MINUTE, 2 * MINUTE],
    [3 * MINUTE + 42 * SECOND, 4 * MINUTE],
    [59 * MINUTE, HOUR],
    [HOUR, 1.5 * HOUR],
    [47 * HOUR, 47.5 * HOUR],
    [3 * DAY + 10 * MINUTE, 4 * DAY - HOUR / 2],
    [13 * DAY + 5 * HOUR, 2 * WEEK - HOUR / 2],
    [8 * WEEK, 2 * MONTH - HOUR / 2],
    [23 * MONTH + 2 * DAY, 24 * MONTH - HOUR / 2],
    [24 * MONTH + DAY, 2 * YEAR - HOUR / 2],
    [2 * YEAR - HOUR / 2, 2 * YEAR],
    [3 * YEAR + 2 * MONTH, 4 * YEAR],
  ];
  for (const [age, next] of cases) void it(`${age}ms → ${next}ms`, () => assert.equal(nextDurationChange(age), next));

  void it('is exact: the text is the same just before it and differs at it', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10 * SECOND, max: 6 * YEAR }), (age) => {
        const next = nextDurationChange(age);
        assert.ok(next > age);
        assert.equal(humanDuration(next - 1), humanDuration(age));
        assert.notEqual(humanDuration(next), humanDuration(age));
      }),
      { numRuns: 2000 },
    );
  });

  void it('is exact around every boundary of the first three years', () => {
    // Walking from turn to turn meets every text go-units writes in order, none skipped or repeated.
    let age = 0;
    let turns = 0;
    let last = humanDuration(age);
    while (age < 3 * YEAR) {
      const next = nextDurationChange(age);
      assert.equal(humanDuration(next - 1), last, `just before ${next}`);
      const text = humanDuration(next);
      assert.notEqual(text, last);
      last = text;
      age = next;
      turns += 1;
    }
    // Into each text: "1 second" to "About a minute" (60), "2 minutes" to "About an hour" (59), "2
    // hours" to "2 days" (47), "3 days" to "2 weeks" (12), "3 weeks" to "2 months" (7), "3 months"
    // to "1 years" (23: go-units says so for the half hour before 2 years), "2 years", "3 years".
    assert.equal(turns, 60 + 59 + 47 + 12 + 7 + 23 + 2);
  });
});

void describe('nextRelativeChange', () => {
  const created = 1_700_000_000; // epoch seconds
  const at = (ageMs: number) => created * 1000 + ageMs;

  void it('is when the CREATED text turns: each second under a minute, each minute under an hour, then as the hours round', () => {
    assert.equal(nextRelativeChange(created, at(-5 * SECOND)), at(SECOND), 'a clock ahead of ours: once it is a second old');
    assert.equal(nextRelativeChange(created, at(400)), at(SECOND));
    assert.equal(nextRelativeChange(created, at(45 * SECOND + 300)), at(46 * SECOND));
    assert.equal(nextRelativeChange(created, at(2 * MINUTE + 5 * SECOND)), at(3 * MINUTE));
    assert.equal(nextRelativeChange(created, at(59 * MINUTE + 59 * SECOND)), at(HOUR));
    assert.equal(nextRelativeChange(created, at(HOUR)), at(1.5 * HOUR));
  });

  void it('is Infinity where formatRelative prints "-"', () => {
    for (const epoch of [undefined, 0, -3, Number.NaN, Number.POSITIVE_INFINITY]) assert.equal(nextRelativeChange(epoch, at(0)), Infinity);
  });

  void it('the text is the same until then and differs at it', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10 * SECOND, max: 3 * YEAR }), fc.double({ min: 0, max: 1, noNaN: true }), (age, fraction) => {
        const now = at(age);
        const next = nextRelativeChange(created, now);
        assert.ok(next > now);
        const between = now + Math.floor((next - now) * fraction * 0.999);
        assert.equal(formatRelative(created, between), formatRelative(created, now));
        assert.notEqual(formatRelative(created, next), formatRelative(created, now));
      }),
    );
  });
});

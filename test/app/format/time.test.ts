import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { coarseDuration, formatClock, formatElapsed, formatRelative, humanDuration, nextRelativeChange } from '../../../src/app/format/time.ts';

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
    ['just created', nowSeconds, 'Less than a minute ago'],
    ['seconds: in minutes, not seconds (a repaint a second would cost the idle budget)', nowSeconds - 45, 'Less than a minute ago'],
    ['one second', nowSeconds - 1, 'Less than a minute ago'],
    ['59.9 seconds', nowSeconds - 59.9, 'Less than a minute ago'],
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
    ['future (engine clock ahead)', nowSeconds + 300, 'Less than a minute ago'],
    ['undefined', undefined, '-'],
    ['zero means unknown', 0, '-'],
    ['negative', -10, '-'],
    ['NaN', Number.NaN, '-'],
  ];
  for (const [name, epoch, expected] of cases) {
    void it(`${name} → ${expected}`, () => assert.equal(formatRelative(epoch, now), expected));
  }
});

void describe('coarseDuration', () => {
  const cases: Array<[number, string]> = [
    [-5 * SECOND, 'Less than a minute'],
    [Number.NaN, 'Less than a minute'],
    [0, 'Less than a minute'],
    [59 * SECOND + 999, 'Less than a minute'],
    [MINUTE, 'About a minute'],
    [2 * MINUTE, '2 minutes'],
    [HOUR + 31 * MINUTE, '2 hours'],
    [3 * YEAR + 2 * MONTH, '3 years'],
  ];
  for (const [ms, expected] of cases) void it(`${ms}ms → ${expected}`, () => assert.equal(coarseDuration(ms), expected));

  void it('is humanDuration from a minute on', () => {
    fc.assert(fc.property(fc.integer({ min: MINUTE, max: 5 * YEAR }), (ms) => assert.equal(coarseDuration(ms), humanDuration(ms))));
  });
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

void describe('nextRelativeChange', () => {
  const created = 1_700_000_000; // epoch seconds
  const at = (ageMs: number) => created * 1000 + ageMs;

  void it('is the next minute under an hour, the next half hour after', () => {
    assert.equal(nextRelativeChange(created, at(-5 * SECOND)), at(MINUTE), 'a clock ahead of ours: once it is a minute old');
    assert.equal(nextRelativeChange(created, at(400)), at(MINUTE));
    assert.equal(nextRelativeChange(created, at(45 * SECOND + 300)), at(MINUTE), 'no tick a second while under a minute');
    assert.equal(nextRelativeChange(created, at(59 * SECOND)), at(MINUTE));
    assert.equal(nextRelativeChange(created, at(2 * MINUTE + 5 * SECOND)), at(3 * MINUTE));
    assert.equal(nextRelativeChange(created, at(59 * MINUTE + 59 * SECOND)), at(HOUR));
    assert.equal(nextRelativeChange(created, at(HOUR)), at(1.5 * HOUR));
    assert.equal(nextRelativeChange(created, at(3 * DAY + 10 * MINUTE)), at(72.5 * HOUR));
  });

  void it('changes at most once in the first minute and once a minute in the first hour', () => {
    let t = at(0);
    let changes = 0;
    while (t < at(HOUR)) {
      t = nextRelativeChange(created, t);
      changes += 1;
    }
    assert.equal(changes, 60);
  });

  void it('is Infinity where formatRelative prints "-"', () => {
    for (const epoch of [undefined, 0, -3, Number.NaN, Number.POSITIVE_INFINITY]) assert.equal(nextRelativeChange(epoch, at(0)), Infinity);
  });

  void it('never lets the text change before it, and is always later than now', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10 * SECOND, max: 3 * YEAR }), fc.double({ min: 0, max: 1, noNaN: true }), (age, fraction) => {
        const now = at(age);
        const next = nextRelativeChange(created, now);
        assert.ok(next > now);
        const between = now + Math.floor((next - now) * fraction * 0.999);
        assert.equal(formatRelative(created, between), formatRelative(created, now));
      }),
    );
  });

  void it('under an hour old, the text does change at that moment', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: HOUR - 1 }), (age) => {
        const next = nextRelativeChange(created, at(age));
        assert.notEqual(formatRelative(created, next), formatRelative(created, at(age)));
      }),
    );
  });
});

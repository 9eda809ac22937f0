import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import fc from 'fast-check';

import { isAfter, MAX_TIMESTAMP_PREFIX, parseTimestamp, splitTimestamp } from '../../../src/state/logs/timestamp.ts';

void describe('splitTimestamp', () => {
  const valid: Array<[string, string, number, string]> = [
    // [line, time, timeMs, rest]
    ['2026-11-22T13:48:57.123456789Z hello', '2026-11-22T13:48:57.123456789Z', Date.UTC(2026, 10, 22, 13, 48, 57, 123), 'hello'],
    ['2026-11-22T13:48:57.999999999Z x', '2026-11-22T13:48:57.999999999Z', Date.UTC(2026, 10, 22, 13, 48, 57, 999), 'x'],
    ['2026-11-22T13:48:57Z no fraction', '2026-11-22T13:48:57Z', Date.UTC(2026, 10, 22, 13, 48, 57), 'no fraction'],
    ['2026-11-22T13:48:57.5Z half', '2026-11-22T13:48:57.5Z', Date.UTC(2026, 10, 22, 13, 48, 57, 500), 'half'],
    ['2026-11-22T13:48:57.123+02:00 off', '2026-11-22T13:48:57.123+02:00', Date.UTC(2026, 10, 22, 11, 48, 57, 123), 'off'],
    ['2026-11-22T13:48:57-05:30 neg', '2026-11-22T13:48:57-05:30', Date.UTC(2026, 10, 22, 19, 18, 57), 'neg'],
    ['2026-11-22t13:48:57z lower', '2026-11-22t13:48:57z', Date.UTC(2026, 10, 22, 13, 48, 57), 'lower'],
    ['2026-11-22T13:48:57.000000000Z ', '2026-11-22T13:48:57.000000000Z', Date.UTC(2026, 10, 22, 13, 48, 57), ''],
    ['2026-11-22T13:48:57.000000000Z', '2026-11-22T13:48:57.000000000Z', Date.UTC(2026, 10, 22, 13, 48, 57), ''],
    ['2026-11-22T13:48:57Z  two spaces', '2026-11-22T13:48:57Z', Date.UTC(2026, 10, 22, 13, 48, 57), ' two spaces'],
    ['2024-02-29T00:00:00Z leap day', '2024-02-29T00:00:00Z', Date.UTC(2024, 1, 29), 'leap day'],
    ['2016-12-31T23:59:60Z leap second', '2016-12-31T23:59:60Z', Date.UTC(2017, 0, 1), 'leap second'],
    ['0001-01-01T00:00:00Z go zero time', '0001-01-01T00:00:00Z', -62135596800000, 'go zero time'],
  ];
  for (const [line, time, timeMs, rest] of valid) {
    void it(`parses ${JSON.stringify(line)}`, () => {
      assert.deepEqual(splitTimestamp(line), { time, timeMs, rest });
    });
  }

  const invalid = [
    'hello world',
    '',
    '2026-11-22 13:48:57Z space instead of T',
    '2026-11-22T13:48:57.123456789Zhello',
    '2026-11-22T13:48:57.1234567890Z ten digits',
    '2026-11-22T13:48:57 no zone',
    '2026-13-22T13:48:57Z month 13',
    '2026-00-22T13:48:57Z month 0',
    '2026-02-29T13:48:57Z not a leap year',
    '2026-04-31T13:48:57Z april 31',
    '2026-11-22T24:00:00Z hour 24',
    '2026-11-22T13:60:00Z minute 60',
    '2026-11-22T13:48:61Z second 61',
    '2026-11-22T13:48:57+24:00 offset',
    ' 2026-11-22T13:48:57Z leading space',
  ];
  for (const line of invalid) {
    void it(`rejects ${JSON.stringify(line)}`, () => {
      assert.equal(splitTimestamp(line), undefined);
    });
  }

  void it('agrees with Date.parse on millisecond-precision UTC timestamps', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }),
        fc.string(),
        (date, message) => {
          const iso = date.toISOString();
          const split = splitTimestamp(`${iso} ${message}`);
          assert.deepEqual(split, { time: iso, timeMs: date.getTime(), rest: message });
        },
      ),
    );
  });

  void it('never consumes more than MAX_TIMESTAMP_PREFIX characters', () => {
    const longest = '2006-01-02T15:04:05.999999999+07:00';
    const split = splitTimestamp(`${longest} x`);
    assert.equal(split?.time, longest);
    assert.equal(longest.length + 1, MAX_TIMESTAMP_PREFIX);
  });
});

void describe('isAfter', () => {
  void it('keeps strictly newer lines and lines without a time', () => {
    assert.equal(isAfter({ stream: 'stdout', text: '', timeMs: 11 }, 10), true);
    assert.equal(isAfter({ stream: 'stdout', text: '', timeMs: 10 }, 10), false);
    assert.equal(isAfter({ stream: 'stdout', text: '', timeMs: 9 }, 10), false);
    assert.equal(isAfter({ stream: 'stdout', text: '' }, 10), true);
  });
});

void describe('splitTimestamp on a run of lines', () => {
  // A log's lines mostly share their second with the line before, and splitTimestamp then reads
  // only the fraction (sameSecond). Lines drawn from a few seconds and zones, with fractions and
  // endings that are right and wrong, must split exactly as the pattern and a Date split them.
  const head = fc.constantFrom('2026-11-22T13:48:57', '2026-11-22T13:48:58', '2016-12-31T23:59:60', '2026-11-22t13:48:57', '2026-02-30T00:00:00', '0001-01-01T00:00:00');
  const fraction = fc.oneof(fc.constant(''), fc.constant('.'), fc.stringMatching(/^\.\d{1,12}$/));
  const zone = fc.constantFrom('Z', 'z', '+02:00', '-05:30', '+24:00', '+02:0', 'X', '');
  const ending = fc.constantFrom('', ' ', ' hello', 'x', '  two', '9 digit after');
  const line = fc.tuple(head, fraction, zone, ending).map((parts) => parts.join(''));
  void it('gives what the full parse gives, line after line', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 40 }), (lines) => {
        for (const l of lines) {
          const quick = splitTimestamp(l);
          assert.deepEqual(quick, parseTimestamp(l), l);
        }
      }),
      { numRuns: 400 },
    );
  });
});

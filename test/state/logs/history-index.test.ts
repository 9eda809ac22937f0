import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import fc from 'fast-check';

import { engineTime, HistoryIndex, timeKey, trimNewer, trimOlder } from '../../../src/state/logs/history-index.ts';
import { splitTimestamp } from '../../../src/state/logs/timestamp.ts';
import type { LogLine } from '../../../src/state/logs/types.ts';

const at = (time: string, text = time): LogLine => ({ stream: 'stdout', text, time });
const texts = (ls: readonly LogLine[]): string[] => ls.map((l) => l.text);

void describe('history index', () => {
  void it('keys every timestamp as its whole-second time and its fraction spelled out to nine digits', () => {
    const time = fc
      .tuple(fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 60 }), fc.stringMatching(/^(\.\d{1,9})?$/), fc.constantFrom('Z', '+01:00', '-05:30'))
      .map(([y, mo, d, h, mi, s, frac, zone]) => `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}T${String(h).padStart(2, '0')}:${String(mi).padStart(2, '0')}:${String(s).padStart(2, '0')}${frac}${zone}`);
    fc.assert(
      fc.property(fc.array(time, { minLength: 1, maxLength: 20 }), (times) => {
        for (const t of times) {
          const split = splitTimestamp(t);
          const fraction = /\.(\d{1,9})/.exec(t)?.[1] ?? '';
          const expected = split === undefined ? undefined : BigInt(Math.floor(split.timeMs / 1000)) * 1_000_000_000n + BigInt(fraction.padEnd(9, '0'));
          assert.equal(timeKey(t), expected, t);
        }
      }),
      { numRuns: 300 },
    );
  });

  void it('reads a timestamp to the nanosecond, and writes it as since/until take it', () => {
    assert.equal(timeKey('2024-01-02T03:04:05.123456789Z'), 1704164645123456789n);
    assert.equal(engineTime('2024-01-02T03:04:05.123456789Z'), '1704164645.123456789');
    assert.equal(engineTime('2024-01-02T03:04:05Z'), '1704164645.000000000');
    assert.equal(engineTime('2024-01-02T04:04:05.5+01:00'), '1704164645.500000000');
    assert.equal(engineTime('not a time'), undefined);
  });

  void it('keeps a checkpoint every N lines with its rank among lines of the same time', () => {
    const index = new HistoryIndex(2);
    const times = ['2024-01-01T00:00:01.000000001Z', '2024-01-01T00:00:01.000000001Z', '2024-01-01T00:00:01.000000001Z', '2024-01-01T00:00:02Z', '2024-01-01T00:00:03Z'];
    assert.deepEqual(times.map((t) => index.add(at(t))), [0, 1, 2, 0, 0]);
    assert.equal(index.count, 5);
    assert.deepEqual(index.checkpoints.map((c) => [c.line, c.rank]), [[0, 0], [2, 2], [4, 0]]);
    assert.equal(index.before('2024-01-01T00:00:03Z')?.line, 2, 'the last checkpoint strictly older');
    assert.equal(index.before('2024-01-01T00:00:01.000000001Z'), undefined);
    assert.equal(index.atOrBefore(3)?.line, 2);
    assert.ok(index.covers('2024-01-01T00:00:02Z'));
    assert.ok(!index.covers('2024-01-01T00:00:04Z'));
  });

  void it('drops the lines of the boundary time the window already holds, at either edge', () => {
    const t = '2024-01-01T00:00:05Z';
    const page = [at('2024-01-01T00:00:04Z', 'a'), at(t, 'b'), at(t, 'c'), at(t, 'd')];
    // The window starts with c, d (two of the group): the page keeps a and b.
    assert.deepEqual(texts(trimOlder(page, t, 2)), ['a', 'b']);
    // The window holds the whole group: only a is new.
    assert.deepEqual(texts(trimOlder(page, t, 5)), ['a']);
    const newer = [at(t, 'b'), at(t, 'c'), at('2024-01-01T00:00:06Z', 'e')];
    assert.deepEqual(texts(trimNewer(newer, t, 1)), ['c', 'e']);
    assert.deepEqual(texts(trimNewer(newer, t, 0)), ['b', 'c', 'e']);
  });
});

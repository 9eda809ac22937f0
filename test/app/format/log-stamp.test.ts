/** The logs view's timestamps (app/format/log-stamp.ts): UTC as the engine wrote it, local, relative; three formats. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lineStamp, relativeStamp } from '../../../src/app/format/log-stamp.ts';

const time = '2026-12-02T09:05:07.123456789Z';
const line = { time, timeMs: Date.parse(time) };

test('UTC keeps the engine’s own text in iso, and is cut from it in the other formats', () => {
  assert.equal(lineStamp(line, 'utc', 0, 'iso'), time);
  assert.equal(lineStamp(line, 'utc', 0, 'time'), '09:05:07.123');
  assert.equal(lineStamp(line, 'utc', 0, 'datetime'), '2026-12-02 09:05:07');
  assert.equal(lineStamp({ time: '2026-12-02T09:05:07Z', timeMs: Date.parse('2026-12-02T09:05:07Z') }, 'utc', 0, 'time'), '09:05:07.000');
});

test('local time is the same moment with the offset of the zone berth runs in', () => {
  const iso = lineStamp(line, 'local', 0, 'iso') ?? '';
  assert.match(iso, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.123(Z|[+-]\d\d:\d\d)$/);
  assert.equal(Date.parse(iso), Date.parse('2026-12-02T09:05:07.123Z'), 'the same moment');
  assert.match(lineStamp(line, 'local', 0, 'time') ?? '', /^\d\d:05:07\.123$|^\d\d:\d5:07\.123$/);
});

test('relative: seconds, then minutes and seconds, hours and minutes, days and hours', () => {
  const at = Date.parse(time);
  assert.equal(lineStamp(line, 'relative', at + 12_400), '-12s');
  assert.equal(relativeStamp(at, at + 184_000), '-3m04s');
  assert.equal(relativeStamp(at, at + (2 * 3600 + 5 * 60) * 1000), '-2h05m');
  assert.equal(relativeStamp(at, at + (3 * 86_400 + 4 * 3600) * 1000), '-3d04h');
  assert.equal(relativeStamp(at + 2000, at), '+2s', 'a line from ahead of this clock');
});

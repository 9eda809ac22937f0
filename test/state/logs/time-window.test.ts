import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { engineSeconds, nextPreset, parseTimePoint, parseTimeWindow, resolveWindow, WINDOW_PRESETS } from '../../../src/state/logs/time-window.ts';

void describe('time windows', () => {
  it('reads relative points and RFC 3339 times, and says what it cannot read', () => {
    assert.deepEqual(parseTimePoint('10m'), { agoMs: 600_000 });
    assert.deepEqual(parseTimePoint('1.5h'), { agoMs: 5_400_000 });
    assert.deepEqual(parseTimePoint('30s'), { agoMs: 30_000 });
    assert.deepEqual(parseTimePoint('2024-05-01T10:00:00Z'), { atMs: Date.UTC(2024, 4, 1, 10) });
    assert.deepEqual(parseTimePoint('2024-05-01T12:00:00.5+02:00'), { atMs: Date.UTC(2024, 4, 1, 10, 0, 0, 500) });
    assert.deepEqual(parseTimePoint('2026-11-26T04:43:10.123456789Z'), { atMs: Date.UTC(2026, 10, 26, 4, 43, 10, 123) });
    assert.match(parseTimePoint('yesterday') as string, /is not a time/);
    assert.match(parseTimePoint('2024-05-01T10:00:00') as string, /is not a time/, 'a time without its zone is refused');
  });

  it('reads since [until], a date and time with a space kept together', () => {
    assert.deepEqual(parseTimeWindow('10m'), { label: 'since 10m ago', since: { agoMs: 600_000 } });
    assert.deepEqual(parseTimeWindow('1h 30m'), { label: '1h – 30m', since: { agoMs: 3_600_000 }, until: { agoMs: 1_800_000 } });
    const spaced = parseTimeWindow('2024-05-01 10:00:00Z');
    assert.deepEqual(typeof spaced === 'string' ? spaced : spaced.since, { atMs: Date.UTC(2024, 4, 1, 10) });
    assert.equal(typeof parseTimeWindow('1m 2m 3m'), 'string');
    assert.equal(typeof parseTimeWindow('10m soon'), 'string');
  });

  it('cycles the presets, then back to everything', () => {
    const labels: Array<string | undefined> = [];
    let label: string | undefined;
    for (let i = 0; i < WINDOW_PRESETS.length + 1; i++) {
      label = nextPreset(label)?.label;
      labels.push(label);
    }
    assert.deepEqual(labels, ['last 1 m', 'last 5 m', 'last 15 m', 'last 1 h', 'since the container started', undefined]);
    assert.equal(nextPreset('since 10m ago')?.label, 'last 1 m', 'a typed window: the first preset next');
  });

  it('resolves points at the time the window opens', () => {
    assert.deepEqual(resolveWindow({ label: 'x', since: { agoMs: 1000 }, until: { atMs: 5 } }, 10_000), { sinceMs: 9000, untilMs: 5 });
    assert.deepEqual(resolveWindow({ label: 'x', started: true }, 10_000, 1234), { sinceMs: 1234, untilMs: undefined });
    assert.equal(engineSeconds(1_700_000_000_123), '1700000000.123');
  });
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fitPulse, pulseDemands, pulseParts } from '../../src/app/pulse.ts';
import { initialAppState } from '../../src/app/types.ts';
import type { ContainerSummary } from '../../src/engine/types.ts';
import { initialEngineState } from '../../src/state/engine-state.ts';
import type { PulseState } from '../../src/state/pulse/engine-pulse.ts';
import { uiContext } from '../support/ui-context.ts';

const a = 'a'.repeat(64);
const b = 'b'.repeat(64);
const items: ContainerSummary[] = [
  { Id: a, Names: ['/a'], State: 'running', Status: 'Up 1 minute' },
  { Id: b, Names: ['/b'], State: 'running', Status: 'Up 1 minute' },
  { Id: 'c'.repeat(64), Names: ['/c'], State: 'exited', Status: 'Exited (0)' },
];
const ctxWith = (pulse: PulseState, streamed = false) =>
  uiContext({
    engine: { ...initialEngineState('unix:///fake.sock'), containers: { items, loaded: true, stale: false, refreshedAt: 0 } },
    pulse: { ncpu: 2, ...pulse },
    stats: { byId: new Map(streamed ? [[b, { cpuPercent: 5, memUsed: 2 ** 20, netRx: 0, netTx: 0, blockRead: 0, blockWrite: 0, at: 0 }]] : []), version: 1 },
  });
const on = { ...initialAppState(), pulse: true };

test('the pulse asks for the running containers cgroup files, and the engine’s stats only for those the files do not cover', () => {
  assert.deepEqual(pulseDemands(on, ctxWith({})), { pulse: true, pulseContainers: [a, b], stats: [] }, 'no stream before the files are looked at');
  assert.deepEqual(pulseDemands(on, ctxWith({ cgroupMissing: new Set([b]) })).stats, [b]);
  assert.deepEqual(pulseDemands({ ...on, pulse: false }, ctxWith({})), {});
});

test('a crash loop between its runs (restarting) is not measured: no cgroup to look for, no stats asked of the engine', () => {
  const loop = 'd'.repeat(64);
  const looping = [...items, { Id: loop, Names: ['/loop'], State: 'restarting', Status: 'Restarting (1) 3 seconds ago' }];
  const ctx = uiContext({
    engine: { ...initialEngineState('unix:///fake.sock'), containers: { items: looping, loaded: true, stale: false, refreshedAt: 0 } },
    pulse: { ncpu: 2, cgroupMissing: new Set([loop]), cgroupFigures: new Map([[a, { cpuPercent: 10, memUsed: 2 ** 20 }], [b, { cpuPercent: 20, memUsed: 2 ** 20 }]]) },
    stats: { byId: new Map(), version: 1 },
  });
  assert.deepEqual(pulseDemands(on, ctx), { pulse: true, pulseContainers: [a, b], stats: [] });
  const line = pulseParts(ctx).join(' · ');
  assert.match(line, /2 running · 1 restarting · 1 exited/);
  assert.match(line, /CPU 30\.0% of 200% · mem/, 'every container with processes measured: no "(2/3 measured)"');
});

test('the line sums the cgroup figures, and says when some come from the engine’s stats', () => {
  const local = new Map([[a, { cpuPercent: 10, memUsed: 2 ** 20 }]]);
  const fromFiles = pulseParts(ctxWith({ cgroupFigures: new Map([...local, [b, { cpuPercent: 20, memUsed: 2 ** 20 }]]) }));
  assert.match(fromFiles.join(' · '), /CPU 30\.0% of 200% · mem 2(\.0)?MiB/);
  assert.doesNotMatch(fromFiles.join(' · '), /engine's stats/);
  const mixed = pulseParts(ctxWith({ cgroupFigures: local, cgroupMissing: new Set([b]) }, true)).join(' · ');
  assert.match(mixed, /CPU 15\.0% of 200% \(1 from the engine's stats\)/);
});

test('the line fits its width: tighter separators, then without the rates, the disk kept to the last', () => {
  const parts = ['2 running · 1 exited', 'CPU 12.5% of 800% (2 from the engine\'s stats)', 'mem 300MiB of 16GiB', 'net ↓120kB/s ↑640kB/s', 'block r 1.2MB/s w 7.6MB/s', 'disk 2.5GB, 1.2GB reclaimable'];
  assert.equal(fitPulse(parts, 200), parts.join('  ·  '));
  assert.equal(fitPulse(parts, 180), parts.join(' · '));
  const at120 = fitPulse(parts, 120);
  assert.equal(at120, '2 running · 1 exited · CPU 12.5% of 800% · mem 300MiB of 16GiB · disk 2.5GB, 1.2GB reclaimable', 'the rates and the note went; the disk stayed');
  const at90 = fitPulse(parts, 90);
  assert.equal(at90, '2 running · 1 exited · CPU 12.5% · mem 300MiB · disk 2.5GB, 1.2GB reclaimable', 'then the host totals');
  assert.equal(fitPulse(parts, 30).length, 30, 'cut only where nothing else fits');
});

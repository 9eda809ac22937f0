import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diskSummary } from '../../src/state/pulse/disk-summary.ts';
import { diskSize, stateCounts } from '../../src/app/pulse.ts';

test('docker system df’s figures: totals and what prune could reclaim, per kind', () => {
  const summary = diskSummary({
    LayersSize: 1000,
    Images: [
      { Id: 'a', Size: 600, SharedSize: 100, Containers: 1 },
      { Id: 'b', Size: 400, SharedSize: 100, Containers: 0 },
      { Id: 'c', Size: 50, SharedSize: -1, Containers: 2 },
    ],
    Containers: [
      { Id: '1', State: 'running', SizeRw: 10 },
      { Id: '2', State: 'exited', SizeRw: 20 },
      { Id: '3', State: 'paused', SizeRw: 5 },
    ],
    Volumes: [
      { Name: 'v1', UsageData: { Size: 300, RefCount: 0 } },
      { Name: 'v2', UsageData: { Size: 200, RefCount: 1 } },
      { Name: 'v3', UsageData: { Size: -1, RefCount: 0 } },
    ],
    BuildCache: [
      { ID: 'x', Size: 70, InUse: false, Shared: false },
      { ID: 'y', Size: 30, InUse: true, Shared: false },
      { ID: 'z', Size: 99, InUse: false, Shared: true },
    ],
  });
  assert.deepEqual(summary.images, { size: 1000, reclaimable: 500 });
  assert.deepEqual(summary.containers, { size: 35, reclaimable: 20 });
  assert.deepEqual(summary.volumes, { size: 500, reclaimable: 300 });
  assert.deepEqual(summary.buildCache, { size: 100, reclaimable: 70 });
  assert.deepEqual(summary.total, { size: 1635, reclaimable: 890 });
  assert.deepEqual(diskSummary({}).total, { size: 0, reclaimable: 0 });
});

test('disk sizes as docker system df prints them', () => {
  assert.equal(diskSize(1_984_123), '1.984MB');
  assert.equal(diskSize(0), '0B');
  assert.equal(diskSize(999), '999B');
  assert.equal(diskSize(12_345_678_901), '12.35GB');
});

test('containers by state, unhealthy ones among the running', () => {
  const counts = stateCounts([
    { Id: '1', State: 'running', Status: 'Up 1 minute (unhealthy)' },
    { Id: '2', State: 'running', Status: 'Up 1 minute' },
    { Id: '3', State: 'exited', Status: 'Exited (0) 1 minute ago' },
    { Id: '4', State: 'restarting' },
  ]);
  assert.equal(counts.running, 2);
  assert.equal(counts.unhealthy, 1);
  assert.equal(counts.exited, 1);
  assert.equal(counts.restarting, 1);
});

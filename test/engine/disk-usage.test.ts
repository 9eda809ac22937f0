/** `/system/df`'s two shapes (engine/disk-usage.ts): the older arrays, API 1.52's per-kind objects, and both at once. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readDiskUsage } from '../../src/engine/disk-usage.ts';
import { diskReport } from '../../src/state/disk/disk-report.ts';

const image = { Id: 'sha256:aa', RepoTags: ['app:1'], Size: 300, SharedSize: 100, Containers: 1 };
const container = { Id: 'c1', Names: ['/web'], State: 'exited', SizeRw: 40, SizeRootFs: 340 };
const volume = { Name: 'data', UsageData: { Size: 500, RefCount: 0 } };
const cache = { ID: 'b1', Type: 'regular', Size: 9, InUse: false, Shared: false, Description: 'RUN make' };

const older = { LayersSize: 300, Images: [image], Containers: [container], Volumes: [volume], BuildCache: [cache] };
const newer = {
  ImageUsage: { ActiveCount: 1, TotalCount: 1, Reclaimable: 0, TotalSize: 300, Items: [image] },
  ContainerUsage: { ActiveCount: 0, TotalCount: 1, Reclaimable: 40, TotalSize: 40, Items: [container] },
  VolumeUsage: { ActiveCount: 0, TotalCount: 1, Reclaimable: 500, TotalSize: 500, Items: [volume] },
  BuildCacheUsage: { ActiveCount: 0, TotalCount: 1, Reclaimable: 9, TotalSize: 9, Items: [cache] },
};

test('the older shape: its arrays, as they came', () => {
  const read = readDiskUsage(older);
  assert.equal(read.LayersSize, 300);
  assert.deepEqual(read.Images, [image]);
  assert.deepEqual(read.Containers, [container]);
  assert.deepEqual(read.Volumes, [volume]);
  assert.deepEqual(read.BuildCache, [cache]);
  assert.equal(read.engineTotals, undefined);
});

test('the newer shape (verbose): the items become the arrays, the engine’s totals are kept', () => {
  const read = readDiskUsage(newer);
  assert.deepEqual(read.Images, [image]);
  assert.deepEqual(read.Containers, [container]);
  assert.deepEqual(read.Volumes, [volume]);
  assert.deepEqual(read.BuildCache, [cache]);
  assert.deepEqual(read.engineTotals?.volumes, { totalSize: 500, reclaimable: 500, activeCount: 0, totalCount: 1 });
  assert.deepEqual(read.engineTotals?.images, { totalSize: 300, reclaimable: 0, activeCount: 1, totalCount: 1 });
});

test('the two shapes read the same report', () => {
  assert.deepEqual(diskReport(readDiskUsage(newer)), diskReport(readDiskUsage(older)));
});

test('the CHANGELOG’s plural names are read too; both shapes at once (1.52 without verbose) take the arrays once', () => {
  const plural = readDiskUsage({ ImagesUsage: newer.ImageUsage, ContainersUsage: newer.ContainerUsage, VolumesUsage: newer.VolumeUsage, BuildCacheUsage: newer.BuildCacheUsage });
  assert.deepEqual(plural.Volumes, [volume]);
  assert.deepEqual(plural.Images, [image]);
  const both = readDiskUsage({ ...older, ImageUsage: { TotalSize: 300, ActiveCount: 1, TotalCount: 1, Reclaimable: 0 }, VolumeUsage: { TotalSize: 500 } });
  assert.deepEqual(both.Images, [image]);
  assert.deepEqual(both.Volumes, [volume]);
  assert.equal(both.engineTotals?.volumes?.totalSize, 500);
});

test('nulls, junk and missing parts read as nothing, never a throw', () => {
  assert.deepEqual(readDiskUsage(null), {});
  assert.deepEqual(readDiskUsage('x'), {});
  const read = readDiskUsage({ Images: null, Volumes: [null, 3, { Name: 'ok' }, { Size: 1 }], BuildCache: null, ContainerUsage: { Items: null, TotalSize: 'x' } });
  assert.equal(read.Images, undefined);
  assert.deepEqual(read.Volumes, [{ Name: 'ok' }]);
  assert.deepEqual(read.engineTotals?.containers, {});
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ContainerSummary, ImageSummary } from '../../../src/engine/types.ts';
import { containerRows } from '../../../src/ui/rows/container-rows.ts';
import { imageRows } from '../../../src/ui/rows/image-rows.ts';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);

function container(id: string, name: string, createdAgoS: number, state = 'running'): ContainerSummary {
  return { Id: id.padEnd(64, '0'), Names: [`/${name}`], Image: 'busybox', State: state, Status: state === 'running' ? 'Up 1 hour' : 'Created', Created: Math.floor(NOW / 1000) - createdAgoS };
}

test('rows: running only unless all; the filter matches id, name and image', () => {
  const items = [container('aaa', 'web', 30), container('bbb', 'job', 90, 'created'), container('ccc', 'db', 4000)];
  assert.deepEqual(containerRows(items, { showAll: false, filter: '', nowMs: NOW }).map((r) => r.cells.name), ['web', 'db']);
  assert.deepEqual(containerRows(items, { showAll: true, filter: '', nowMs: NOW }).map((r) => r.cells.name), ['web', 'job', 'db']);
  assert.deepEqual(containerRows(items, { showAll: true, filter: ' BB ', nowMs: NOW }).map((r) => r.cells.name), ['job']);
  assert.deepEqual(containerRows(items, { showAll: true, filter: 'busy', nowMs: NOW }).length, 3);
});

test('rows are built once per container object: filtering again reuses them, and a clock that moved redoes only CREATED', () => {
  const items = [container('aaa', 'web', 30), container('bbb', 'old', 7200)];
  const first = containerRows(items, { showAll: true, filter: '', nowMs: NOW });
  const filtered = containerRows(items, { showAll: true, filter: 'old', nowMs: NOW });
  assert.equal(filtered[0], first[1], 'the same row object');
  const later = containerRows(items, { showAll: true, filter: '', nowMs: NOW + 60_000 });
  assert.notEqual(later[0], first[0], '30 s old became 90 s old: a new row…');
  assert.notEqual(later[0]?.cells.created, first[0]?.cells.created);
  assert.equal(later[0]?.cells.name, 'web', '…with the rest as it was');
  assert.equal(later[1], first[1], 'two hours old reads the same a minute later: the same row');
  // A new object for the same container (it changed) gets a row of its own.
  const changed = { ...items[0]!, Status: 'Up 2 hours' };
  assert.equal(containerRows([changed], { showAll: true, filter: '', nowMs: NOW + 60_000 })[0]?.cells.status, 'Up 2 hours');
});

test('image rows: one per tag, reused while the image object and its CREATED text stand', () => {
  const image: ImageSummary = { Id: `sha256:${'e'.repeat(64)}`, RepoTags: ['a/one:1', 'a/two:2'], Created: Math.floor(NOW / 1000) - 86_400 * 3, Size: 1000 };
  const first = imageRows([image], { filter: '', nowMs: NOW });
  assert.deepEqual(first.map((r) => r.tag), ['a/one:1', 'a/two:2']);
  const filtered = imageRows([image], { filter: 'two', nowMs: NOW });
  assert.equal(filtered[0], first[1]);
  assert.equal(imageRows([image], { filter: '', nowMs: NOW + 1000 })[0], first[0], 'CREATED reads the same: same rows');
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ContainerRow } from '../../../src/app/rows/container-rows.ts';
import type { ImageRow } from '../../../src/app/rows/image-rows.ts';
import { containerSorts, imageSorts, isDescending, nextSort, sortContainerRows, sortImageRows, volumeSorts } from '../../../src/app/rows/sort.ts';

function crow(id: string, name: string, state: string, image = 'img'): ContainerRow {
  return { id, state, haystack: '', cells: { id, name, image, state, status: '', ports: '' } };
}
function irow(tag: string, sizeBytes: number): ImageRow {
  return { key: tag, imageId: `sha256:${tag}`, tag, sizeBytes, haystack: '', cells: { id: '', tag, size: '', parent: '' } };
}

test('nextSort cycles each pane through its orders and back', () => {
  assert.deepEqual(['created', 'name', 'image', 'state', 'size'].map((s) => nextSort(containerSorts, s)), ['name', 'image', 'state', 'size', 'created']);
  assert.deepEqual(['name', 'size', 'used-by'].map((s) => nextSort(volumeSorts, s)), ['size', 'used-by', 'name']);
  assert.deepEqual(['created', 'size', 'tag'].map((s) => nextSort(imageSorts, s)), ['size', 'tag', 'created']);
  assert.equal(nextSort(imageSorts, 'state'), 'created', 'an order from the other pane starts over');
  assert.ok(isDescending('created') && isDescending('size') && isDescending('used-by') && !isDescending('name'));
});

test('containers by writable layer: biggest first, not measured last; ties keep the newest-first order', () => {
  const rows = [crow('1', 'a', 'running'), crow('2', 'b', 'exited'), crow('3', 'c', 'running'), crow('4', 'd', 'running')];
  // The SIZE column's figures (state/columns/container-sizes.ts), by container id.
  const sizes = new Map([['1', 10], ['2', 500], ['4', 10]]);
  assert.deepEqual(sortContainerRows([...rows], 'size', undefined, sizes).map((r) => r.id), ['2', '1', '4', '3']);
});

test('containers: names compare as people read them (web-2 before web-10); states live first; ties keep the newest-first order', () => {
  const rows = [crow('1', 'web-10', 'exited'), crow('2', 'Web-2', 'running'), crow('3', 'db', 'dead'), crow('4', 'api', 'running'), crow('5', 'job', 'paused')];
  assert.deepEqual(sortContainerRows([...rows], 'name').map((r) => r.cells.name), ['api', 'db', 'job', 'Web-2', 'web-10']);
  assert.deepEqual(sortContainerRows([...rows], 'state').map((r) => r.id), ['2', '4', '5', '1', '3']);
  assert.deepEqual(sortContainerRows([...rows], 'created'), rows);
});

test('images: largest first by size; by tag with untagged rows last', () => {
  const rows = [irow('b:1', 10), irow('<none>:<none>', 500), irow('a:2', 30), irow('a:10', 30)];
  assert.deepEqual(sortImageRows([...rows], 'size').map((r) => r.tag), ['<none>:<none>', 'a:2', 'a:10', 'b:1']);
  assert.deepEqual(sortImageRows([...rows], 'tag').map((r) => r.tag), ['a:2', 'a:10', 'b:1', '<none>:<none>']);
});

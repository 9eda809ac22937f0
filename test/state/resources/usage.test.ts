import assert from 'node:assert/strict';
import { test } from 'node:test';
import { usage } from '../../../src/state/resources/resource-lists.ts';

test('who uses which volume and network, from the containers list (API 1.41 lists neither)', () => {
  const { volumes, networks } = usage([
    { Names: ['/web'], Mounts: [{ Name: 'data' }, { Name: undefined }], NetworkSettings: { Networks: { backend: {}, bridge: {} } } },
    { Names: ['/db'], Mounts: [{ Name: 'data' }], NetworkSettings: { Networks: { backend: {} } } },
    { Names: ['/lonely'], Mounts: null, NetworkSettings: null },
  ]);
  assert.deepEqual(volumes.get('data'), ['web', 'db']);
  assert.equal(volumes.size, 1);
  assert.deepEqual(networks.get('backend'), ['web', 'db']);
  assert.deepEqual(networks.get('bridge'), ['web']);
});

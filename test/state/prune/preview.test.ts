import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DiskUsage } from '../../../src/engine/prune.ts';
import { prunePreview } from '../../../src/state/prune/preview.ts';

const df: DiskUsage = {
  Containers: [
    { Id: 'c1', Names: ['/web'], State: 'running', SizeRw: 10 },
    { Id: 'c2', Names: ['/old'], State: 'exited', SizeRw: 100 },
    { Id: 'c3', Names: ['/new'], State: 'created', SizeRw: 0 },
  ],
  Images: [
    { Id: 'sha256:aaaaaaaaaaaa0000', RepoTags: ['<none>:<none>'], Size: 50, SharedSize: 20, Containers: 0 },
    { Id: 'sha256:bbbbbbbbbbbb0000', RepoTags: ['app:1'], Size: 70, SharedSize: -1, Containers: 0 },
    { Id: 'sha256:cccccccccccc0000', RepoTags: [], Size: 30, Containers: 1 },
  ],
  Volumes: [
    { Name: 'data', UsageData: { Size: 5, RefCount: 1 } },
    { Name: 'named-unused', UsageData: { Size: 7, RefCount: 0 } },
    { Name: 'unsized', UsageData: { Size: -1, RefCount: 0 } },
  ],
  BuildCache: [
    { ID: 'b1', Size: 9, InUse: false, Description: 'RUN make' },
    { ID: 'b2', Size: 4, InUse: true },
  ],
};

test('what each prune would remove, as the engine chooses, and what it frees', () => {
  assert.deepEqual(prunePreview('containers', df, { containers: [] }), { items: [{ name: 'old', size: 100 }, { name: 'new', size: 0 }], bytes: 100 });
  assert.deepEqual(prunePreview('images', df, { containers: [] }), { items: [{ name: 'aaaaaaaaaaaa', size: 30 }], bytes: 30 });
  assert.deepEqual(prunePreview('unused-images', df, { containers: [] }).items.map((i) => i.name), ['aaaaaaaaaaaa', 'app:1']);
  assert.deepEqual(prunePreview('volumes', df, { containers: [] }), { items: [{ name: 'named-unused', size: 7 }, { name: 'unsized', size: -1 }], bytes: 7 });
  assert.deepEqual(prunePreview('build', df, { containers: [] }), { items: [{ name: 'RUN make', size: 9 }], bytes: 9 });
  const networks = [
    { Id: 'n1', Name: 'bridge' },
    { Id: 'n2', Name: 'backend' },
    { Id: 'n3', Name: 'spare' },
  ];
  const containers = [{ Id: 'c1', Names: ['/web'], NetworkSettings: { Networks: { backend: {} } } }];
  assert.deepEqual(prunePreview('networks', {}, { networks, containers }), { items: [{ name: 'spare' }], bytes: 0 });
});

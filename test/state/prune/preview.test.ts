import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DiskUsage } from '../../../src/engine/prune.ts';
import { pruneOutcome } from '../../../src/state/prune/outcome.ts';
import { needsContainerSizes, prunePreview } from '../../../src/state/prune/preview.ts';

const hex = (c: string): string => `sha256:${c.repeat(64)}`;
const digest = `sha256:${'d'.repeat(64)}`;

const df: DiskUsage = {
  Containers: [
    { Id: 'c1', Names: ['/web'], State: 'running', SizeRw: 10 },
    { Id: 'c2', Names: ['/old'], State: 'exited', SizeRw: 100 },
    { Id: 'c3', Names: ['/new'], State: 'created', SizeRootFs: 4_000_000 },
  ],
  Images: [
    { Id: hex('a'), RepoTags: ['<none>:<none>'], RepoDigests: ['<none>@<none>'], Size: 50, SharedSize: 20, Containers: 0 },
    { Id: hex('b'), RepoTags: ['app:1'], Size: 70, SharedSize: -1, Containers: 0 },
    { Id: hex('c'), RepoTags: [], Size: 30, Containers: 1 },
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
  assert.deepEqual(prunePreview('containers', df, { containers: [] }), {
    items: [
      { key: 'c2', name: 'old', size: 100 },
      // SizeRw left out (omitempty) where the engine computed sizes: 0 B, as `system df -v` says.
      { key: 'c3', name: 'new', size: 0 },
    ],
    bytes: 100,
    unknownSizes: 0,
  });
  assert.deepEqual(prunePreview('images', df, { containers: [] }), { items: [{ action: 'delete', key: hex('a'), also: [], name: 'aaaaaaaaaaaa', size: 30 }], bytes: 30, unknownSizes: 0 });
  assert.deepEqual(prunePreview('unused-images', df, { containers: [] }).items.map((i) => i.name), ['aaaaaaaaaaaa', 'app:1']);
  assert.deepEqual(prunePreview('volumes', df, { containers: [], apiVersion: '1.41' }), {
    items: [
      { key: 'named-unused', name: 'named-unused', size: 7 },
      { key: 'unsized', name: 'unsized', size: -1 },
    ],
    bytes: 7,
    unknownSizes: 1,
  });
  assert.deepEqual(prunePreview('build', df, { containers: [] }), { items: [{ key: 'b1', name: 'RUN make', size: 9 }], bytes: 9, unknownSizes: 0 });
  const networks = [
    { Id: 'n1', Name: 'bridge' },
    { Id: 'n2', Name: 'backend' },
    { Id: 'n3', Name: 'spare' },
  ];
  const containers = [{ Id: 'c1', Names: ['/web'], NetworkSettings: { Networks: { backend: {} } } }];
  assert.deepEqual(prunePreview('networks', {}, { networks, containers }).items, [{ key: 'spare', name: 'spare' }]);
});

test('stopped containers without a size: the size=1 listing tells, else the preview says it does not know', () => {
  const bare: DiskUsage = { Containers: [{ Id: 'x', Names: ['/x'], State: 'exited' }, { Id: 'y', Names: ['/y'], State: 'exited' }, { Id: 'z', Names: ['/z'], State: 'running' }] };
  assert.equal(needsContainerSizes(bare), true);
  assert.equal(needsContainerSizes(df), false);
  const preview = prunePreview('containers', bare, { containers: [], containerSizes: [{ Id: 'x', SizeRw: 2048, SizeRootFs: 9000 }] });
  assert.deepEqual(preview, { items: [{ key: 'x', name: 'x', size: 2048 }, { key: 'y', name: 'y', size: undefined }], bytes: 2048, unknownSizes: 1 });
  const zero = prunePreview('containers', bare, { containers: [], containerSizes: [{ Id: 'y', SizeRootFs: 9000 }] });
  assert.deepEqual(zero.items.map((i) => i.size), [undefined, 0]);
});

// dockerd with dangling=false (moby daemon/images/image_prune.go, image_delete.go): every
// reference of every image is deleted in the reference store's order; the last one of an image
// a container uses is refused; a tag's removal takes its repository's digests when no other tag
// of that repository is left; an image goes once it has no reference, no container and no child.
const crowd: DiskUsage = {
  Images: [
    // 15 containers use it: every reference but the last ("single") one is untagged.
    { Id: hex('1'), RepoTags: ['busybox:latest', 'mirror/busybox:1'], RepoDigests: [`busybox@${digest}`], Containers: 15, Size: 5, SharedSize: 0 },
    // One tag, in use: left alone.
    { Id: hex('2'), RepoTags: ['child:1'], ParentId: hex('3'), Containers: 1, Size: 9 },
    // Unused, but the image above is built on it: untagged, and stays.
    { Id: hex('3'), RepoTags: ['base:1', 'base:2'], Containers: 0, Size: 8 },
    // Unused: every tag and the image go.
    { Id: hex('4'), RepoTags: ['app:2', 'app:1'], RepoDigests: [`app@${digest}`], Containers: 0, Size: 40, SharedSize: 10 },
    // Untagged and unused: goes in both prunes.
    { Id: hex('5'), RepoTags: [], RepoDigests: [`reg.example:5000/x@${digest}`], Containers: 0, Size: 3 },
    // Untagged and used: stays in both.
    { Id: hex('6'), RepoTags: null, Containers: 2, Size: 3 },
  ],
};

test('every unused image: the preview lists the deletes and the untags the engine does', () => {
  const preview = prunePreview('unused-images', crowd, { containers: [] });
  assert.deepEqual(
    preview.items.map((i) => [i.action, i.key, i.name]),
    [
      ['untag', 'busybox:latest', 'busybox:latest'],
      ['untag', `busybox@${digest}`, `busybox@${digest}`],
      ['untag', 'base:1', 'base:1'],
      ['untag', 'base:2', 'base:2'],
      ['delete', hex('4'), `app:1, app:2, app@${digest}`],
      ['delete', hex('5'), `reg.example:5000/x@${digest}`],
    ],
  );
  assert.match(preview.items[0]?.note ?? '', /image 111111111111 stays: 15 containers use it/);
  assert.match(preview.items[2]?.note ?? '', /an image that stays is built on it/);
  assert.equal(preview.bytes, 30 + 3);
  // Dangling only: the untagged, unused image, its digest with it.
  assert.deepEqual(
    prunePreview('images', crowd, { containers: [] }).items.map((i) => i.key),
    [hex('5')],
  );
});

test('a child known only from the full image list (an intermediate image) keeps its parent', () => {
  const images: DiskUsage = { Images: [{ Id: hex('7'), RepoTags: ['base:1'], Containers: 0 }, { Id: hex('8'), RepoTags: ['top:1'], Containers: 1 }] };
  const parents = [{ Id: hex('7') }, { Id: hex('9'), ParentId: hex('7') }, { Id: hex('8'), ParentId: hex('9') }];
  assert.deepEqual(prunePreview('unused-images', images, { containers: [], imageParents: parents }).items.map((i) => [i.action, i.key]), [['untag', 'base:1']]);
  // Without the link the parent would look free to go.
  assert.deepEqual(prunePreview('unused-images', images, { containers: [] }).items.map((i) => i.action), ['delete']);
});

test('what the prune did, in the preview’s terms: the engine’s entries are not the previewed items', () => {
  const preview = prunePreview('unused-images', crowd, { containers: [] });
  const layers = ['sha256:layer1', 'sha256:layer2', 'sha256:layer3'];
  const answer = { removed: ['busybox:latest', `busybox@${digest}`, 'base:1', 'base:2', 'app:1', 'app:2', `app@${digest}`, hex('4'), ...layers, `reg.example:5000/x@${digest}`], spaceReclaimed: 33 };
  const outcome = pruneOutcome(preview, answer);
  assert.deepEqual(outcome, { done: 5, previewed: 6, missed: [`reg.example:5000/x@${digest}`], extra: 4, entries: 12, freed: 33 });
  assert.deepEqual(pruneOutcome(preview, { removed: [], spaceReclaimed: 0 }).done, 0);
});

test('build cache: a record shared with an image or in use frees nothing, as `docker system df` counts it (issue 48)', () => {
  // The shape dockerd 20.10 answered with when `docker system df` said 95 B reclaimable.
  const cache: DiskUsage = {
    BuildCache: [
      { ID: 'shared-layer', Type: 'regular', Size: 1_400_000, InUse: false, Shared: true, Description: 'pulled from docker.io/library/busybox' },
      { ID: 'in-use', Type: 'regular', Size: 500, InUse: true, Shared: false, Description: 'mount / from exec' },
      { ID: 'in-use-shared', Type: 'regular', Size: 700, InUse: true, Shared: true },
      { ID: 'own', Type: 'regular', Size: 95, InUse: false, Shared: false, Description: 'RUN echo hi > /f' },
    ],
  };
  const preview = prunePreview('build', cache, { containers: [] });
  assert.deepEqual(
    preview.items.map((i) => [i.key, i.size, i.note]),
    [
      ['shared-layer', 0, 'shared with an image: frees nothing'],
      ['own', 95, undefined],
    ],
  );
  assert.equal(preview.bytes, 95);
  assert.equal(preview.unknownSizes, 0);
  // The result says what the engine's answer says it freed, not the preview's sum.
  const outcome = pruneOutcome(preview, { removed: ['shared-layer', 'own'], spaceReclaimed: 1_400_095 });
  assert.equal(outcome.freed, 1_400_095);
  assert.equal(outcome.done, 2);
});

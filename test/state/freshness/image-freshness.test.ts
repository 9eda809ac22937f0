/**
 * Which tags are asked about (pulled from a registry, not digest-pinned, not untagged), and what
 * an answer means for a tag and for an image a container runs (a tag pulled anew has moved on).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ImageSummary } from '../../../src/engine/types.ts';
import { Store } from '../../../src/state/store.ts';
import { askableTags, freshnessOf, ImageFreshness, imageNewerVersion, imageOutdated, loadVersionOrder, newerVersionOf, versionedRepositories, type FreshnessState } from '../../../src/state/freshness/image-freshness.ts';

const pulled: ImageSummary = { Id: 'sha256:old', RepoTags: ['reg:5000/app:1', 'reg:5000/app:latest'], RepoDigests: ['reg:5000/app@sha256:d1'] };
const built: ImageSummary = { Id: 'sha256:local', RepoTags: ['mine:dev'], RepoDigests: [] };
const untagged: ImageSummary = { Id: 'sha256:none', RepoTags: ['<none>:<none>'], RepoDigests: ['reg:5000/app@sha256:d0'] };
const state = (entries: Array<[string, { digest: string } | { error: string }]>): FreshnessState => ({ remote: new Map(entries) });

test('asked: the tags of images pulled from a registry, nothing else', () => {
  assert.deepEqual(askableTags([pulled, built, untagged]), ['reg:5000/app:1', 'reg:5000/app:latest']);
  // Podman's local builds (it gives them RepoDigests too) are no registry's.
  assert.deepEqual(askableTags([{ Id: 'p', RepoTags: ['localhost/mine:dev'], RepoDigests: ['localhost/mine@sha256:f'] }]), []);
  // A port in the registry is not a tag.
  assert.deepEqual(askableTags([{ Id: 'x', RepoTags: ['localhost:5000/a:b'], RepoDigests: ['localhost:5000/a@sha256:e'] }]), ['localhost:5000/a:b']);
});

test('a tag is current while the registry holds its digest, outdated once it holds another, unknown on an error', () => {
  assert.equal(freshnessOf(state([['reg:5000/app:1', { digest: 'sha256:d1' }]]), 'reg:5000/app:1', pulled), 'current');
  assert.equal(freshnessOf(state([['reg:5000/app:1', { digest: 'sha256:d2' }]]), 'reg:5000/app:1', pulled), 'outdated');
  assert.equal(freshnessOf(state([['reg:5000/app:1', { error: 'refused' }]]), 'reg:5000/app:1', pulled), undefined);
  assert.equal(freshnessOf(state([]), 'reg:5000/app:1', pulled), undefined);
});

test('an image is outdated by its tags, or, untagged after a pull moved its tag, by its repository’s known digest', () => {
  const moved = state([['reg:5000/app:1', { digest: 'sha256:d2' }]]);
  assert.equal(imageOutdated(moved, pulled), true);
  assert.equal(imageOutdated(moved, { ...pulled, RepoTags: [] }), true);
  assert.equal(imageOutdated(state([['reg:5000/app:1', { digest: 'sha256:d1' }]]), pulled), false);
  assert.equal(imageOutdated(moved, built), false);
  assert.equal(imageOutdated(moved, undefined), false);
});

test('newer versions: a tag that reads as a version against its repository’s tag list, never across a suffix; a container’s image by its first such tag', async () => {
  // What compares versions loads with the first tag list (at start, nothing is marked).
  const withTags0: FreshnessState = { remote: new Map(), tags: new Map([['reg:5000/app', { tags: ['2'] }]]) };
  assert.equal(newerVersionOf(withTags0, 'reg:5000/app:1'), undefined);
  await loadVersionOrder();
  const withTags: FreshnessState = { remote: new Map(), tags: new Map([['reg:5000/app', { tags: ['1', 'latest', '2', '2-alpine'] }], ['reg:5000/gone', { error: 'refused' }]]) };
  assert.equal(newerVersionOf(withTags, 'reg:5000/app:1'), '2');
  assert.equal(newerVersionOf(withTags, 'reg:5000/app:latest'), undefined);
  assert.equal(newerVersionOf(withTags, 'reg:5000/app:1-alpine'), '2-alpine');
  assert.equal(newerVersionOf(withTags, 'reg:5000/gone:1'), undefined);
  assert.equal(imageNewerVersion(withTags, pulled), '2');
  assert.equal(imageNewerVersion({ remote: new Map() }, pulled), undefined);
  // Only repositories with a tag that reads as a version are asked for their tags.
  assert.deepEqual(versionedRepositories([pulled, built, { Id: 'l', RepoTags: ['reg:5000/edge:latest'], RepoDigests: ['reg:5000/edge@sha256:e'] }]), ['reg:5000/app']);
});

test('asked all there is: no beat until the images list is another, then the new tag is asked', async () => {
  const images = new Store<readonly ImageSummary[]>([built]);
  let reads = 0;
  const asked: string[] = [];
  const client = {
    resolveCredentials: async () => ({ auth: undefined, source: 'none' }),
    distributionInspect: async (name: string) => {
      asked.push(name);
      return { Descriptor: { digest: 'sha256:d1' } };
    },
  } as never;
  const freshness = new ImageFreshness(
    () => client,
    () => {
      reads += 1;
      return images.getState();
    },
    () => false,
    5,
    images.subscribe,
  );
  freshness.watch({ freshness: true });
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  await wait(100);
  // One beat found nothing to ask; twenty beats' time later it has not looked again.
  assert.ok(reads <= 3, `${reads} reads of the images list while it stayed the same`);
  images.update(() => [built, pulled]);
  for (let i = 0; i < 100 && asked.length < 2; i++) await wait(10);
  assert.deepEqual(asked, ['reg:5000/app:1', 'reg:5000/app:latest']);
  freshness.stop();
});

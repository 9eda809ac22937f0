/**
 * Which tags are asked about (pulled from a registry, not digest-pinned, not untagged), and what
 * an answer means for a tag and for an image a container runs (a tag pulled anew has moved on).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ImageSummary } from '../../../src/engine/types.ts';
import { askableTags, freshnessOf, imageOutdated, type FreshnessState } from '../../../src/state/freshness/image-freshness.ts';

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

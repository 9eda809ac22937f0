/**
 * What berth's prunes send, for every API version berth negotiates (1.40–1.51), held against
 * what the engine does with the request (moby daemon/server/router/volume/volume_routes.go
 * postVolumesPrune: before 1.42 the `all` filter is added for the client, and sent by it is a
 * 400; from 1.42 without `all` only volumes labelled com.docker.volume.anonymous go; buildkit's
 * prune without `all` keeps shared, internal and frontend records), and the preview
 * (state/prune/preview.ts) must list exactly what goes.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pruneRequest, type DiskUsage } from '../../src/engine/prune.ts';
import { networkCreateBody } from '../../src/engine/resources.ts';
import { MAX_API_VERSION, MIN_API_VERSION } from '../../src/engine/version.ts';
import { prunePreview, type PruneTarget } from '../../src/state/prune/preview.ts';

const VERSIONS = Array.from({ length: 12 }, (_, i) => `1.${40 + i}`);

test('the versions walked are the ones berth negotiates', () => {
  assert.equal(VERSIONS[0], MIN_API_VERSION);
  assert.equal(VERSIONS.at(-1), MAX_API_VERSION);
});

const df: DiskUsage = {
  Volumes: [
    { Name: 'named-unused', Labels: {}, UsageData: { Size: 7, RefCount: 0 } },
    { Name: 'named-used', Labels: null, UsageData: { Size: 3, RefCount: 1 } },
    { Name: 'f00d'.repeat(16), Labels: { 'com.docker.volume.anonymous': '' }, UsageData: { Size: 5, RefCount: 0 } },
    { Name: 'beef'.repeat(16), Labels: { 'com.docker.volume.anonymous': '' }, UsageData: { Size: 2, RefCount: 2 } },
  ],
  BuildCache: [
    { ID: 'regular', Type: 'regular', Size: 9, InUse: false, Shared: false },
    { ID: 'shared', Type: 'regular', Size: 4, InUse: false, Shared: true },
    { ID: 'frontend', Type: 'frontend', Size: 1, InUse: false },
    { ID: 'internal', Type: 'internal', Size: 1, InUse: false },
    { ID: 'busy', Type: 'regular', Size: 8, InUse: true },
  ],
};

/** The engine's volume prune, as the route and the volume service do it: the names that go, or the 400. */
function engineVolumePrune(version: string, query: Record<string, string> | undefined): string[] | 400 {
  const filters = JSON.parse(query?.filters ?? '{}') as Record<string, string[]>;
  const minor = Number(version.split('.')[1]);
  if (minor < 42 && 'all' in filters) return 400; // Invalid filter 'all' (engine-api-notes-wave2.md §8)
  const all = minor < 42 || filters.all?.[0] === 'true';
  return (df.Volumes ?? []).filter((v) => (v.UsageData?.RefCount ?? 0) === 0 && (all || 'com.docker.volume.anonymous' in (v.Labels ?? {}))).map((v) => v.Name);
}

/** buildkit's cache prune: without `all`, shared, internal and frontend records stay. */
function engineBuildPrune(query: Record<string, string> | undefined): string[] {
  const all = query?.all === 'true' || query?.all === '1';
  return (df.BuildCache ?? []).filter((b) => !b.InUse && (all || (!b.Shared && b.Type !== 'internal' && b.Type !== 'frontend'))).map((b) => b.ID);
}

const PREVIEW_AND_REQUEST: ReadonlyArray<{ target: PruneTarget; kind: 'volumes' | 'build'; all: boolean }> = [
  { target: 'volumes', kind: 'volumes', all: false },
  { target: 'all-volumes', kind: 'volumes', all: true },
  { target: 'build', kind: 'build', all: true },
];

for (const version of VERSIONS) {
  test(`API ${version}: the volume and build-cache previews list what the request removes`, () => {
    for (const { target, kind, all } of PREVIEW_AND_REQUEST) {
      const request = pruneRequest(kind, { all }, version);
      const removed = kind === 'volumes' ? engineVolumePrune(version, request.query) : engineBuildPrune(request.query);
      assert.notEqual(removed, 400, `${target} at ${version}: the engine refuses the request`);
      const previewed = prunePreview(target, df, { containers: [], apiVersion: version }).items.map((i) => i.key);
      assert.deepEqual(previewed.sort(), (removed as string[]).sort(), `${target} at ${version}`);
    }
    const named = prunePreview('volumes', df, { containers: [], apiVersion: version }).items.some((i) => i.name === 'named-unused');
    assert.equal(named, Number(version.split('.')[1]) < 42, 'named volumes go by default only before 1.42');
  });

  test(`API ${version}: images, containers and networks send the same request`, () => {
    assert.deepEqual(pruneRequest('images', {}, version), { path: '/images/prune' });
    assert.deepEqual(pruneRequest('images', { all: true }, version), { path: '/images/prune', query: { filters: '{"dangling":["false"]}' } });
    assert.deepEqual(pruneRequest('containers', {}, version), { path: '/containers/prune' });
    assert.deepEqual(pruneRequest('networks', {}, version), { path: '/networks/prune' });
  });

  test(`API ${version}: CheckDuplicate goes to /networks/create only before 1.44`, () => {
    const body = networkCreateBody('n', version);
    assert.equal(body.Name, 'n');
    assert.equal('CheckDuplicate' in body, Number(version.split('.')[1]) < 44);
  });
}

test('an unknown API version is treated as the oldest: no filter the engine could refuse', () => {
  assert.deepEqual(pruneRequest('volumes', { all: true }, undefined), { path: '/volumes/prune' });
  assert.deepEqual(networkCreateBody('n', undefined), { Name: 'n', CheckDuplicate: true });
});

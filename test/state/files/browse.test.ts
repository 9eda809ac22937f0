/**
 * What the browser opens for a path, with a fake archive client (the real one is in the e2e
 * test, on Docker and Podman): links are followed only when the mode says link (Podman names a
 * linkTarget for every path), a binary file is not shown as text.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PathStat } from '../../../src/engine/archive.ts';
import { looksLikeText, openPath, type BrowseClient } from '../../../src/state/files/browse.ts';

const DIR = 2 ** 31;
const LINK = 2 ** 27;

function client(stats: Record<string, PathStat>, tars: Record<string, Uint8Array> = {}): BrowseClient & { archived: string[] } {
  const archived: string[] = [];
  return {
    archived,
    statPath: async (_id, path) => {
      const stat = stats[path];
      if (!stat) throw new Error(`no ${path}`);
      return stat;
    },
    archive: async function* (_id, path) {
      archived.push(path);
      const tar = tars[path];
      if (tar) yield tar;
    },
  };
}

test('a link is followed to where it points (relative to its directory); Podman’s linkTarget on a plain directory is not a link', async () => {
  const fake = client({
    '/bin': { name: 'bin', size: 7, mode: LINK + 0o777, linkTarget: 'usr/bin' },
    '/usr/bin': { name: 'bin', size: 0, mode: DIR + 0o755, linkTarget: '/usr/bin' },
    '/': { name: '/', size: 0, mode: DIR + 0o755, linkTarget: '/' },
  });
  const bin = await openPath(fake, 'c', '/bin');
  assert.equal(bin.kind === 'directory' && bin.path, '/usr/bin');
  const root = await openPath(fake, 'c', '/');
  assert.equal(root.kind === 'directory' && root.path, '/');
  assert.deepEqual(fake.archived, ['/usr/bin', '/']);
});

test('a link loop is said, not followed forever', async () => {
  const fake = client({ '/a': { name: 'a', size: 1, mode: LINK, linkTarget: '/b' }, '/b': { name: 'b', size: 1, mode: LINK, linkTarget: '/a' } });
  await assert.rejects(openPath(fake, 'c', '/a'), /too many symbolic links/);
});

test('text is what has no NUL in its first 8 KiB', () => {
  assert.equal(looksLikeText(Buffer.from('plain ✓\r\n')), true);
  assert.equal(looksLikeText(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x00])), false);
});

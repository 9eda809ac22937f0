/** The diff view's tree: each path under its directory, its mark first; parents the engine did not list hold their children unmarked. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { changeCounts, changeTree, diffLines } from '../../../src/app/views/diff.ts';

test('a tree by path parts, marked A, C or D', () => {
  const changes = [
    { path: '/tmp/new.txt', kind: 'added' as const },
    { path: '/etc', kind: 'changed' as const },
    { path: '/etc/motd', kind: 'deleted' as const },
    { path: '/tmp', kind: 'changed' as const },
    { path: '/var/lib/app/db', kind: 'added' as const },
    { path: '/etc-old', kind: 'added' as const },
  ];
  assert.deepEqual(changeTree(changes), ['C etc', 'D   motd', 'A etc-old', 'C tmp', 'A   new.txt', '  var', '    lib', '      app', 'A       db']);
  assert.equal(changeCounts(changes), '3 added · 2 changed · 1 deleted');
});

test('no change says so; the heading says the engine gives no sizes', () => {
  assert.match(diffLines([])[0] ?? '', /nothing changed since the image/);
  assert.match(diffLines([{ path: '/a', kind: 'added' }])[0] ?? '', /1 added · 0 changed · 0 deleted \(1 path; the engine gives no sizes\)/);
});

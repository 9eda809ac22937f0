/** Tags read as versions: the picker's order and the newer-version marker's answer, table-driven. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { newerVersion, sortTags, versionOf } from '../../../src/state/registry/versions.ts';

describe('versionOf', () => {
  const cases: Array<[string, boolean]> = [
    ['1.27', true],
    ['v2.0.3', true],
    ['3.19.1-alpine', true],
    ['1.27_bookworm', true],
    ['20240101', true],
    ['latest', false],
    ['stable-alpine', false],
    ['1a2b3c', false],
    ['1.', false],
  ];
  for (const [tag, version] of cases) test(tag, () => assert.equal(versionOf(tag) !== undefined, version));
});

describe('sortTags', () => {
  test('latest first, versions newest first (numerically, prereleases below their release), other names last', () => {
    assert.deepEqual(sortTags(['1.0', 'stable', '1.2', '1.10', 'latest', '2.0.0-rc.1', '2.0.0', '1.2-alpine']), ['latest', '2.0.0', '2.0.0-rc.1', '1.10', '1.2', '1.2-alpine', '1.0', 'stable']);
  });
  test('a fourth number breaks a tie semver cannot see', () => {
    assert.deepEqual(sortTags(['1.2.3.4', '1.2.3.10']), ['1.2.3.10', '1.2.3.4']);
  });
  test('any tags: the same set, and sorting again changes nothing', () => {
    const tag = fc.oneof(fc.constantFrom('latest', 'stable', 'edge'), fc.tuple(fc.array(fc.nat(30), { minLength: 1, maxLength: 4 }), fc.constantFrom('', '-alpine', '-rc.1')).map(([n, s]) => `${n.join('.')}${s}`));
    fc.assert(
      fc.property(fc.array(tag, { maxLength: 20 }), (tags) => {
        const sorted = sortTags(tags);
        assert.deepEqual([...sorted].sort(), [...tags].sort());
        assert.deepEqual(sortTags(sorted), sorted);
      }),
    );
  });
});

describe('newerVersion', () => {
  const cases: Array<[string, string[], string | undefined]> = [
    ['1.27', ['1.27', '1.29', '1.28', '1.29.2'], '1.29'],
    ['1.0', ['1.0', '1.2'], '1.2'],
    // Never across a suffix.
    ['1.27', ['1.30-alpine'], undefined],
    ['1.27-alpine', ['1.29', '1.28-alpine'], '1.28-alpine'],
    // 1.27 follows 1.27.x: a patch under it is not newer.
    ['1.27', ['1.27.9'], undefined],
    ['1.27.3', ['1.28'], '1.28'],
    ['1.27.3', ['1.27.4', '1.28'], '1.27.4'],
    ['v1.2', ['1.9', 'v1.3'], 'v1.3'],
    ['latest', ['1.2'], undefined],
    ['2.0', ['1.9', '2.0-rc1'], undefined],
    ['1.9', ['1.10'], '1.10'],
  ];
  for (const [local, tags, expected] of cases) test(`${local} among ${tags.join(', ')}`, () => assert.equal(newerVersion(local, tags), expected));
});

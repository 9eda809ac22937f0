import assert from 'node:assert/strict';
import { test } from 'node:test';
import { plural } from '../../../src/app/format/plural.ts';

test('a count agrees with its noun', () => {
  const cases: Array<[number, string, string | undefined, string]> = [
    [0, 'tag', undefined, '0 tags'],
    [1, 'tag', undefined, '1 tag'],
    [2, 'tag', undefined, '2 tags'],
    [1, 'container', undefined, '1 container'],
    [1000, 'container', undefined, '1000 containers'],
    [1, 'match', 'matches', '1 match'],
    [3, 'match', 'matches', '3 matches'],
    [-1, 'line', undefined, '-1 lines'],
  ];
  for (const [count, one, many, expected] of cases) assert.equal(plural(count, one, many), expected, `${count} ${one}`);
});

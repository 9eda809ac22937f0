import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fuzzyMatch, fuzzyScore } from '../../../src/app/format/fuzzy.ts';

test('a subsequence matches, case ignored; anything else does not', () => {
  assert.notEqual(fuzzyScore('prn', 'prune'), undefined);
  assert.notEqual(fuzzyScore('PRN', 'Prune'), undefined);
  assert.notEqual(fuzzyScore('cp out', 'copy out'), undefined, 'spaces in the query are ignored');
  assert.equal(fuzzyScore('prn', 'pull'), undefined);
  assert.equal(fuzzyScore('nrp', 'prune'), undefined, 'order counts');
  assert.equal(fuzzyScore('', 'anything'), 0);
});

test('word starts and runs of characters rank higher than scattered ones', () => {
  const rank = (query: string, texts: string[]) => [...texts].sort((a, b) => (fuzzyScore(query, b) ?? -Infinity) - (fuzzyScore(query, a) ?? -Infinity));
  assert.deepEqual(rank('prn', ['pull an image then run', 'prune']), ['prune', 'pull an image then run']);
  assert.equal(rank('prn', ['sprint', 'print nothing'])[0], 'print nothing', 'initials of words count');
  assert.equal(rank('vol', ['evolve', 'volumes'])[0], 'volumes', 'a word start beats mid-word');
  assert.equal(rank('ta', ['start', 'tag'])[0], 'tag');
  assert.equal(rank('rs', ['r x s', 'rs'])[0], 'rs', 'a run beats a jump to a word start');
  assert.equal(rank('rst', ['restart', 'r.s.t.'])[1], 'restart', 'skipped characters cost');
  assert.equal(fuzzyScore('sl', 'stats'), undefined);
});

test('a whole word scores above its prefix in a longer one, and above the same letters spread out', () => {
  const exact = fuzzyScore('stop', 'stop') ?? 0;
  const spread = fuzzyScore('stop', 'start top') ?? 0;
  assert.ok(exact > spread, `${exact} > ${spread}`);
});

test('a match says where the query fell, for drawing it out', () => {
  assert.deepEqual(fuzzyMatch('prn', 'prune')?.positions, [0, 1, 3]);
  assert.deepEqual(fuzzyMatch('sl', 'service logs')?.positions, [0, 8], 'the word start, not the l inside');
  assert.equal(fuzzyMatch('x', 'prune'), undefined);
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { anchorAt, filterRows, filterTop, nextContext, revealInFilter } from '../../../src/state/logs/filter.ts';
import { compileQuery, findMatching } from '../../../src/state/logs/query.ts';
import type { LogLine } from '../../../src/state/logs/types.ts';

const lines = (texts: readonly string[]): LogLine[] => texts.map((text) => ({ stream: 'stdout', text }));
const ten = lines(['a', 'b', 'ERR one', 'c', 'd', 'e', 'f', 'g', 'err two', 'h']);

void describe('compileQuery', () => {
  it('reads plain text literally and folds case unless asked not to', () => {
    const plain = compileQuery('a.b(c)');
    assert.ok(plain.ok);
    assert.equal(plain.test('x a.b(c) y'), true);
    assert.equal(plain.test('axb(c)'), false);
    const cased = compileQuery('err', { caseSensitive: true });
    assert.ok(cased.ok);
    assert.deepEqual(findMatching(ten, cased.test), [8]);
    assert.deepEqual(findMatching(ten, (compileQuery('err') as { test: (t: string) => boolean }).test), [2, 8]);
  });

  it('matches a regex, with ranges for the highlight, and steps past empty matches', () => {
    const q = compileQuery('e[r]+ (\\w+)', { regex: true });
    assert.ok(q.ok);
    assert.deepEqual(findMatching(ten, q.test), [2, 8]);
    assert.deepEqual(q.ranges('xx err two, err six'), [[3, 10], [12, 19]]);
    const empty = compileQuery('z*', { regex: true });
    assert.ok(empty.ok);
    assert.deepEqual(empty.ranges('azzb'), [[1, 3]]);
  });

  it('says why an invalid regex is invalid and matches nothing', () => {
    const q = compileQuery('(unclosed', { regex: true });
    assert.equal(q.ok, false);
    assert.match(q.ok ? '' : q.error, /Invalid regular expression/);
    // The same text as plain is fine.
    assert.equal(compileQuery('(unclosed').ok, true);
  });
});

void describe('filterRows', () => {
  const test = (t: string) => t.toLowerCase().includes('err');

  it('keeps only the matches with no context, gaps between', () => {
    const { rows, hits } = filterRows(ten, test, 0);
    assert.equal(hits, 2);
    // A gap carries the index of the line after it (the end: the length), so it sorts before that line.
    assert.deepEqual(rows, [{ index: 2, gap: 2 }, { index: 2, hit: true }, { index: 8, gap: 5 }, { index: 8, hit: true }, { index: 10, gap: 1 }]);
  });

  it('adds N lines either side, merging groups that touch', () => {
    const { rows } = filterRows(ten, test, 2);
    assert.deepEqual(rows.map((r) => (r.gap === undefined ? r.index : `gap${r.gap}`)), [0, 1, 2, 3, 4, 'gap1', 6, 7, 8, 9]);
    const wide = filterRows(ten, test, 5).rows;
    assert.deepEqual(wide.map((r) => r.index), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    assert.ok(wide.every((r) => r.gap === undefined));
  });

  it('has no rows when nothing matches', () => {
    assert.deepEqual(filterRows(ten, () => false, 2), { rows: [], hits: 0 });
  });

  it('cycles the context 0, 2, 5, 10', () => {
    assert.deepEqual([nextContext(0), nextContext(2), nextContext(5), nextContext(10)], [2, 5, 10, 0]);
  });
});

void describe('filter scrolling', () => {
  const { rows } = filterRows(ten, (t) => t.length === 1, 0);
  // Rows: 0 1 gap 3 4 5 6 7 gap 9
  it('finds the top row from the anchor, keeping the screen full, and the bottom when following', () => {
    assert.equal(filterTop(rows, 0, 3, false), 0);
    assert.equal(filterTop(rows, 2, 3, false), 2, 'the gap before line 3 is on top');
    assert.equal(filterTop(rows, 9, 3, false), rows.length - 3);
    assert.equal(filterTop(rows, 0, 3, true), rows.length - 3);
    assert.equal(anchorAt(rows, 3), 3);
  });

  it('reveals a line off screen half a screen down, and leaves a visible one alone', () => {
    assert.equal(revealInFilter(rows, 0, 3, 1), 0);
    const anchor = revealInFilter(rows, 0, 3, 6);
    const top = filterTop(rows, anchor, 3, false);
    assert.ok(rows.slice(top, top + 3).some((r) => r.index === 6 && r.gap === undefined));
  });
});

void describe('filterRows by stream (s in the logs view)', () => {
  const mixed: LogLine[] = [
    { stream: 'stdout', text: 'out 1' },
    { stream: 'stderr', text: 'err 1' },
    { stream: 'stdout', text: 'out 2' },
    { stream: 'stderr', text: 'err 2' },
    { stream: 'stderr', text: 'err 3' },
    { stream: 'stdout', text: 'out 3 err' },
  ];
  it('shows only that stream’s lines, with no gap marked where only the other stream was left out', () => {
    assert.deepEqual(filterRows(mixed, () => true, 0, 'stdout'), { rows: [{ index: 0, hit: true }, { index: 2, hit: true }, { index: 5, hit: true }], hits: 3 });
    assert.deepEqual(filterRows(mixed, () => true, 0, 'stderr').rows.map((r) => r.index), [1, 3, 4]);
  });
  it('with a search: that stream’s matches, their context of that stream only', () => {
    const { rows, hits } = filterRows(mixed, (t) => t.includes('err'), 1, 'stdout');
    assert.equal(hits, 1);
    // out 1 is left out (a gap), the stderr lines are hidden (no gap for them): out 2 is the context.
    assert.deepEqual(rows, [{ index: 2, gap: 2 }, { index: 2 }, { index: 5, hit: true }]);
  });
});

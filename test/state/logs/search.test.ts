import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import fc from 'fast-check';

import { LogBuffer } from '../../../src/state/logs/log-buffer.ts';
import { findMatches, matchRanges, nextMatch } from '../../../src/state/logs/search.ts';
import type { LogLine } from '../../../src/state/logs/types.ts';

const toLines = (texts: readonly string[]): LogLine[] => texts.map((text) => ({ stream: 'stdout', text }));

void describe('findMatches', () => {
  const texts = ['GET /health 200', 'ERROR: disk full', 'error [retry 1]', 'a.b(c)', '', 'Ünïcödé ERROR'];
  const cases: Array<[string, boolean | undefined, number[]]> = [
    ['error', undefined, [1, 2, 5]],
    ['ERROR', false, [1, 2, 5]],
    ['ERROR', true, [1, 5]],
    ['[', undefined, [2]],
    ['[retry', undefined, [2]],
    ['a.b(c)', undefined, [3]],
    ['.*', undefined, []],
    ['üNÏ', undefined, [5]],
    ['', undefined, []],
    ['nowhere', undefined, []],
  ];
  for (const [query, caseSensitive, expected] of cases) {
    void it(`${JSON.stringify(query)}${caseSensitive ? ' (case-sensitive)' : ''}`, () => {
      assert.deepEqual(findMatches(toLines(texts), query, caseSensitive === undefined ? undefined : { caseSensitive }), expected);
    });
  }

  void it('searches a LogBuffer by its current indices', () => {
    const buffer = new LogBuffer(3);
    buffer.append(toLines(['x', 'y', 'x', 'z', 'x']));
    assert.deepEqual(findMatches(buffer, 'x'), [0, 2]);
  });

  void it('limits the search to [start, end)', () => {
    const lines = toLines(['x', 'x', 'x', 'x']);
    assert.deepEqual(findMatches(lines, 'x', { start: 1, end: 3 }), [1, 2]);
    assert.deepEqual(findMatches(lines, 'x', { start: -5, end: 99 }), [0, 1, 2, 3]);
    assert.deepEqual(findMatches(lines, 'x', { start: 3, end: 1 }), []);
  });

  void it('agrees with a naive filter on ASCII text', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 12 }), { maxLength: 20 }), fc.string({ minLength: 1, maxLength: 3 }), fc.boolean(), (texts, query, caseSensitive) => {
        const expected = texts.flatMap((t, i) =>
          (caseSensitive ? t.includes(query) : t.toLowerCase().includes(query.toLowerCase())) ? [i] : [],
        );
        assert.deepEqual(findMatches(toLines(texts), query, { caseSensitive }), expected);
      }),
    );
  });
});

void describe('nextMatch', () => {
  const matches = [2, 5, 9];
  const cases: Array<[number, 1 | -1, number | undefined]> = [
    [0, 1, 2], [2, 1, 5], [3, 1, 5], [9, 1, 2], [20, 1, 2],
    [9, -1, 5], [6, -1, 5], [2, -1, 9], [0, -1, 9], [-1, 1, 2],
  ];
  for (const [from, direction, expected] of cases) {
    void it(`from ${from} ${direction === 1 ? 'forward' : 'backward'} → ${expected}`, () => {
      assert.equal(nextMatch(matches, from, direction), expected);
    });
  }

  void it('returns the only match from itself and undefined without matches', () => {
    assert.equal(nextMatch([4], 4, 1), 4);
    assert.equal(nextMatch([4], 4, -1), 4);
    assert.equal(nextMatch([], 4, 1), undefined);
    assert.equal(nextMatch([], 4, -1), undefined);
  });

  void it('agrees with a linear scan, wrapping around', () => {
    const sorted = fc.uniqueArray(fc.nat(50), { maxLength: 15 }).map((a) => a.sort((x, y) => x - y));
    fc.assert(
      fc.property(sorted, fc.integer({ min: -5, max: 55 }), fc.constantFrom(1 as const, -1 as const), (ms, from, direction) => {
        const expected =
          direction === 1
            ? (ms.find((m) => m > from) ?? ms[0])
            : ([...ms].reverse().find((m) => m < from) ?? ms[ms.length - 1]);
        assert.equal(nextMatch(ms, from, direction), expected);
      }),
    );
  });

  void it('visits every match once per lap', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(50), { minLength: 1, maxLength: 15 }), fc.constantFrom(1 as const, -1 as const), (raw, direction) => {
        const ms = [...raw].sort((a, b) => a - b);
        const seen: number[] = [];
        let at = ms[0] as number;
        for (let i = 0; i < ms.length; i++) {
          seen.push(at);
          at = nextMatch(ms, at, direction) as number;
        }
        assert.equal(at, ms[0]);
        assert.deepEqual([...seen].sort((a, b) => a - b), ms);
      }),
    );
  });
});

void describe('matchRanges', () => {
  const cases: Array<[string, string, boolean, Array<[number, number]>]> = [
    ['hello world', 'o', false, [[4, 5], [7, 8]]],
    ['Error error ERROR', 'error', false, [[0, 5], [6, 11], [12, 17]]],
    ['Error error ERROR', 'error', true, [[6, 11]]],
    ['aaaa', 'aa', false, [[0, 2], [2, 4]]],
    ['aaa', 'aa', false, [[0, 2]]],
    ['x [y] z', '[y]', false, [[2, 5]]],
    ['nothing', 'xyz', false, []],
    ['anything', '', false, []],
    ['😀 smile 😀', 'smile', false, [[3, 8]]],
    ['😀😀', '😀', false, [[0, 2], [2, 4]]],
    ['ÉCOLE école', 'éc', false, [[0, 2], [6, 8]]],
    // `İ` lowercases to `i` + U+0307 (two code units); offsets must still point into the original.
    ['İstanbul and istanbul', 'stanbul', false, [[1, 8], [14, 21]]],
    ['xİy', 'i', false, [[1, 2]]],
    ['xİy', 'i̇y', false, [[1, 3]]],
    ['ΟΔΟΣ', 'σ', false, [[3, 4]]],
  ];
  for (const [text, query, caseSensitive, expected] of cases) {
    void it(`${JSON.stringify(query)} in ${JSON.stringify(text)}${caseSensitive ? ' (case-sensitive)' : ''}`, () => {
      assert.deepEqual(matchRanges(text, query, caseSensitive), expected);
    });
  }

  void it('defaults to case-insensitive', () => {
    assert.deepEqual(matchRanges('ABC', 'b'), [[1, 2]]);
  });

  // Includes characters whose lowercase is longer than themselves, and astral letters.
  const text = fc.string({
    unit: fc.oneof(fc.constantFrom('İ', 'i', 'I', '̇', 'Σ', 'σ', 'ς', '𐐀', '𐐨', 'A', 'a', ' '), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })),
    maxLength: 20,
  });
  const query = fc.string({ unit: fc.constantFrom('İ', 'i', 'I', '̇', 'Σ', 'σ', '𐐀', '𐐨', 'A', 'a'), minLength: 1, maxLength: 3 });

  void it('finds a range exactly when findMatches finds the line', () => {
    fc.assert(
      fc.property(text, query, fc.boolean(), (t, q, caseSensitive) => {
        const hit = findMatches(toLines([t]), q, { caseSensitive }).length === 1;
        assert.equal(matchRanges(t, q, caseSensitive).length > 0, hit);
      }),
      { numRuns: 500 },
    );
  });

  void it('returns ordered, disjoint ranges on code-point boundaries', () => {
    fc.assert(
      fc.property(text, query, fc.boolean(), (t, q, caseSensitive) => {
        let previousEnd = 0;
        for (const [start, end] of matchRanges(t, q, caseSensitive)) {
          assert.ok(previousEnd <= start && start < end && end <= t.length);
          for (const edge of [start, end]) {
            const low = t.charCodeAt(edge);
            const high = t.charCodeAt(edge - 1);
            assert.ok(!(low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff), `range edge ${edge} splits a pair`);
          }
          if (caseSensitive) assert.equal(t.slice(start, end), q);
          previousEnd = end;
        }
      }),
      { numRuns: 500 },
    );
  });

  void it('highlights exactly the query, case folded, in ASCII text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.string({ minLength: 1, maxLength: 3 }), (t, q) => {
        for (const [start, end] of matchRanges(t, q)) assert.equal(t.slice(start, end).toLowerCase(), q.toLowerCase());
      }),
    );
  });
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { sameJson } from '../../src/engine/same-json.ts';

test('sameJson: equal JSON values, and only those', () => {
  const cases: Array<[unknown, unknown, boolean]> = [
    [1, 1, true],
    ['a', 'a', true],
    [null, null, true],
    [null, {}, false],
    [[], {}, false],
    [{}, [], false],
    [[1, 2], [1, 2], true],
    [[1, 2], [2, 1], false],
    [[1], [1, 2], false],
    [{ a: 1, b: [{ c: 'x' }] }, { b: [{ c: 'x' }], a: 1 }, true],
    [{ a: 1 }, { a: 1, b: 2 }, false],
    [{ a: 1, b: 2 }, { a: 1 }, false],
    [{ a: undefined }, { b: undefined }, false],
    [{ a: '1' }, { a: 1 }, false],
    [0, -0, true],
  ];
  for (const [a, b, expected] of cases) assert.equal(sameJson(a, b), expected, `${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
});

test('sameJson agrees with comparing canonical JSON text, on any JSON value', () => {
  const canonical = (value: unknown): string => JSON.stringify(value, (_key, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) : v));
  fc.assert(
    fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
      assert.equal(sameJson(a, b), canonical(a) === canonical(b));
      assert.equal(sameJson(a, JSON.parse(JSON.stringify(a))), true);
    }),
    { numRuns: 500 },
  );
});

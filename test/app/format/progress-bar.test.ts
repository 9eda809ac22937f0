import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import stringWidth from 'string-width';
import { renderBar } from '../../../src/app/format/progress-bar.ts';

// describe/it return promises that the node:test runner tracks itself; `void` says so to the linter.

void describe('renderBar', () => {
  const cases: Array<[number | undefined, number, string]> = [
    [0, 10, '░░░░░░░░░░'],
    [1, 10, '██████████'],
    [0.5, 10, '█████░░░░░'],
    [0.25, 4, '█░░░'],
    [0.05, 10, '▌░░░░░░░░░'], // 4 eighths of a cell: half block
    [0.0125, 10, '▏░░░░░░░░░'], // exactly one eighth
    [0.01, 10, '▏░░░░░░░░░'], // 0.8 eighths rounds to one
    [0.004, 10, '░░░░░░░░░░'], // rounds to nothing
    [0.9375, 2, '█▉'], // 15 eighths
    [0.999, 10, '██████████'],
    [0.5, 1, '▌'],
    [1.7, 5, '█████'], // clamped
    [-0.3, 5, '░░░░░'], // clamped
    [undefined, 5, '░░░░░'],
    [Number.NaN, 5, '░░░░░'],
    [Number.POSITIVE_INFINITY, 3, '███'],
    [0.5, 0, ''],
    [0.5, -4, ''],
    [0.5, 4.9, '██░░'],
  ];
  for (const [fraction, width, expected] of cases) {
    void it(`${String(fraction)} @${width} → ${expected || '(empty)'}`, () => assert.equal(renderBar(fraction, width), expected));
  }

  void it('is always exactly `width` cells and fills monotonically', () => {
    fc.assert(
      fc.property(fc.double({ min: -1, max: 2, noNaN: true }), fc.double({ min: -1, max: 2, noNaN: true }), fc.integer({ min: 0, max: 80 }), (a, b, width) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const low = renderBar(lo, width);
        const high = renderBar(hi, width);
        assert.equal(stringWidth(low), width);
        assert.equal([...low].length, width);
        assert.ok(low.split('░').length >= high.split('░').length, `${low} fuller than ${high}`);
      }),
    );
  });
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { brailleChart, onTimeGrid } from '../../../src/app/format/braille-chart.ts';

test('a full column fills both rows; half fills the bottom row; nothing and gaps stay blank', () => {
  const lines = brailleChart([100, 50, 0, undefined], 2, 2, 100);
  // Cell 0: left column full (dots 1,2,3,7 in both rows), right column half (bottom row only).
  assert.deepEqual(lines, [String.fromCharCode(0x2800 + 0x47) + '⠀', String.fromCharCode(0x2800 + 0x47 + 0xb8) + '⠀']);
});

test('values align to the right edge; above the scale is cut; a small value still shows a dot', () => {
  const [line] = brailleChart([1], 3, 1, 100);
  assert.equal(line, '⠀⠀' + String.fromCharCode(0x2800 + 0x80));
  assert.deepEqual(brailleChart([500, 500], 1, 1, 100), [String.fromCharCode(0x2800 + 0xff)]);
});

test('onTimeGrid: samples land in their time slot; missing slots are gaps', () => {
  const now = 10_000;
  const grid = onTimeGrid([{ at: 1500, v: 1 }, { at: 9500, v: 9 }], (s) => s.v, 10, 1000, now);
  assert.equal(grid.length, 10);
  assert.equal(grid[1], 1);
  assert.equal(grid[9], 9);
  assert.equal(grid[5], undefined);
});

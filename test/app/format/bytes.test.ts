import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatBinaryBytes, formatBytes, formatBytesPair, formatRate } from '../../../src/app/format/bytes.ts';

// describe/it return promises that the node:test runner tracks itself; `void` says so to the linter.

void describe('formatBytes', () => {
  const cases: Array<[number | undefined, string]> = [
    [0, '0B'],
    [1, '1B'],
    [999, '999B'],
    [999.6, '1kB'], // whole bytes only, and rounding up carries into the next unit
    [1000, '1kB'],
    [1024, '1.02kB'],
    [1500, '1.5kB'],
    [13_300, '13.3kB'],
    [999_499, '999kB'],
    [999_999, '1MB'], // Go's %.3g would print 1e+03kB
    [1_234_567, '1.23MB'],
    [45_600_000, '45.6MB'],
    [187_000_000, '187MB'],
    [1_500_000_000, '1.5GB'],
    [2e12, '2TB'],
    [3.4e15, '3.4PB'],
    [5e27, '5000YB'], // past the largest unit the number just grows
    [undefined, '-'],
    [-1, '-'],
    [Number.NaN, '-'],
    [Number.POSITIVE_INFINITY, '-'],
  ];
  for (const [input, expected] of cases) {
    void it(`${String(input)} → ${expected}`, () => assert.equal(formatBytes(input), expected));
  }
});

void describe('formatBytesPair', () => {
  const cases: Array<[number | undefined, number | undefined, string]> = [
    [12_300_000, 45_600_000, '12.3MB/45.6MB'],
    [0, 1000, '0B/1kB'],
    [512, undefined, '512B'],
    [512, 0, '512B'],
    [512, -1, '512B'],
    [undefined, 1000, '-/1kB'],
    [undefined, undefined, '-'],
  ];
  for (const [current, total, expected] of cases) {
    void it(`${String(current)}, ${String(total)} → ${expected}`, () => assert.equal(formatBytesPair(current, total), expected));
  }
});

void describe('formatRate', () => {
  const cases: Array<[number | undefined, string]> = [
    [0, '0B/s'],
    [1_200_000, '1.2MB/s'],
    [0.4, '0B/s'],
    [850.5, '851B/s'],
    [undefined, '-'],
    [-5, '-'],
  ];
  for (const [input, expected] of cases) {
    void it(`${String(input)} → ${expected}`, () => assert.equal(formatRate(input), expected));
  }
});

void it('a memory limit in binary units, four digits, as docker stats shows it', () => {
  assert.equal(formatBinaryBytes(8 * 1024 * 1024), '8MiB');
  assert.equal(formatBinaryBytes(8_000_000), '7.629MiB');
  assert.equal(formatBinaryBytes(512), '512B');
  assert.equal(formatBinaryBytes(2 * 1024 ** 3), '2GiB');
});

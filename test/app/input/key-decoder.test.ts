import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeKeys, WHEEL_LINES } from '../../../src/app/input/key-decoder.ts';
import { plainFlags } from '../../../src/app/input/press.ts';

// Ink hands an SGR mouse report over with its ESC taken off (hooks/use-input.js).
const report = (button: number, final = 'M') => decodeKeys(`[<${button};12;7${final}`, plainFlags);

test('a wheel notch is WHEEL_LINES presses of wheelup or wheeldown, with or without a modifier', () => {
  assert.deepEqual(report(64).map((p) => p.name), Array.from({ length: WHEEL_LINES }, () => 'wheelup'));
  assert.deepEqual(report(65).map((p) => p.name), Array.from({ length: WHEEL_LINES }, () => 'wheeldown'));
  // Shift (4), Alt (8), Ctrl (16) held while scrolling: still the wheel.
  assert.equal(report(64 + 16)[0]?.name, 'wheelup');
  assert.ok(report(65).every((p) => p.input === ''), 'a wheel press types nothing');
});

test('a left-button press is one click at its cell (keys/clicks.ts reads it); releases, drags and other buttons are dropped, never typed as text', () => {
  assert.deepEqual(report(0), [{ name: 'click', input: '12;7', key: plainFlags }]);
  for (const button of [1, 2, 32, 35]) assert.deepEqual(report(button), []);
  for (const button of [0, 1, 2, 32, 35]) assert.deepEqual(report(button, 'm'), []);
});

test('text that only looks like the start of a report is still keys', () => {
  assert.deepEqual(decodeKeys('[<', plainFlags).map((p) => p.name), ['[', '<']);
});

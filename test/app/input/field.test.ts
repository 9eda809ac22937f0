import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { KeyFlags as Key } from '../../../src/app/input/press.ts';
import { cleanInput, editField, type FieldState } from '../../../src/app/input/field.ts';
import type { KeyPress } from '../../../src/app/input/press.ts';
import { plainKey } from '../../../src/app/input/key-name.ts';
import { defaultKeymap } from '../../../src/app/keys/keymap.ts';

const noKey: Key = plainKey;

function typed(input: string): KeyPress {
  return { name: input, input, key: noKey };
}
function named(name: string, key: Partial<Key> = {}): KeyPress {
  return { name, input: '', key: { ...noKey, ...key } };
}

/** `ab|cd` notation: the bar is the cursor. */
function state(text: string): FieldState {
  const cursor = text.indexOf('|');
  return { value: text.replace('|', ''), cursor };
}
function show(s: FieldState | undefined): string | undefined {
  return s && `${s.value.slice(0, s.cursor)}|${s.value.slice(s.cursor)}`;
}

describe('editField', () => {
  // Editing keys reach a field as the default keymap's actions for it, as in a dialog.
  const action = (press: KeyPress) => defaultKeymap.resolveIn(['field', 'dialog'], press.name);
  const cases: Array<[string, KeyPress, string | undefined]> = [
    ['ab|', typed('c'), 'abc|'],
    ['a|c', typed('b'), 'ab|c'],
    ['|', typed('hello world'), 'hello world|'],
    ['ab|', typed(' '), 'ab |'],
    ['ab|c', named('left', { leftArrow: true }), 'a|bc'],
    ['|abc', named('left', { leftArrow: true }), undefined],
    ['a|bc', named('right', { rightArrow: true }), 'ab|c'],
    ['abc|', named('right', { rightArrow: true }), undefined],
    ['ab|c', named('home', { home: true }), '|abc'],
    ['ab|c', named('end', { end: true }), 'abc|'],
    ['ab|c', named('ctrl+a', { ctrl: true }), '|abc'],
    ['ab|c', named('ctrl+e', { ctrl: true }), 'abc|'],
    ['abc|', named('backspace', { backspace: true }), 'ab|'],
    ['abc|', named('delete', { delete: true }), 'abc|'],
    ['a|bc', named('delete', { delete: true }), 'a|c'],
    ['ab|c', named('backspace', { backspace: true }), 'a|c'],
    ['|abc', named('backspace', { backspace: true }), '|abc'],
    ['|abc', named('delete', { delete: true }), '|bc'],
    ['ab|cd', named('ctrl+u', { ctrl: true }), '|cd'],
    ['ab|cd', named('ctrl+k', { ctrl: true }), 'ab|'],
    ['sh -c echo|', named('ctrl+w', { ctrl: true }), 'sh -c |'],
    ['a👍🏽|b', named('backspace', { backspace: true }), 'a|b'],
    ['a|👍🏽b', named('delete', { delete: true }), 'a|b'],
    ['a|👍🏽b', named('right', { rightArrow: true }), 'a👍🏽|b'],
    ['e\u0301|x', named('left', { leftArrow: true }), '|e\u0301x'],
    ['ab|', named('return', { return: true }), undefined],
    ['ab|', named('escape', { escape: true }), undefined],
    ['ab|', named('tab', { tab: true }), undefined],
    ['ab|', named('up', { upArrow: true }), undefined],
    ['ab|', named('ctrl+c', { ctrl: true }), undefined],
  ];
  for (const [before, press, after] of cases) {
    test(`${before} + ${press.name || JSON.stringify(press.input)} → ${after ?? '(not an edit)'}`, () => {
      assert.equal(show(editField(state(before), press, action(press))), after);
    });
  }
});

describe('cleanInput', () => {
  test('pasted text keeps its words, loses controls and a trailing newline', () => {
    assert.equal(cleanInput("sh -c 'echo hi'\n"), "sh -c 'echo hi'");
    assert.equal(cleanInput('a\r\nb\tc'), 'a b c');
    assert.equal(cleanInput('x\u001b[2Jy\u202ez\u0007'), 'x[2Jyz');
    assert.equal(cleanInput('日本'), '日本');
  });
});


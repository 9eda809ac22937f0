import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, test } from 'node:test';
import type { Key } from 'ink';
import { render } from 'ink-testing-library';
import { useState } from 'react';
import { plainKey } from '../../../src/ui/keys/key-name.ts';
import { KeyRouter, KeyRouterProvider, type KeyPress } from '../../../src/ui/keys/key-router.tsx';
import { cleanInput, editField, scrollStart, TextField, type FieldState } from '../../../src/ui/widgets/text-field.tsx';

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
    ['abc|', named('delete', { delete: true }), 'ab|'],
    ['ab|c', named('backspace', { backspace: true }), 'a|c'],
    ['|abc', named('delete', { delete: true }), '|abc'],
    ['ab|cd', named('ctrl+u', { ctrl: true }), '|cd'],
    ['ab|cd', named('ctrl+k', { ctrl: true }), 'ab|'],
    ['sh -c echo|', named('ctrl+w', { ctrl: true }), 'sh -c |'],
    ['a👍🏽|b', named('delete', { delete: true }), 'a|b'],
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
      assert.equal(show(editField(state(before), press)), after);
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

describe('scrollStart', () => {
  test('stays at 0 while the cursor fits', () => {
    assert.equal(scrollStart([1, 1, 1], 3, 0, 10), 0);
  });
  test('moves just enough to keep the cursor (one cell at the end) in view', () => {
    assert.equal(scrollStart(Array(20).fill(1), 20, 0, 10), 11);
  });
  test('keeps the previous start while the cursor is still visible', () => {
    assert.equal(scrollStart(Array(20).fill(1), 15, 11, 10), 11);
  });
  test('scrolls back when the cursor moves left of the start', () => {
    assert.equal(scrollStart(Array(20).fill(1), 5, 11, 10), 5);
  });
  test('counts double-width characters as two cells', () => {
    assert.equal(scrollStart(Array(10).fill(2), 10, 0, 10), 6);
  });
});

function Controlled({ initial, width, mask, onValue }: { initial: string; width: number; mask?: boolean; onValue?: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <TextField
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue?.(v);
      }}
      focused
      width={width}
      mask={mask}
    />
  );
}

function renderField(props: Parameters<typeof Controlled>[0]) {
  const instance = render(
    <KeyRouterProvider router={new KeyRouter()}>
      <Controlled {...props} />
    </KeyRouterProvider>,
  );
  return {
    ...instance,
    async press(...keys: string[]) {
      for (const key of keys) {
        instance.stdin.write(key);
        await delay(15);
      }
      await delay(20);
    },
  };
}

describe('TextField', () => {
  test('typing, Backspace (0x7f) and arrows edit at the cursor', async () => {
    let value = '';
    const ui = renderField({ initial: '', width: 20, onValue: (v) => (value = v) });
    await ui.press('h', 'e', 'l', 'o', '\u001b[D', 'l', '\u001b[C', '!', '\u007f', '\u007f');
    assert.equal(value, 'hell');
    ui.unmount();
  });

  test('long values scroll so the end stays visible', async () => {
    const ui = renderField({ initial: '', width: 10 });
    await ui.press('abcdefghijklmnopqrstuvwxyz');
    const frame = ui.lastFrame() ?? '';
    assert.match(frame, /rstuvwxyz/);
    assert.doesNotMatch(frame, /abc/);
    await ui.press('\u001b[H'); // Home
    assert.match(ui.lastFrame() ?? '', /abcdefghij/);
    ui.unmount();
  });

  test('mask shows bullets, never the text', async () => {
    const ui = renderField({ initial: '', width: 20, mask: true });
    await ui.press('secret');
    assert.match(ui.lastFrame() ?? '', /••••••/);
    assert.doesNotMatch(ui.lastFrame() ?? '', /secret/);
    ui.unmount();
  });

  test('a prefilled control character is drawn as U+FFFD, not sent to the terminal', () => {
    const ui = renderField({ initial: 'a\u001b[2Jb', width: 20 });
    const frame = ui.lastFrame() ?? '';
    assert.ok(!frame.includes('\u001b[2J'));
    assert.match(frame, /a\uFFFD\[2Jb/);
    ui.unmount();
  });
});

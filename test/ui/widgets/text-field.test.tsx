import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { editField, type FieldState } from '../../../src/app/input/field.ts';
import type { KeyPress } from '../../../src/app/input/press.ts';
import { Store } from '../../../src/state/store.ts';
import { useStore } from '../../../src/ui/hooks/use-store.ts';
import { KeyInput } from '../../../src/ui/key-input.tsx';
import { KeyStream } from '../../../src/app/input/key-stream.ts';
import { defaultKeymap } from '../../../src/app/keys/keymap.ts';
import { scrollStart, TextField } from '../../../src/ui/widgets/text-field.tsx';
import { renderInk } from '../../support/ink-harness.ts';

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
  test('goes back when the text got shorter than where it was scrolled to (a pasted line replaced by its image)', () => {
    assert.equal(scrollStart(Array(14).fill(1), 14, 50, 40), 0);
    assert.equal(scrollStart(Array(30).fill(1), 30, 25, 10), 21, 'as far back as fills the width, the cursor cell kept');
  });
  test('counts double-width characters as two cells', () => {
    assert.equal(scrollStart(Array(10).fill(2), 10, 0, 10), 6);
  });
});

/** A field in a store of its own, edited by the real key input, drawn by the TextField. */
function Field({ store, width, mask }: { store: Store<FieldState>; width: number; mask?: boolean }) {
  const field = useStore(store);
  return <TextField field={field} focused width={width} mask={mask} />;
}

function renderField(props: { initial: string; width: number; mask?: boolean }) {
  const store = new Store<FieldState>({ value: props.initial, cursor: props.initial.length });
  const sink = {
    // Editing keys reach a field as the keymap's actions, as in a dialog.
    press: (press: KeyPress) => store.update((s) => editField(s, press, defaultKeymap.resolveIn(['field', 'dialog'], press.name)) ?? s),
    batch: (work: () => void) => work(),
  };
  const keys = new KeyStream(sink);
  const drawn = renderInk(
    <>
      <KeyInput keys={keys} />
      <Field store={store} width={props.width} mask={props.mask} />
    </>,
    { keys },
  );
  return { ...drawn, value: () => store.getState().value };
}

describe('TextField', () => {
  test('typing, Backspace (0x7f) and arrows edit at the cursor', async () => {
    const ui = renderField({ initial: '', width: 20 });
    await ui.press('h', 'e', 'l', 'o', '\u001b[D', 'l', '\u001b[C', '!', '\u007f', '\u007f');
    assert.equal(ui.value(), 'hell');
    ui.unmount();
  });

  test('long values scroll so the end stays visible', async () => {
    const ui = renderField({ initial: '', width: 10 });
    await ui.press('abcdefghijklmnopqrstuvwxyz');
    const frame = ui.frame();
    assert.match(frame, /rstuvwxyz/);
    assert.doesNotMatch(frame, /abc/);
    await ui.press('\u001b[H'); // Home
    assert.match(ui.frame(), /abcdefghij/);
    ui.unmount();
  });

  test('mask shows bullets, never the text', async () => {
    const ui = renderField({ initial: '', width: 20, mask: true });
    await ui.press('secret');
    assert.match(ui.frame(), /••••••/);
    assert.doesNotMatch(ui.frame(), /secret/);
    ui.unmount();
  });

  test('a prefilled control character is drawn as U+FFFD, not sent to the terminal', () => {
    const ui = renderField({ initial: 'a\u001b[2Jb', width: 20 });
    const frame = ui.frame();
    assert.ok(!frame.includes('\u001b[2J'));
    assert.match(frame, /a\uFFFD\[2Jb/);
    ui.unmount();
  });

  test('emoji sequences are drawn taken apart, as engine text is (format/emoji-forms.ts)', () => {
    const ui = renderField({ initial: 'x👍🏽❤️👨‍👩‍👧y', width: 20 });
    assert.match(ui.frame(), /x👍❤👨👩👧y/u);
    ui.unmount();
  });
});

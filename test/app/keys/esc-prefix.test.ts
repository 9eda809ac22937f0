/**
 * Esc and a key in one read (Ink's Alt+key) through the app reducer: where the screen binds no
 * Alt key, it is Esc, then the key; where it does (a user's `meta+x`), it is that Alt key.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Command } from '../../../src/app/commands.ts';
import type { UiContext } from '../../../src/app/context.ts';
import { plainFlags, type KeyFlags, type KeyPress } from '../../../src/app/input/press.ts';
import { keyName } from '../../../src/app/input/key-name.ts';
import { defaultKeymap, Keymap } from '../../../src/app/keys/keymap.ts';
import { reduceApp } from '../../../src/app/keys/reduce.ts';
import { marksOf } from '../../../src/app/marks.ts';
import { initialAppState, paneView, topOverlay, type AppState } from '../../../src/app/types.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import { uiContext } from '../../support/ui-context.ts';
import { container } from '../../support/ui-harness.tsx';

const ids = ['a', 'b', 'c'].map((c) => c.repeat(12).padEnd(64, '0'));
const engine = {
  ...initialEngineState('x'),
  containers: { loaded: true, stale: false, items: ids.map((id, i) => container(id, `web-${i}`, { Created: 100 - i })) },
  images: { loaded: true, stale: false, items: [] },
};
const ctx: UiContext = uiContext({ engine });

/** A press as Ink hands it over, named as the decoder names it. */
function press(input: string, flags: Partial<KeyFlags> = {}): KeyPress {
  const key = { ...plainFlags, ...flags };
  return { name: keyName(input, key), input, key };
}
/** What Ink makes of Esc and `input` in one read. */
const alt = (input: string, flags: Partial<KeyFlags> = {}) => press(input, { ...flags, meta: true, shift: input !== input.toLowerCase() });

function keys(c: UiContext, state: AppState, ...presses: KeyPress[]): { state: AppState; commands: Command[] } {
  const commands: Command[] = [];
  let s = state;
  for (const p of presses) {
    const out = reduceApp(s, { kind: 'key', press: p }, c);
    s = out.state;
    commands.push(...out.commands);
  }
  return { state: s, commands };
}
const start = () => initialAppState({ columns: 100, rows: 20 });
const quits = (commands: readonly Command[]) => commands.filter((c) => c.type === 'app-quit').length;

test('Esc then q in one read over the logs view: the view closes, then berth quits', () => {
  const opened = keys(ctx, start(), press('\r', { return: true })).state;
  assert.equal(topOverlay(opened)?.kind, 'logs');
  const out = keys(ctx, opened, alt('q'));
  assert.equal(topOverlay(out.state), undefined, 'Esc closed the view');
  assert.equal(quits(out.commands), 1, 'q quit');
});

test('Esc then a pane key: the filter is cleared, then the key acts', () => {
  const filtered = keys(ctx, start(), press('/'), press('w'), press('e'), press('b'), press('\r', { return: true })).state;
  assert.equal(paneView(filtered, 'containers').filter, 'web');
  const out = keys(ctx, filtered, alt('j')).state;
  assert.equal(paneView(out, 'containers').filter, '', 'Esc cleared the filter');
  assert.equal(paneView(out, 'containers').selectedId?.endsWith(ids[1]!), true, 'j moved down a row');
  // An upper-case key keeps its case: Esc then G goes to the bottom.
  const bottom = keys(ctx, filtered, alt('G')).state;
  assert.equal(paneView(bottom, 'containers').filter, '');
  assert.equal(paneView(bottom, 'containers').selectedId?.endsWith(ids[2]!), true);
});

test('Esc Esc in one read is two Escs: the filter, then the marks', () => {
  const marked = keys(ctx, start(), press(' '), press('/'), press('w'), press('\r', { return: true })).state;
  assert.equal(marksOf(marked, 'containers').length, 1);
  assert.equal(paneView(marked, 'containers').filter, 'w');
  const out = keys(ctx, marked, press('', { escape: true, meta: true })).state;
  assert.equal(paneView(out, 'containers').filter, '');
  assert.equal(marksOf(out, 'containers').length, 0);
});

test('Esc then Enter in one read: the filter is cleared, then Enter opens the logs', () => {
  const filtered = keys(ctx, start(), press('/'), press('w'), press('\r', { return: true })).state;
  const out = keys(ctx, filtered, press('', { return: true, meta: true })).state;
  assert.equal(paneView(out, 'containers').filter, '');
  assert.equal(topOverlay(out)?.kind, 'logs');
});

test('an Alt key the screen binds (a user’s meta+x) stays Alt', () => {
  const bound = new Keymap([...defaultKeymap.bindings, { action: 'help', keys: ['meta+x'], description: 'help', contexts: ['global'] }]);
  const mine = uiContext({ engine, keymap: bound });
  const out = keys(mine, start(), alt('x')).state;
  assert.equal(topOverlay(out)?.kind, 'help');
  // Where it is not bound (no such key in the view's contexts… here, every screen has global),
  // another Alt key is still Esc then the key: Esc on a bare pane does nothing, ? opens help.
  assert.equal(topOverlay(keys(mine, start(), alt('?')).state)?.kind, 'help');
});

test('Alt+↑ (a modifier inside the arrow’s own sequence) is ↑, not Esc then ↑', () => {
  const down = keys(ctx, start(), press('j'), press('j'), press('/'), press('w'), press('\r', { return: true })).state;
  const out = keys(ctx, down, press('', { upArrow: true, meta: true })).state;
  assert.equal(paneView(out, 'containers').filter, 'w', 'no Esc: the filter stays');
  assert.equal(paneView(out, 'containers').selectedId?.endsWith(ids[1]!), true);
});

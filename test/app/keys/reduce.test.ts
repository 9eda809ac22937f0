/**
 * The app reducer alone: a key and the state in, the next state and the commands out, against a
 * fixed engine state. What the keymap's keys do on each screen, without rendering anything.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Command } from '../../../src/app/commands.ts';
import { initialAppState, paneView, topOverlay, type AppState } from '../../../src/app/types.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import { plainFlags, type KeyFlags, type KeyPress } from '../../../src/app/input/press.ts';
import { reduceApp } from '../../../src/app/keys/reduce.ts';
import type { UiContext } from '../../../src/app/context.ts';
import { withPaneOptions } from '../../../src/app/panes/pane.ts';
import { rowKey } from '../../../src/state/sources.ts';
import { uiContext } from '../../support/ui-context.ts';
import { container } from '../../support/ui-harness.tsx';

const ids = ['a', 'b', 'c', 'd', 'e'].map((c) => c.repeat(12).padEnd(64, '0'));
const ctx: UiContext = uiContext({
  engine: {
    ...initialEngineState('x'),
    containers: { loaded: true, stale: false, items: ids.map((id, i) => container(id, `web-${i}`, { Created: 100 - i })) },
    images: { loaded: true, stale: false, items: [] },
  },
});
/** A container's row key in the Containers pane (its engine's and its id). */
const keyOf = (id: string | undefined) => rowKey(ctx.engine.connection.endpoint, id ?? '');

const named: Record<string, Partial<KeyFlags>> = { return: { return: true }, escape: { escape: true }, down: { downArrow: true }, pagedown: { pageDown: true }, 'ctrl+c': { ctrl: true } };

function press(name: string): KeyPress {
  const flags = named[name];
  return flags ? { name, input: name === 'ctrl+c' ? 'c' : '', key: { ...plainFlags, ...flags } } : { name, input: name, key: plainFlags };
}

/** Applies the keys in turn; returns the state and every command. */
function keys(state: AppState, ...names: string[]): { state: AppState; commands: Command[] } {
  const commands: Command[] = [];
  let s = state;
  for (const name of names) {
    const out = reduceApp(s, { kind: 'key', press: press(name) }, ctx);
    s = out.state;
    commands.push(...out.commands);
  }
  return { state: s, commands };
}

const start = () => initialAppState({ columns: 100, rows: 14 });

test('a filter narrows what j walks over, and the selection lands on a row the filter shows', () => {
  const { state } = keys(start(), 'j', '/', 'w', 'e', 'b', '-', '3', 'return');
  assert.equal(paneView(state, 'containers').filter, 'web-3');
  assert.equal(paneView(state, 'containers').selectedId, keyOf(ids[3]), 'the one row left is selected');
  const cleared = keys(state, 'escape').state;
  assert.equal(paneView(cleared, 'containers').filter, '');
  assert.equal(paneView(cleared, 'containers').selectedId, keyOf(ids[3]), 'clearing keeps it');
});

test('while the filter prompt is open, ↓ still moves the list and q is text', () => {
  const { state, commands } = keys(start(), '/', 'q', 'down');
  assert.equal(paneView(state, 'containers').filter, 'q');
  assert.deepEqual(commands, []);
});

test('PgDn moves a page of what the terminal shows', () => {
  // 14 rows: the body is 14 - 1 - 4 = 9 rows, the table 8 of them under its header.
  const { state } = keys(withPaneOptions(start(), 'containers', { all: true }), 'pagedown');
  assert.equal(paneView(state, 'containers').selectedIndex, 4, 'clamped to the last of 5 rows');
  const tall = keys(withPaneOptions(initialAppState({ columns: 100, rows: 8 }), 'containers', { all: true }), 'pagedown').state;
  assert.equal(paneView(tall, 'containers').selectedIndex, 2);
});

test('Ctrl-C quits from anywhere, a dialog included; q in a dialog is text', () => {
  const dialog = keys(start(), 'r').state;
  assert.equal(topOverlay(dialog)?.kind, 'dialog');
  assert.deepEqual(keys(dialog, 'q').commands, []);
  assert.deepEqual(keys(dialog, 'ctrl+c').commands, [{ type: 'app-quit' }]);
});

test('over the logs view, p opens the pull dialog and Esc comes back to the logs', () => {
  const logs = keys(start(), 'l');
  assert.equal(topOverlay(logs.state)?.kind, 'logs');
  assert.deepEqual(logs.commands.map((c) => c.type), ['logs-open']);
  const pull = keys(logs.state, 'p').state;
  const top = topOverlay(pull);
  assert.ok(top?.kind === 'dialog' && top.dialog.type === 'pull');
  const back = keys(pull, 'escape');
  assert.equal(topOverlay(back.state)?.kind, 'logs');
  assert.deepEqual(back.commands, [{ type: 'overlay-release', overlay: top.id }], 'what ran for the dialog is let go');
});

test('o sorts and says so, with a notice that ends by a timer, not by a clock read while drawing', () => {
  const { state, commands } = keys(start(), 'o');
  assert.equal(paneView(state, 'containers').sort, 'name');
  assert.match(state.notice?.text ?? '', /containers sorted by name/);
  assert.deepEqual(commands, [{ type: 'timer-start', ms: 8000, key: 'notice', action: { type: 'notice-expired', seq: state.notice?.seq ?? -1 } }]);
});

test('grouped, the "no project" header folds with Space, and s or S on it act on nothing (it is no project)', () => {
  const grouped = keys(start(), 'z').state;
  assert.equal(paneView(grouped, 'containers').selectedId, keyOf('no-project'), 'the header comes first: no container here has a project');
  for (const key of ['s', 'S', 'R']) {
    const acted = keys(grouped, key);
    assert.deepEqual(acted.commands, [], `${key} sends nothing`);
    assert.equal(topOverlay(acted.state), undefined, `${key} opens nothing`);
  }
  const folded = keys(grouped, ' ').state;
  assert.deepEqual(paneView(folded, 'containers').options?.['folded'], [''], 'folded under its own name');
});

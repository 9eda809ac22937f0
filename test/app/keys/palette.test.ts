/**
 * The command palette through the app reducer: `:` opens it over the screen with that screen's
 * actions, every pane and the engines; the query ranks them fuzzily; Enter does what the entry's
 * key does there, or goes to the pane named.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Command } from '../../../src/app/commands.ts';
import type { UiContext } from '../../../src/app/context.ts';
import { plainFlags, type KeyPress } from '../../../src/app/input/press.ts';
import { paletteMatches, rankEntries } from '../../../src/app/keys/palette-entries.ts';
import { reduceApp } from '../../../src/app/keys/reduce.ts';
import { initialAppState, topOverlay, type AppState, type PaletteEntry } from '../../../src/app/types.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import { uiContext } from '../../support/ui-context.ts';
import { parseCustomActions } from '../../../src/app/custom/config.ts';
import { paletteExtras } from '../../../src/app/custom/run.ts';
import { container } from '../../support/ui-harness.tsx';

const id = 'a'.repeat(64);
const ctx: UiContext = uiContext({
  engine: {
    ...initialEngineState('x'),
    containers: { loaded: true, stale: false, items: [container(id, 'web-1', { State: 'exited', Status: 'Exited (0)' })] },
    images: { loaded: true, stale: false, items: [] },
  },
});

const NAMED = new Set(['return', 'escape', 'down', 'up', 'backspace']);
function press(name: string): KeyPress {
  return NAMED.has(name) ? { name, input: '', key: { ...plainFlags, return: name === 'return', escape: name === 'escape' } } : { name, input: name, key: plainFlags };
}

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

const start = () => keys(initialAppState({ columns: 120, rows: 30 }), 'a').state;

test(': opens the palette with the screen’s actions and every pane, and asks for the engines without probing them', () => {
  const { state, commands } = keys(start(), ':');
  const top = topOverlay(state);
  assert.equal(top?.kind, 'palette');
  if (top?.kind !== 'palette') return;
  const names = top.entries.map((e) => e.name);
  for (const name of ['stop', 'prune', 'logs', 'inspect', 'containers', 'volumes', 'actions']) assert.ok(names.includes(name), `${name} offered`);
  assert.ok(!names.includes('palette') && !names.includes('down'), 'not the palette itself, nor moves');
  assert.equal(top.entries.find((e) => e.name === 'prune')?.keyLabel, 'X', 'each with its key');
  assert.deepEqual(commands.find((c) => c.type === 'engines-list'), { type: 'engines-list', overlay: top.id, probe: false });
});

test('typing prn puts prune first, and Enter opens the prune dialog as X would', () => {
  const typed = keys(start(), ':', 'p', 'r', 'n').state;
  const top = topOverlay(typed);
  assert.ok(top?.kind === 'palette');
  assert.equal(paletteMatches(top).at(0)?.name, 'prune');
  const ran = keys(typed, 'return').state;
  const dialog = topOverlay(ran);
  assert.equal(dialog?.kind, 'dialog');
  assert.equal(dialog?.kind === 'dialog' ? dialog.dialog.type : '', 'prune');
  assert.equal(ran.overlays.length, 1, 'the palette closed');
});

test('typing a pane’s name goes there (k9s’s :volumes); q is text; Esc closes without doing anything', () => {
  const went = keys(start(), ':', ...'volumes', 'return').state;
  assert.equal(went.pane, 'volumes');
  assert.equal(went.overlays.length, 0);
  const typedQ = keys(start(), ':', 'q');
  assert.ok(!typedQ.commands.some((c) => c.type === 'app-quit'));
  const top = topOverlay(typedQ.state);
  assert.equal(top?.kind === 'palette' ? top.query : undefined, 'q');
  const closed = keys(typedQ.state, 'escape');
  assert.equal(closed.state.overlays.length, 0);
  assert.equal(closed.state.pane, 'containers');
});

test('↓ chooses the next entry; the engines listed join the entries', () => {
  const opened = keys(start(), ':', ...'sto');
  const top = topOverlay(opened.state);
  assert.ok(top?.kind === 'palette');
  const withEngines = reduceApp(opened.state, { kind: 'action', action: { type: 'view', overlay: top.id, result: { kind: 'listed', rows: [{ name: 'remote-box', host: 'ssh://me@box', description: '', current: false, target: { context: 'remote-box' } }] } } }, ctx).state;
  const listed = topOverlay(withEngines);
  assert.ok(listed?.kind === 'palette');
  assert.ok(listed.entries.some((e) => e.name === 'engine remote-box'));
  const moved = keys(withEngines, 'down').state;
  const after = topOverlay(moved);
  assert.equal(after?.kind === 'palette' ? after.selected : -1, 1);
});

test('a name match ranks above a description match; an empty query keeps the order given', () => {
  const entry = (name: string, description: string): PaletteEntry => ({ name, description, keyLabel: '', run: { kind: 'pane', pane: name } });
  const entries = [entry('alpha', 'has prune in its words'), entry('prune', 'removes what is unused')];
  assert.deepEqual(rankEntries(entries, 'prn').map((e) => e.name), ['prune', 'alpha']);
  assert.deepEqual(rankEntries(entries, '').map((e) => e.name), ['alpha', 'prune']);
});

test('choosing an engine opens the switcher switching to it; the one shown is said so instead', () => {
  const opened = keys(start(), ':');
  const top = topOverlay(opened.state);
  assert.ok(top?.kind === 'palette');
  const rows = [
    { name: 'here', host: 'unix:///here.sock', current: true, target: { host: 'unix:///here.sock' } },
    { name: 'remote-box', host: 'ssh://me@box', current: false, target: { context: 'remote-box' } },
  ];
  const listed = reduceApp(opened.state, { kind: 'action', action: { type: 'view', overlay: top.id, result: { kind: 'listed', rows } } }, ctx).state;
  const switched = keys(listed, ...'remote', 'return');
  const switcher = topOverlay(switched.state);
  assert.equal(switcher?.kind, 'engines');
  assert.equal(switched.state.overlays.length, 1, 'the palette closed');
  assert.deepEqual(
    switched.commands.find((c) => c.type === 'engine-switch'),
    { type: 'engine-switch', overlay: switcher?.id, target: { context: 'remote-box' }, name: 'remote-box' },
  );
  const same = keys(listed, ...'engine here', 'return');
  assert.equal(same.state.overlays.length, 0);
  assert.match(same.state.notice?.text ?? '', /berth is on here already/);
});

test('over a view the palette offers that view’s keys, and runs them there', () => {
  const help = keys(start(), '?', ':');
  const top = topOverlay(help.state);
  assert.ok(top?.kind === 'palette');
  assert.ok(top.entries.some((e) => e.name === 'close'), 'the help view’s Esc');
  assert.ok(top.entries.some((e) => e.name === 'volumes'), 'the panes still');
  const closed = keys(help.state, ...'close', 'return').state;
  assert.equal(closed.overlays.length, 0, 'the palette, then help, closed');
});

test('the user’s custom actions are in the palette with their keys, and Enter runs one as its key would', () => {
  const actions = parseCustomActions([{ name: 'who-owns', command: 'echo {{name}}', run: 'host', key: 'ctrl+t', confirm: true }]);
  assert.ok(Array.isArray(actions));
  const custom = { actions, debugImage: 'busybox' };
  const withCustom: UiContext = { ...ctx, custom, paletteExtras: paletteExtras(custom) };
  let s = start();
  for (const name of [':', 'w', 'h', 'o']) s = reduceApp(s, { kind: 'key', press: press(name) }, withCustom).state;
  const top = topOverlay(s);
  assert.equal(top?.kind, 'palette');
  if (top?.kind !== 'palette') return;
  const first = rankEntries(top.entries, top.query)[0];
  assert.equal(first?.name, 'who-owns');
  assert.equal(first?.keyLabel, 'Ctrl-T');
  // A confirm action asks first, from the palette as from its key.
  const ran = reduceApp(s, { kind: 'key', press: press('return') }, withCustom);
  assert.notEqual(topOverlay(ran.state)?.kind, 'palette');
  assert.match(JSON.stringify(topOverlay(ran.state)), /who-owns/);
});

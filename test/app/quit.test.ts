/**
 * Quitting with something to lose (app/quit.ts), through the app reducer: q and Ctrl-C ask once
 * while a pull, push or build runs or a dialog holds typed text; the same key again quits, Esc stays,
 * any other key withdraws the question and does what it does. With nothing to lose, both quit.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Command } from '../../src/app/commands.ts';
import type { UiContext } from '../../src/app/context.ts';
import { plainFlags, type KeyFlags, type KeyPress } from '../../src/app/input/press.ts';
import { defaultKeymap } from '../../src/app/keys/keymap.ts';
import { reduceApp } from '../../src/app/keys/reduce.ts';
import { quitQuestionText } from '../../src/app/quit.ts';
import { initialAppState, topOverlay, type AppState } from '../../src/app/types.ts';
import { initialEngineState } from '../../src/state/engine-state.ts';
import { createPull } from '../../src/state/pulls/pull-reducer.ts';
import { buildSending, createBuild } from '../../src/state/builds/build-reducer.ts';
import { uiContext } from '../support/ui-context.ts';

const named: Record<string, Partial<KeyFlags>> = { return: { return: true }, escape: { escape: true }, tab: { tab: true }, 'ctrl+c': { ctrl: true } };
function press(name: string): KeyPress {
  const flags = named[name];
  return flags ? { name, input: name === 'ctrl+c' ? 'c' : name === 'tab' ? '\t' : '', key: { ...plainFlags, ...flags } } : { name, input: name, key: plainFlags };
}

const engine = { ...initialEngineState('x'), images: { loaded: true, stale: false, items: [] } };
const pull = (id: string, kind?: 'push') => createPull({ id, reference: `busybox:${id}`, fromImage: 'busybox', tag: id, startedAt: 0, ...(kind && { kind }) });
const idle = uiContext({ engine });
const busy = uiContext({ engine, pulls: { pulls: [pull('1'), pull('2'), pull('3', 'push'), { ...pull('4'), status: 'done' }] } });

function keys(ctx: UiContext, state: AppState, ...names: string[]): { state: AppState; commands: Command[] } {
  const commands: Command[] = [];
  let s = state;
  for (const name of names) {
    const out = reduceApp(s, { kind: 'key', press: press(name) }, ctx);
    s = out.state;
    commands.push(...out.commands);
  }
  return { state: s, commands };
}
const quits = (commands: readonly Command[]) => commands.filter((c) => c.type === 'app-quit').length;
const start = () => initialAppState({ columns: 100, rows: 30 });

test('nothing to lose: q and Ctrl-C quit at once', () => {
  assert.equal(quits(keys(idle, start(), 'q').commands), 1);
  assert.equal(quits(keys(idle, start(), 'ctrl+c').commands), 1);
  // A dialog opened and left as it opened (a prefill is not typed text).
  assert.equal(quits(keys(idle, start(), 'r', 'ctrl+c').commands), 1);
});

test('pulls and pushes running: q asks, naming them; q again quits', () => {
  const asked = keys(busy, start(), 'q');
  assert.equal(quits(asked.commands), 0);
  assert.deepEqual(asked.state.quitQuestion, { key: 'quit', lost: ['2 pulls and 1 push running'] });
  assert.equal(quitQuestionText(asked.state.quitQuestion!, defaultKeymap, 100), '2 pulls and 1 push running will be lost — q again to quit, Esc to stay');
  assert.equal(quits(keys(busy, asked.state, 'q').commands), 1);
  // Ctrl-C answers its own question the same way, and q's.
  assert.equal(quits(keys(busy, start(), 'ctrl+c', 'ctrl+c').commands), 1);
  assert.equal(quits(keys(busy, start(), 'q', 'ctrl+c').commands), 1);
});

test('Esc stays and does nothing else; another key withdraws the question and does its own thing', () => {
  const stayed = keys(busy, start(), 'r', 'tab', 'tab', 'tab', 'q');
  // In the run dialog on the TTY switch (not text): q asks.
  assert.ok(stayed.state.quitQuestion);
  const afterEsc = keys(busy, stayed.state, 'escape').state;
  assert.equal(afterEsc.quitQuestion, undefined);
  assert.equal(topOverlay(afterEsc)?.kind, 'dialog', 'Esc answered the question and did not close the dialog');
  const moved = keys(busy, stayed.state, '2');
  assert.equal(moved.state.quitQuestion, undefined);
  assert.equal(quits(moved.commands), 0);
  // Asked again later: asked again, not quitting on one press.
  assert.equal(quits(keys(busy, afterEsc, 'q').commands), 0);
});

test('text typed in a dialog: Ctrl-C in its field asks, naming the dialog; q there stays text', () => {
  const typed = keys(idle, start(), 'r', 'b', 'u', 'q');
  assert.equal(quits(typed.commands), 0, 'q in a field is text');
  const asked = keys(idle, typed.state, 'ctrl+c');
  assert.equal(quits(asked.commands), 0);
  assert.deepEqual(asked.state.quitQuestion?.lost, ['the run dialog’s text']);
  assert.match(quitQuestionText(asked.state.quitQuestion!, defaultKeymap, 100), /^the run dialog’s text will be lost — Ctrl-C again to quit, Esc to stay$/);
  // q is not the key that asked: in the field it is text, and the question is withdrawn.
  const typedOn = keys(idle, asked.state, 'q');
  assert.equal(quits(typedOn.commands), 0);
  assert.equal(typedOn.state.quitQuestion, undefined);
  assert.equal(quits(keys(idle, asked.state, 'ctrl+c').commands), 1);
});

test('the question keeps its answers on a narrow line: they come first when both do not fit', () => {
  const text = quitQuestionText({ key: 'quit', lost: ['2 pulls running', 'the run dialog’s text'] }, defaultKeymap, 80);
  assert.equal(text, 'q again to quit, Esc to stay: 2 pulls running and the run dialog’s text will be lost');
});

test('a build running is named too: quitting ends it (the engine stops it with its request)', () => {
  const settings = { context: '.', dockerfile: 'Dockerfile', tags: [], buildArgs: {}, target: '', platform: '', noCache: false, pull: false, network: '' };
  const building = uiContext({ engine, builds: { builds: [buildSending(createBuild({ id: 'build-1', settings, startedAt: 0 }), 'buildkit', [], { files: 1, bytes: 1 })] } });
  const asked = keys(building, start(), 'q');
  assert.equal(quits(asked.commands), 0);
  assert.deepEqual(asked.state.quitQuestion?.lost, ['1 build running']);
});

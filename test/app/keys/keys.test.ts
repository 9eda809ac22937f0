import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Key } from 'ink';
import { keyName, splitBurst } from '../../../src/app/input/key-name.ts';
import { defaultKeymap } from '../../../src/app/keys/keymap.ts';

const none = splitBurst('x', {} as Key)[0]!.key;

test('a burst of plain text becomes one press per character, controls named', () => {
  const presses = splitBurst('/we\r', none).map((p) => keyName(p.input, p.key));
  assert.deepEqual(presses, ['/', 'w', 'e', 'return']);
  assert.deepEqual(splitBurst('a\u007fb\t', none).map((p) => keyName(p.input, p.key)), ['a', 'backspace', 'b', 'tab']);
  assert.deepEqual(splitBurst('G', none).map((p) => keyName(p.input, p.key)), ['G']);
  assert.deepEqual(splitBurst('\u0015x', none).map((p) => keyName(p.input, p.key)), ['ctrl+u', 'x']);
});

test('a single key passes through untouched', () => {
  const up = { ...none, upArrow: true };
  assert.deepEqual(splitBurst('', up), [{ input: '', key: up }]);
  assert.equal(keyName('', up), 'up');
  assert.equal(keyName('c', { ...none, ctrl: true }), 'ctrl+c');
  assert.equal(keyName('', { ...none, tab: true, shift: true }), 'shift+tab');
});

test('the keymap resolves by context and has no clashing keys within a context', () => {
  assert.equal(defaultKeymap.resolve('containers', 'a'), 'toggle-all');
  assert.equal(defaultKeymap.resolve('logs', 'f'), 'follow');
  assert.equal(defaultKeymap.resolve('list', 'j'), 'down');
  assert.equal(defaultKeymap.resolve('global', 'q'), 'quit');
  assert.equal(defaultKeymap.resolve('anywhere', 'ctrl+c'), 'interrupt', 'Ctrl-C on every screen, a text field too');
  assert.equal(defaultKeymap.resolve('images', 'a'), undefined);
  const seen = new Map<string, string>();
  for (const b of defaultKeymap.bindings) {
    for (const c of b.contexts) {
      for (const k of b.keys) {
        const id = `${c} ${k}`;
        assert.ok(!seen.has(id), `${id} bound to both ${seen.get(id)} and ${b.action}`);
        seen.set(id, b.action);
      }
    }
  }
});

test('help for a context lists its own keys before the global ones, each once', () => {
  const actions = defaultKeymap.bindingsFor(['logs', 'global']).map((b) => b.action);
  assert.ok(actions.indexOf('follow') < actions.indexOf('quit'));
  assert.equal(new Set(actions).size, actions.length);
});

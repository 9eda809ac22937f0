/**
 * In the demo the pull dialog offers its registry's sample images: Ctrl-N (the keymap's
 * `suggest`) fills the image field with one after another (and the credential lookup follows
 * it); without a demo the key is an ordinary key and changes nothing.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DialogContext } from '../../../src/app/dialogs/machine.ts';
import { nextSuggestion, type PullDialog } from '../../../src/app/dialogs/pull.ts';
import { plainFlags } from '../../../src/app/input/press.ts';
import { defaultKeymap } from '../../../src/app/keys/keymap.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import { keyIn, openIn, type KnownDialog } from '../../support/dialog-driver.ts';

const samples = ['127.0.0.1:5000/berth/layers:latest', '127.0.0.1:5000/berth/busybox:latest'];
const ctxWith = (images: readonly string[] | undefined): DialogContext => ({
  overlay: 3,
  engine: initialEngineState('x', undefined, images ? { registry: '127.0.0.1:5000', images } : undefined),
  bodyHeight: 20,
});
const ctrlN = { name: defaultKeymap.firstKey('suggest'), input: '', key: { ...plainFlags, ctrl: true } };

function pullState(state: KnownDialog): PullDialog {
  assert.equal(state.type, 'pull');
  return state as PullDialog;
}

test('the suggestion key is Ctrl-N', () => {
  assert.equal(ctrlN.name, 'ctrl+n');
});

test('nextSuggestion walks the list and starts over', () => {
  assert.equal(nextSuggestion(samples, ''), samples[0]);
  assert.equal(nextSuggestion(samples, samples[0] ?? ''), samples[1]);
  assert.equal(nextSuggestion(samples, samples[1] ?? ''), samples[0]);
  assert.equal(nextSuggestion(samples, 'alpine'), samples[0]);
  assert.equal(nextSuggestion([], ''), undefined);
});

test('Ctrl-N in the demo fills the image field, from any field, and looks the credentials up', () => {
  const ctx = ctxWith(samples);
  let state: PullDialog = { ...pullState(openIn({ type: 'pull' }, ctx).state), focus: 2 };
  const first = keyIn(state, ctrlN, ctx);
  state = pullState(first.state);
  assert.equal(state.fields.image.value, samples[0]);
  assert.equal(state.focus, 0);
  assert.equal(state.lookup.state, 'looking');
  assert.equal(first.commands?.some((c) => c.type === 'timer-start'), true, 'the lookup waits for typing to pause');
  state = pullState(keyIn(state, ctrlN, ctx).state);
  assert.equal(state.fields.image.value, samples[1]);
});

test('without a demo, Ctrl-N changes nothing', () => {
  const ctx = ctxWith(undefined);
  const state = openIn({ type: 'pull', reference: 'alpine' }, ctx).state;
  assert.equal(pullState(keyIn(state, ctrlN, ctx).state).fields.image.value, 'alpine');
});

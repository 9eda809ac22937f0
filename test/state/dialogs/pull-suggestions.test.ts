/**
 * In the demo the pull dialog offers its registry's sample images: Ctrl-N fills the image field
 * with one after another (and the credential lookup follows it); without a demo the key is an
 * ordinary key and changes nothing.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DialogContext } from '../../../src/state/dialogs/machine.ts';
import { nextSuggestion, openPull, pullMachine, SUGGEST_KEY, type PullDialog } from '../../../src/state/dialogs/pull.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import { plainFlags } from '../../../src/state/input/press.ts';

const samples = ['127.0.0.1:5000/berth/layers:latest', '127.0.0.1:5000/berth/busybox:latest'];
const ctxWith = (images: readonly string[] | undefined): DialogContext => ({
  overlay: 3,
  engine: initialEngineState('x', undefined, images ? { registry: '127.0.0.1:5000', images } : undefined),
  bodyHeight: 20,
  imageRowKey: (id, ref) => `${id} ${ref}`,
});
const ctrlN = { name: SUGGEST_KEY, input: '', key: { ...plainFlags, ctrl: true } };

test('nextSuggestion walks the list and starts over', () => {
  assert.equal(nextSuggestion(samples, ''), samples[0]);
  assert.equal(nextSuggestion(samples, samples[0] ?? ''), samples[1]);
  assert.equal(nextSuggestion(samples, samples[1] ?? ''), samples[0]);
  assert.equal(nextSuggestion(samples, 'alpine'), samples[0]);
  assert.equal(nextSuggestion([], ''), undefined);
});

test('Ctrl-N in the demo fills the image field, from any field, and looks the credentials up', () => {
  const ctx = ctxWith(samples);
  let state: PullDialog = { ...openPull({ type: 'pull' }, 3).state, focus: 2 };
  const first = pullMachine.key(state, ctrlN, ctx);
  state = first.state;
  assert.equal(state.fields.image.value, samples[0]);
  assert.equal(state.focus, 0);
  assert.equal(state.lookup.state, 'looking');
  assert.ok(first.commands?.some((c) => c.type === 'after'));
  state = pullMachine.key(state, ctrlN, ctx).state;
  assert.equal(state.fields.image.value, samples[1]);
});

test('without a demo, Ctrl-N changes nothing', () => {
  const state = openPull({ type: 'pull', reference: 'alpine' }, 3).state;
  assert.equal(pullMachine.key(state, ctrlN, ctxWith(undefined)).state.fields.image.value, 'alpine');
});

/**
 * The palette's own words: its footer says what its keys do there (Enter runs the entry, ↑/↓
 * choose, Esc closes), not the filter prompt's whose keys it shares; and its entry for Space on
 * the Containers pane says Space marks (it folds only a Compose project's row).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { plainFlags } from '../../../src/app/input/press.ts';
import { contextsFor } from '../../../src/app/keys/contexts.ts';
import { footerParts } from '../../../src/app/keys/footer.ts';
import { customiseKeymap } from '../../../src/app/keys/custom-keys.ts';
import { defaultKeymap, keymap, Keymap } from '../../../src/app/keys/keymap.ts';
import { reduceApp } from '../../../src/app/keys/reduce.ts';
import { initialAppState, topOverlay } from '../../../src/app/types.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import { uiContext } from '../../support/ui-context.ts';

const ctx = uiContext({ engine: initialEngineState('x') });
const opened = reduceApp(initialAppState({ columns: 100, rows: 20 }), { kind: 'key', press: { name: ':', input: ':', key: plainFlags } }, ctx).state;

test('the palette’s footer: Enter runs, ↑/↓ choose, Esc closes; the filter prompt keeps its own', () => {
  assert.equal(topOverlay(opened)?.kind, 'palette');
  assert.deepEqual(footerParts(defaultKeymap, contextsFor(opened), 100), ['Enter runs', '↑/↓ choose', 'Esc closes']);
  const filtering = reduceApp(initialAppState({ columns: 100, rows: 20 }), { kind: 'key', press: { name: '/', input: '/', key: plainFlags } }, ctx).state;
  assert.deepEqual(footerParts(defaultKeymap, contextsFor(filtering), 100).slice(0, 2), ['Enter keeps', 'Esc clears']);
  // The user's keys for them are the ones written.
  const mine = new Keymap(customiseKeymap(keymap, { 'prompt-keep': ['tab', 'return'] }));
  assert.equal(footerParts(mine, contextsFor(opened), 100)[0], 'Tab runs');
});

test('the palette calls Space on the Containers pane “mark or fold”', () => {
  const overlay = topOverlay(opened);
  const entry = overlay?.kind === 'palette' ? overlay.entries.find((e) => e.keyLabel === 'Space') : undefined;
  assert.equal(entry?.name, 'mark or fold');
});

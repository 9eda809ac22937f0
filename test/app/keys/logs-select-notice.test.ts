/**
 * J and y in a logs view act on select mode's lines (or the current match): pressed with neither,
 * the notice names the key that comes first (v), not only what it does.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { plainFlags, type KeyPress } from '../../../src/app/input/press.ts';
import { reduceApp } from '../../../src/app/keys/reduce.ts';
import { initialAppState, topOverlay, type AppState } from '../../../src/app/types.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import { uiContext } from '../../support/ui-context.ts';
import { container } from '../../support/ui-harness.tsx';

const ctx = uiContext({ engine: { ...initialEngineState('x'), containers: { loaded: true, stale: false, items: [container('a'.repeat(12), 'web')] } } });
const press = (name: string): KeyPress => (name === 'return' ? { name, input: '', key: { ...plainFlags, return: true } } : { name, input: name, key: plainFlags });
const keys = (state: AppState, ...names: string[]) => names.reduce((s, name) => reduceApp(s, { kind: 'key', press: press(name) }, ctx).state, state);

test('J and y with select mode off and no match: the notice says to press v first', () => {
  const logs = keys(initialAppState({ columns: 100, rows: 20 }), 'return');
  assert.equal(topOverlay(logs)?.kind, 'logs');
  const json = keys(logs, 'J').notice;
  assert.equal(json?.tone, 'error');
  assert.equal(json?.text, 'J shows one line as JSON: press v first (select mode puts a cursor on a line), or / to search for one');
  assert.equal(keys(logs, 'y').notice?.text, 'y copies selected lines: press v first (select mode puts a cursor on a line), or / to search for one');
});

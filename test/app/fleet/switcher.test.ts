/**
 * Choosing a fleet in the engine switcher (app/views/engines.ts): Space chooses and unchooses the
 * selected engine, Enter with engines chosen asks for them together with the one shown (which
 * stays first, so it is not sent again), and the switcher waits for the answer.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { viewApp } from '../../../src/app/keys/reduce.ts';
import { engines } from '../../../src/app/views/engines.ts';
import { plainFlags } from '../../../src/app/input/press.ts';
import { initialAppState, type AppState, type EngineRow, type EnginesOverlay } from '../../../src/app/types.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import { uiContext } from '../../support/ui-context.ts';

const ctx = uiContext({ engine: initialEngineState('unix:///a.sock') });
const row = (name: string, current = false): EngineRow => ({ name, host: `unix:///${name}.sock`, current, target: { host: `unix:///${name}.sock` } });
const overlay: EnginesOverlay = { id: 3, kind: 'engines', rows: [row('a', true), row('b'), row('c')], selected: 1 };
const press = (name: string) => ({ name, input: name === 'return' ? '\r' : name, key: plainFlags });
const top = (state: AppState) => state.overlays.at(-1) as EnginesOverlay;

function keys(names: string[]) {
  let state: AppState = { ...initialAppState(), overlays: [overlay] };
  let commands: unknown[] = [];
  for (const name of names) {
    const out = engines.key(state, top(state), press(name), ctx, viewApp);
    assert.ok(out, `${name} does something`);
    state = out.state;
    commands = [...commands, ...out.commands];
  }
  return { state, commands };
}

test('Space chooses engines and unchooses them; Enter shows the chosen ones beside the one shown', () => {
  const { state, commands } = keys([' ', 'down', ' ', 'up', 'up', ' ', 'return']);
  assert.deepEqual(top(state).chosen, ['unix:///b.sock', 'unix:///c.sock', 'unix:///a.sock']);
  // The one shown goes with them as `shown`, so the choice can be kept for the next start.
  assert.deepEqual(commands, [{ type: 'fleet-show', overlay: 3, targets: [{ host: 'unix:///b.sock' }, { host: 'unix:///c.sock' }], name: 'a fleet of 3', shown: { host: 'unix:///a.sock' } }]);
  assert.equal(top(state).switching, 'a fleet of 3', 'the switcher waits for the engines’ answer');
  const undone = keys([' ', ' ']);
  assert.deepEqual(top(undone.state).chosen, []);
});

/**
 * The incident card through the app reducer: Enter on an Incidents row opens the card of that
 * row's incident (views/incident.ts declares it for the row's container target), and the card
 * acknowledges it and closes with Esc.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { plainFlags } from '../../../src/app/input/press.ts';
import { reduceApp } from '../../../src/app/keys/reduce.ts';
import { initialAppState, topOverlay, type AppState } from '../../../src/app/types.ts';
import type { EngineEvent } from '../../../src/engine/types.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import { detect, emptyDetector } from '../../../src/state/incidents/detect.ts';
import { uiContext } from '../../support/ui-context.ts';

const ev = (id: string, action: string, atS: number, attributes: Record<string, string> = {}): EngineEvent => ({ Type: 'container', Action: action, Actor: { ID: id, Attributes: { name: `n-${id}`, image: 'busybox', ...attributes } }, timeNano: (1_700_000_000 + atS) * 1e9 });
const detected = [ev('a', 'die', 1, { exitCode: '1' }), ev('b', 'die', 2, { exitCode: '2' })].reduce((s, e) => detect(s, e), emptyDetector);
const ctx = uiContext({ engine: initialEngineState('x'), incidents: { incidents: detected.incidents } });
const press = (name: string) => ({ kind: 'key' as const, press: { name, input: name.length === 1 ? name : '', key: { ...plainFlags, return: name === 'return', escape: name === 'escape' } } });

function keys(state: AppState, ...names: string[]) {
  let out = { state, commands: [] as unknown[] };
  for (const name of names) {
    const next = reduceApp(out.state, press(name), ctx);
    out = { state: next.state, commands: [...out.commands, ...next.commands] };
  }
  return out;
}

test('Enter on an Incidents row opens its incident’s card; a acknowledges it; Esc closes', () => {
  const onPane = initialAppState({ columns: 120, rows: 30 }, 'incidents');
  const second = keys(onPane, 'down', 'return');
  const card = topOverlay(second.state);
  assert.ok(card?.kind === 'incident', 'the card is open');
  const shown = detected.incidents.find((i) => i.seq === card.seq);
  const rowSeqs = keys(onPane, 'return').state.overlays.map((o) => (o.kind === 'incident' ? o.seq : -1));
  assert.notEqual(rowSeqs[0], card.seq, 'each row opens its own incident');
  assert.ok(shown);
  const acknowledged = keys(second.state, 'a');
  assert.deepEqual(acknowledged.commands.filter((c) => (c as { type: string }).type === 'incident-acknowledge'), [{ type: 'incident-acknowledge', seq: card.seq }]);
  assert.equal(keys(second.state, 'escape').state.overlays.length, 0);
});

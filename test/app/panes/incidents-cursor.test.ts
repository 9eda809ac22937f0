/**
 * The Incidents pane, newest first: its cursor is on the top row (the newest incident) until the
 * user moves it, however many incidents came while it was not shown.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { EngineEvent } from '../../../src/engine/types.ts';
import { plainFlags } from '../../../src/app/input/press.ts';
import { reduceApp } from '../../../src/app/keys/reduce.ts';
import { incidents } from '../../../src/app/panes/incidents.ts';
import { selectedRow } from '../../../src/app/panes/pane.ts';
import { initialAppState, type AppState } from '../../../src/app/types.ts';
import type { UiContext } from '../../../src/app/context.ts';
import { detect, emptyDetector } from '../../../src/state/incidents/detect.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import { uiContext } from '../../support/ui-context.ts';

const die = (id: string, atS: number): EngineEvent => ({ Type: 'container', Action: 'die', Actor: { ID: id, Attributes: { name: `n-${id}`, image: 'busybox', exitCode: '1' } }, timeNano: (1_700_000_000 + atS) * 1e9 });
const engine = initialEngineState('x');
const after = (...events: EngineEvent[]): UiContext => uiContext({ engine, incidents: { incidents: events.reduce((s, e) => detect(s, e), emptyDetector).incidents } });
const key = (state: AppState, ctx: UiContext, name: string) => reduceApp(state, { kind: 'key', press: { name, input: name, key: plainFlags } }, ctx).state;
const settle = (state: AppState, ctx: UiContext) => reduceApp(state, { kind: 'action', action: { type: 'sources-changed' } }, ctx).state;

test('incidents arriving one by one leave the cursor on the newest when the pane is opened', () => {
  let state = initialAppState({ columns: 120, rows: 20 });
  state = settle(state, after(die('a', 1)));
  const ctx = after(die('a', 1), die('b', 2), die('c', 3));
  state = settle(state, ctx);
  state = key(state, ctx, '9');
  assert.equal(state.pane, 'incidents');
  assert.equal(selectedRow(incidents, state, ctx)?.incident.name, 'n-c', 'the top row');
  // Moved, the cursor stays on its incident as newer ones come.
  state = key(state, ctx, 'j');
  assert.equal(selectedRow(incidents, state, ctx)?.incident.name, 'n-b');
  const later = after(die('a', 1), die('b', 2), die('c', 3), die('d', 4));
  assert.equal(selectedRow(incidents, settle(state, later), later)?.incident.name, 'n-b');
});

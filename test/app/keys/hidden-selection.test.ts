/**
 * A source's change settles the selection of the pane shown only: a hidden pane's is settled by
 * the next key, the one that shows it included. Each event heard moved the hidden Events pane's
 * selection down a row, a new app state each time, and so a render of a screen that had not
 * changed (bench B15).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { UiContext } from '../../../src/app/context.ts';
import { plainFlags } from '../../../src/app/input/press.ts';
import { reduceApp } from '../../../src/app/keys/reduce.ts';
import { initialAppState, paneView, type AppState } from '../../../src/app/types.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import type { LoggedEvent } from '../../../src/state/events/event-log.ts';
import { uiContext } from '../../support/ui-context.ts';

const event = (seq: number): LoggedEvent => ({ seq, at: 1_700_000_000_000 + seq, type: 'container', action: seq % 2 ? 'die' : 'start', actor: `loop-${seq}`, details: '' });
/** Newest first, as the log keeps them. */
const ctxWith = (count: number): UiContext => uiContext({ engine: { ...initialEngineState('x'), containers: { loaded: true, stale: false, items: [] } }, events: { events: Array.from({ length: count }, (_, i) => event(count - i)) } });
const changed = (state: AppState, ctx: UiContext) => reduceApp(state, { kind: 'action', action: { type: 'sources-changed' } }, ctx).state;
const key = (state: AppState, name: string, ctx: UiContext) => reduceApp(state, { kind: 'key', press: { name, input: name, key: plainFlags } }, ctx).state;

test('events heard while the Events pane is hidden leave the app state as it was; showing it finds the same event selected', () => {
  // The Events pane has settled on the newest event (any key settles every pane).
  let state = key(initialAppState({ columns: 100, rows: 20 }), 'j', ctxWith(3));
  const selected = paneView(state, 'events').selectedId;
  assert.ok(selected !== undefined && selected.endsWith('3'), `the newest event selected: ${selected}`);
  assert.notEqual(state.pane, 'events');
  for (let count = 4; count <= 9; count++) {
    const next = changed(state, ctxWith(count));
    assert.equal(next, state, `${count} events: the same state (nothing to draw)`);
    state = next;
  }
  const shown = key(state, '6', ctxWith(9));
  assert.equal(shown.pane, 'events');
  assert.equal(paneView(shown, 'events').selectedId, selected, 'the same event');
  assert.equal(paneView(shown, 'events').selectedIndex, 6, 'six newer events above it');
  // Shown, it follows each change again.
  const later = changed(shown, ctxWith(10));
  assert.equal(paneView(later, 'events').selectedIndex, 7);
});

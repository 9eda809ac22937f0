/**
 * Ages in a fleet (issue 48): each row's STATUS is grown from its own engine's answer, not the
 * engine shown's. The first engine's list time changes only when its list does, so another
 * engine's "Up 3 seconds" grown from it ran ahead by however long the first list had stood still.
 * The Containers pane's cells and the clock's next tick (next-age-change.ts) both read the row's
 * own engine's time (fleet-lists.ts arrivedAt).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ContainerSummary } from '../../../src/engine/types.ts';
import { containers } from '../../../src/app/panes/containers.ts';
import { nextAgeChange } from '../../../src/app/rows/next-age-change.ts';
import { initialAppState } from '../../../src/app/types.ts';
import { initialEngineState, type EngineState } from '../../../src/state/engine-state.ts';
import type { FleetMember, FleetState } from '../../../src/state/fleet/fleet.ts';
import { arrivedAt, fleetEngineState } from '../../../src/state/fleet/fleet-lists.ts';
import { uiContext } from '../../support/ui-context.ts';

const SHOWN_AT = 1_000_000;
/** The other engine answered 20.3 s after the engine shown last changed its list. */
const OTHER_AT = SHOWN_AT + 20_300;

const container = (id: string, name: string, status: string): ContainerSummary => ({ Id: id.padEnd(64, '0'), Names: [`/${name}`], Image: 'busybox', State: status.startsWith('Up') ? 'running' : 'created', Status: status });
const engineWith = (endpoint: string, items: ContainerSummary[], refreshedAt: number): EngineState => ({ ...initialEngineState(endpoint), containers: { items, loaded: true, stale: false, refreshedAt } });
const member = (name: string, engine: EngineState, primary = false): FleetMember => ({ name, label: name, access: 'read-write', engine, primary });

function fleetOf(shownStatus: string): FleetState {
  const a = engineWith('unix:///a.sock', [container('a1', 'on-a', shownStatus)], SHOWN_AT);
  const b = engineWith('unix:///b.sock', [container('b1', 'on-b', 'Up 3 seconds')], OTHER_AT);
  return { members: [member('a', a, true), member('b', b)] };
}

test('the merged list keeps each engine’s own list time; arrivedAt gives a row its engine’s', () => {
  const fleet = fleetOf('Up 10 seconds');
  const merged = fleetEngineState(fleet, fleet.members[0]?.engine as EngineState).containers;
  assert.deepEqual(merged.refreshedAtBy, { a: SHOWN_AT, b: OTHER_AT });
  assert.equal(arrivedAt(merged, 'b'), OTHER_AT);
  assert.equal(arrivedAt(merged, 'a'), SHOWN_AT);
  assert.equal(arrivedAt(merged, undefined), SHOWN_AT, 'outside a fleet: the list’s own');
  assert.equal(arrivedAt({ refreshedAt: 5 }, 'b'), 5, 'an engine not in the map: the list’s');
});

test('the Containers pane: each row’s STATUS as of its own engine’s answer, the other engine’s not run ahead', () => {
  const fleet = fleetOf('Up 10 seconds');
  const engine = fleetEngineState(fleet, fleet.members[0]?.engine as EngineState);
  const ctx = uiContext({ engine, fleet });
  const state = initialAppState();
  const now = OTHER_AT + 1_000;
  const statusOf = (name: string) => {
    const row = containers.rows(state, ctx).find((r) => r.cells.name === name);
    assert.ok(row, name);
    return containers.view.kind === 'table' ? containers.view.cells(row, state, ctx, now).cells.status : undefined;
  };
  // 3 s at its answer, 1.3 s since: "Up 4 seconds" (from the engine shown's time it read "Up 24 seconds").
  assert.equal(statusOf('on-b'), 'Up 4 seconds');
  assert.equal(statusOf('on-a'), 'Up 31 seconds');
});

test('the clock ticks when the other engine’s age turns by its own answer’s time', () => {
  // Only the other engine's row has an age: its next turn is a whole second after its own answer.
  const fleet = fleetOf('Created');
  const merged = fleetEngineState(fleet, fleet.members[0]?.engine as EngineState).containers;
  const lists = { containers: merged.items, containersAt: merged.refreshedAt, containersAtBy: merged.refreshedAtBy, images: [], times: new Map() };
  assert.equal(nextAgeChange('container', lists, OTHER_AT), OTHER_AT + 1_000);
});

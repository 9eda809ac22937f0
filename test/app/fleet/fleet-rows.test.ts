/** What a merging pane needs in a fleet (app/fleet/fleet-rows.ts): ENGINE only then, keys by engine (the swarm panes too, each manager's rows apart). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fleetRowKey, withEngineColumn } from '../../../src/app/fleet/fleet-rows.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import type { FleetMember } from '../../../src/state/fleet/fleet.ts';
import { rowKey } from '../../../src/state/sources.ts';

const engine = initialEngineState('unix:///a.sock');
const member = (name: string): FleetMember => ({ name, label: name, access: 'read-write', engine, primary: name === 'a' });
const alone = { engine, fleet: { members: [member('a')] } };
const fleet = { engine, fleet: { members: [member('a'), member('b')] } };
const columns = [{ key: 'id', title: 'ID', min: 4, priority: 0 }] as const;

test('ENGINE only in a fleet (the same array each time), rows keyed by engine', () => {
  assert.equal(withEngineColumn(columns, alone), columns);
  const shown = withEngineColumn(columns, fleet);
  assert.deepEqual(shown.map((c) => c.title), ['ENGINE', 'ID']);
  assert.equal(withEngineColumn(columns, fleet), shown);
  assert.equal(fleetRowKey(fleet, 'b', 'c1'), rowKey('b', 'c1'));
  assert.equal(fleetRowKey(alone, undefined, 'c1'), rowKey('unix:///a.sock', 'c1'));
});

/** config.json's "fleet" as the options berth opens (main/fleet.ts): addresses and contexts as the command line would give them. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fleetFromSettings } from '../../src/main/fleet.ts';

test('config.json "fleet": an address (with :// or a leading /) or a context each; the first is the engine shown', () => {
  assert.deepEqual(fleetFromSettings(['prod', 'unix:///b.sock', '/c.sock']), { context: 'prod', fleet: [{ host: 'unix:///b.sock' }, { host: '/c.sock' }] });
  assert.deepEqual(fleetFromSettings(['unix:///a.sock']), { host: 'unix:///a.sock' });
  assert.deepEqual(fleetFromSettings(undefined), {});
});

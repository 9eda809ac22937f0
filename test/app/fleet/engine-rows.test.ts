/**
 * The engine switcher's rows with the engines berth shows (app/fleet/engine-rows.ts, issue 48):
 * `-H a -H b` on sockets no context or standard place names listed "no engines found"; two
 * sockets both named docker.sock read `docker` and `docker-2` with nothing saying which is which.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { shownEngines, withShownEngines } from '../../../src/app/fleet/engine-rows.ts';
import type { EngineRow } from '../../../src/app/types.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import type { FleetMember } from '../../../src/state/fleet/fleet.ts';

const member = (name: string, endpoint: string, primary = false, context?: string): FleetMember => ({ name, label: endpoint, access: 'read-write', engine: initialEngineState(endpoint, context), primary });
const A = 'unix:///tmp/sandbox-a/run/docker.sock';
const B = 'unix:///tmp/sandbox-b/run/docker.sock';

test('a fleet started with -H a -H b on sockets nothing else names: both are rows, under their fleet names beside their addresses, the one shown current', () => {
  const shown = shownEngines([member('docker', A, true), member('docker-2', B)], initialEngineState(A).connection);
  assert.deepEqual(withShownEngines([], shown), [
    { name: 'docker', host: A, current: true, target: { host: A }, description: 'shown now' },
    { name: 'docker-2', host: B, current: false, target: { host: B }, description: 'in the fleet' },
  ]);
});

test('an engine a found row names is marked there, not listed twice; the row says its fleet name when that differs; only the shown one is current', () => {
  const found: EngineRow[] = [
    { name: 'default', host: 'unix:///var/run/docker.sock', current: false, target: { host: 'unix:///var/run/docker.sock' }, description: 'docker' },
    { name: 'prod', host: 'tcp://10.0.0.1:2376', current: true, target: { context: 'prod' } },
    { name: 'podman', host: 'unix:///run/podman/podman.sock', current: false, target: { host: 'unix:///run/podman/podman.sock' } },
  ];
  const shown = shownEngines([member('docker', 'unix:///var/run/docker.sock', true), member('prod', 'tcp://10.0.0.1:2376', false, 'prod')], initialEngineState('unix:///var/run/docker.sock').connection);
  const rows = withShownEngines(found, shown);
  assert.deepEqual(
    rows.map((r) => [r.name, r.current, r.description]),
    [
      ['default', true, 'docker · in the fleet as docker'],
      ['prod', false, 'in the fleet'],
      ['podman', false, undefined],
    ],
  );
});

test('one engine shown (no fleet): its row is added only when nothing found names it; the switcher’s own current mark stands', () => {
  const alone = shownEngines([], initialEngineState('unix:///tmp/x/docker.sock').connection);
  assert.deepEqual(withShownEngines([], alone), [{ name: 'docker', host: 'unix:///tmp/x/docker.sock', current: true, target: { host: 'unix:///tmp/x/docker.sock' }, description: 'shown now' }]);
  const found: EngineRow[] = [{ name: 'default', host: 'unix:///tmp/x/docker.sock', current: true, target: { host: 'unix:///tmp/x/docker.sock' } }];
  assert.deepEqual(withShownEngines(found, alone), found);
  // A context shown: the context's row.
  const context = shownEngines([], initialEngineState('ssh://me@box', 'box').connection);
  const byContext: EngineRow[] = [{ name: 'box', host: 'ssh://me@box', current: false, target: { context: 'box' } }];
  assert.deepEqual(withShownEngines(byContext, context).map((r) => [r.name, r.current]), [['box', true]]);
});

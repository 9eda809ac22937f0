import assert from 'node:assert/strict';
import { test } from 'node:test';
import { withFleetChoices, type EngineChoice } from '../../src/state/engine-switch.ts';

test('a fleet started with -H a -H b lists both engines when nothing else names them (issue 48)', () => {
  const rows = withFleetChoices([], [
    { name: 'a/docker', host: 'unix:///tmp/a/docker.sock' },
    { name: 'b/docker', host: 'unix:///tmp/b/docker.sock' },
  ]);
  assert.deepEqual(rows, [
    { name: 'a/docker', host: 'unix:///tmp/a/docker.sock', current: true, target: { host: 'unix:///tmp/a/docker.sock' }, description: 'shown now' },
    { name: 'b/docker', host: 'unix:///tmp/b/docker.sock', current: false, target: { host: 'unix:///tmp/b/docker.sock' }, description: 'in the fleet' },
  ]);
});

test('an engine a context or socket already names is not listed twice, and only the shown one is current', () => {
  const found: EngineChoice[] = [
    { name: 'default', host: 'unix:///var/run/docker.sock', current: false, target: { host: 'unix:///var/run/docker.sock' }, description: 'docker' },
    { name: 'prod', host: 'tcp://10.0.0.1:2376', current: true, target: { context: 'prod' } },
  ];
  const rows = withFleetChoices(found, [
    { name: 'docker', host: 'unix:///var/run/docker.sock' },
    { name: 'prod', context: 'prod', host: 'tcp://10.0.0.1:2376' },
  ]);
  assert.deepEqual(
    rows.map((r) => [r.name, r.current]),
    [
      ['default', true],
      ['prod', false],
    ],
  );
});

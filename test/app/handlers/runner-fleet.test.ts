/**
 * In a fleet, the runner carries a command out on the engine of the row it was made on
 * (handlers/runner.ts `envFor`): the pulls a command starts included. An image's update, a run's
 * missing image and a commit's push used to be pulled on the engine shown, whichever row asked
 * (found by the request-level sweep, test/app/gate/read-only-requests.int.test.ts).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Command } from '../../../src/app/commands.ts';
import { CommandRunner, pullsOn } from '../../../src/app/handlers/runner.ts';
import type { RunnerPulls } from '../../../src/app/handlers/work.ts';
import type { LiveSources } from '../../../src/state/sources.ts';
import type { PullManager, StartPullOptions } from '../../../src/state/pulls/pull-manager.ts';

/** A pulls manager that keeps what it was asked; every pull fails at once. */
function recordingPulls() {
  const started: StartPullOptions[] = [];
  const transfers: Array<{ engine: string } | undefined> = [];
  const pulls = {
    start: (options: StartPullOptions) => {
      started.push(options);
      return `pull-${started.length}`;
    },
    startTransfer: (_spec: unknown, on?: { engine: string }) => {
      transfers.push(on);
      return 'transfer-1';
    },
    settled: () => Promise.resolve({ status: 'error', error: 'no registry here' }),
    get: () => undefined,
    cancel: () => undefined,
    dismiss: () => undefined,
    credentialSource: () => Promise.resolve(undefined),
    store: { getState: () => ({ pulls: [] }), subscribe: () => () => undefined },
  };
  return { started, transfers, pulls: pulls as unknown as PullManager };
}

const client = (name: string) => ({ name, endpoint: { label: `unix:///${name}.sock`, kind: 'unix' } });
const session = (name: string) => ({ client: client(name), store: { getState: () => ({}) }, sync: { refreshImages: () => Promise.resolve(), refreshContainers: () => Promise.resolve() }, label: name });

function runnerOnFleet() {
  const recorded = recordingPulls();
  const first = session('first');
  const second = session('second');
  const sources = {
    client: first.client,
    current: { session: first, resources: {}, swarm: {} },
    pulls: recorded.pulls,
    fleet: { primaryName: 'first', session: (name: string) => (name === 'second' ? second : undefined), client: (name: string) => (name === 'second' ? second.client : undefined) },
    otherSwarm: () => undefined,
  } as unknown as LiveSources;
  const actions: unknown[] = [];
  const runner = new CommandRunner({ sources, quit: () => undefined, copy: () => undefined, logDir: () => '/nonexistent' }, (action) => actions.push(action));
  return { runner, recorded, first, second, actions };
}

const update: Command = { type: 'image-update', overlay: 1, reference: 'busybox:latest', imageId: 'sha256:1' };

test('an image update made on a row of another engine pulls there', () => {
  const { runner, recorded, second } = runnerOnFleet();
  runner.run(update, 'second');
  assert.equal(recorded.started.length, 1);
  assert.equal(recorded.started[0]?.on?.client, second.client);
  assert.equal(recorded.started[0]?.on?.engine, 'second');
  runner.stop();
});

test('on the engine shown (or no fleet engine named) the pull is the manager’s own', () => {
  const { runner, recorded } = runnerOnFleet();
  runner.run(update, undefined);
  runner.run(update, 'first');
  assert.deepEqual(
    recorded.started.map((o) => o.on),
    [undefined, undefined],
  );
  runner.stop();
});

test('pullsOn: a pull that names its engine keeps it; a transfer is shown on the engine', () => {
  const { recorded } = runnerOnFleet();
  const third = { client: client('third') as unknown as NonNullable<StartPullOptions['on']>['client'], engine: 'third' };
  const routed: RunnerPulls = pullsOn(recorded.pulls, { client: client('second') as unknown as NonNullable<StartPullOptions['on']>['client'], engine: 'second' });
  routed.start({ reference: 'busybox', on: third });
  routed.start({ reference: 'busybox', push: true });
  routed.startTransfer({ title: 'x', words: { running: 'saving', done: 'saved' }, phase: 'Writing', run: () => Promise.resolve('') } as never);
  assert.deepEqual(
    recorded.started.map((o) => o.on?.engine),
    ['third', 'second'],
  );
  assert.equal(recorded.started[1]?.push, true);
  assert.deepEqual(recorded.transfers, [{ engine: 'second' }]);
  assert.equal(routed.store, recorded.pulls.store);
});

/**
 * The app store, the reducer and the CommandRunner together, against fake engine calls and
 * node:test's fake clock: the run dialog's whole workflow (404 → pull → create → attach → wait →
 * start → stream → exit), a notice that ends by a timer, the pull dialog's lookup after typing pauses,
 * and closing a dialog stopping what runs for it. No sleeps: time moves when the test says so.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, mock, test } from 'node:test';
import { PassThrough } from 'node:stream';
import type { EngineClient } from '../../src/engine/client.ts';
import { EngineError } from '../../src/engine/errors.ts';
import type { ContainerCreateConfig } from '../../src/engine/types.ts';
import type { PullDialog } from '../../src/app/dialogs/pull.ts';
import type { RunDialog } from '../../src/app/dialogs/run.ts';
import { createRuntime } from '../../src/app/runtime.ts';
import { initialAppState, topOverlay } from '../../src/app/types.ts';
import type { EngineSync } from '../../src/state/engine-sync.ts';
import { initialEngineState, type EngineState } from '../../src/state/engine-state.ts';
import { plainFlags, type KeyPress } from '../../src/app/input/press.ts';
import { PullManager } from '../../src/state/pulls/pull-manager.ts';
import { LiveSources } from '../../src/state/sources.ts';
import { Store } from '../../src/state/store.ts';
import { FakePullClient } from '../support/fake-pulls.ts';

const ID = 'abcdefabcdef'.padEnd(64, '0');

/** The engine calls a run makes, driven by the test. */
class FakeRunClient {
  creates: ContainerCreateConfig[] = [];
  missing = true;
  exit: (code: number) => void = () => undefined;
  attachClosed = false;
  private stream: PassThrough | undefined;

  async createContainer(config: ContainerCreateConfig) {
    this.creates.push(config);
    if (this.missing) throw new EngineError({ code: 'NOT_FOUND', status: 404, message: `No such image: ${config.Image}` });
    return { Id: ID, Warnings: [] };
  }
  async beginWait() {
    return { result: new Promise<{ StatusCode: number }>((resolve) => (this.exit = (code) => resolve({ StatusCode: code }))) };
  }
  async startContainer() {
    return { alreadyRunning: false };
  }
  /** The attach made before the start: the container's output as multiplexed frames, ended when it exits. */
  async attachContainer() {
    const stream = new PassThrough();
    stream.on('close', () => (this.attachClosed = true));
    this.stream = stream;
    return stream;
  }
  write(line: string): void {
    const payload = Buffer.from(`${line}\n`);
    const header = Buffer.alloc(8);
    header[0] = 1;
    header.writeUInt32BE(payload.length, 4);
    this.stream?.write(Buffer.concat([header, payload]));
  }
  exited(code: number): void {
    this.stream?.end();
    this.exit(code);
  }
}

let cleanup: Array<() => void> = [];
beforeEach(() => mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 5_000_000 }));
afterEach(() => {
  for (const c of cleanup) c();
  cleanup = [];
  mock.timers.reset();
});

const settle = async () => {
  // Streams (the attached output) deliver on process.nextTick, which runs only between turns of the loop.
  for (let turn = 0; turn < 3; turn++) await new Promise<void>((resolve) => setImmediate(resolve));
  for (let i = 0; i < 30; i++) await Promise.resolve();
};

function app() {
  const client = new FakeRunClient();
  const pullClient = new FakePullClient();
  const engineStore = new Store<EngineState>({ ...initialEngineState('x'), containers: { items: [], loaded: true, stale: false }, images: { items: [], loaded: true, stale: false } });
  const pulls = new PullManager({ client: pullClient, throttleMs: 0 });
  const refreshed: string[] = [];
  // The parts of the sync loop a run uses: the lists it refreshes, and no events.
  const sync = {
    refreshContainers: async () => void refreshed.push('containers'),
    refreshImages: async () => void refreshed.push('images'),
    onEvent: () => () => undefined,
    onReconnect: () => () => undefined,
  };
  const sources = new LiveSources({ client: client as unknown as EngineClient, store: engineStore, sync: sync as unknown as EngineSync, label: 'test' }, pulls);
  const runtime = createRuntime(sources, { quit: () => undefined, copy: () => undefined, terminal: { columns: 100, rows: 30 }, initial: initialAppState({ columns: 100, rows: 30 }), logDir: () => '/nonexistent' });
  const { store, runner } = runtime;
  cleanup.push(() => runtime.dispose(), () => pulls.stop());
  const type = (text: string) => {
    for (const ch of text) store.press({ name: ch, input: ch, key: plainFlags });
  };
  const key = (name: string, flags: Partial<KeyPress['key']>) => store.press({ name, input: '', key: { ...plainFlags, ...flags } });
  const dialog = () => {
    const top = topOverlay(store.getState());
    return top?.kind === 'dialog' ? top.dialog : undefined;
  };
  /** The run dialog on top, or undefined when the top is anything else. */
  const run = () => {
    const d = dialog();
    return d?.type === 'run' ? (d as RunDialog) : undefined;
  };
  const pull = () => {
    const d = dialog();
    return d?.type === 'pull' ? (d as PullDialog) : undefined;
  };
  return { client, pullClient, pulls, store, runner, refreshed, type, key, dialog, run, pull };
}

test('run: a missing image is pulled, then created, started and streamed; output reaches the state at most every 50 ms', async () => {
  const a = app();
  a.type('r');
  a.type('reg:5000/tool:2');
  a.key('return', { return: true });
  await settle();
  let d = a.run();
  assert.equal(d?.phase.kind, 'missing-image', 'the 404 became an offer to pull');

  a.type('y');
  await settle();
  d = a.run();
  assert.deepEqual(d?.phase.kind === 'pulling' && d.phase.pullId, 'pull-1');
  assert.equal(a.pullClient.last().fromImage, 'reg:5000/tool', 'the pull goes through the app’s pull manager');

  a.client.missing = false;
  a.pullClient.last().finish();
  await settle();
  assert.equal(a.client.creates.length, 2, 'the run went on after the pull');
  assert.deepEqual(a.refreshed, ['images']);
  assert.equal(a.run()?.phase.kind, 'running');

  a.client.write('one');
  a.client.write('two');
  await settle();
  assert.equal(a.run()?.output, 0, 'not yet: a frame at most every 50 ms');
  mock.timers.tick(50);
  await settle();
  assert.equal(a.run()?.output, 2);
  assert.deepEqual(a.runner.runOutput(topOverlay(a.store.getState())?.id ?? -1)?.slice().map((l) => l.text), ['one', 'two']);

  a.client.exited(0);
  await settle();
  d = a.run();
  assert.deepEqual(d?.phase.kind === 'exited' && d.phase.exitCode, 0);
});

test('closing a running dialog stops watching the container and drops what still arrives', async () => {
  const a = app();
  a.client.missing = false;
  a.type('rbusybox');
  a.key('return', { return: true });
  await settle();
  assert.ok(a.dialog()?.type === 'run');
  a.key('escape', { escape: true });
  await settle();
  assert.equal(a.dialog(), undefined);
  assert.equal(a.client.attachClosed, true, 'the attached stream was closed');
  assert.match(a.store.getState().notice?.text ?? '', /keeps running/);
  a.client.exit(0);
  await settle();
  assert.equal(topOverlay(a.store.getState()), undefined);
});

test('a notice ends by a timer, 8 s later; a newer one is not cut short by the older one’s timer', async () => {
  const a = app();
  a.store.dispatch({ type: 'notify', text: 'first' });
  mock.timers.tick(5000);
  a.store.dispatch({ type: 'notify', text: 'second' });
  mock.timers.tick(3000);
  assert.equal(a.store.getState().notice?.text, 'second');
  mock.timers.tick(4999);
  assert.equal(a.store.getState().notice?.text, 'second');
  mock.timers.tick(1);
  assert.equal(a.store.getState().notice, undefined);
});

test('pull dialog: typing fast asks the credential store once, for what is typed when it pauses', async () => {
  const a = app();
  a.type('p');
  for (const ch of 'ghcr.io/org/app') {
    a.type(ch);
    mock.timers.tick(20);
  }
  await settle();
  assert.deepEqual(a.pullClient.lookups, []);
  mock.timers.tick(150);
  await settle();
  assert.deepEqual(a.pullClient.lookups, ['ghcr.io/org/app']);
  assert.deepEqual(a.pull()?.lookup, { state: 'found', description: 'from ~/.docker/config.json' });
});

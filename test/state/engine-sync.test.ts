/**
 * EngineSync's timing, with a fake client and node:test's fake clock: how often it polls (fast
 * while the event stream is down, slowly as a safety net while it is live), how a burst of
 * events becomes one refresh, and how it reconnects with a capped backoff after the engine went
 * away. What it does against a real engine is in the integration and e2e tests.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, mock, test } from 'node:test';
import type { EngineClient } from '../../src/engine/client.ts';
import { EngineError } from '../../src/engine/errors.ts';
import type { ContainerSummary, EngineEvent, ImageSummary } from '../../src/engine/types.ts';
import { EngineSync } from '../../src/state/engine-sync.ts';
import { initialEngineState, type EngineState } from '../../src/state/engine-state.ts';
import { Store } from '../../src/state/store.ts';

const down = () => new EngineError({ code: 'UNREACHABLE', message: 'no engine socket at unix:///fake.sock' });

/** The few client calls EngineSync makes, each counted; `failing` makes every one of them fail like a dead socket. */
class FakeClient {
  apiVersion = '1.41';
  failing = false;
  containers: ContainerSummary[] = [];
  images: ImageSummary[] = [];
  readonly calls = { containers: 0, images: 0, connect: 0, events: 0 };
  private pushEvent: ((event: EngineEvent) => void) | undefined;
  private endEvents: ((error?: Error) => void) | undefined;

  async listContainers(): Promise<ContainerSummary[]> {
    this.calls.containers += 1;
    if (this.failing) throw down();
    return this.containers;
  }

  async listImages(): Promise<ImageSummary[]> {
    this.calls.images += 1;
    if (this.failing) throw down();
    return this.images;
  }

  async version(): Promise<{ Version: string }> {
    if (this.failing) throw down();
    return { Version: '20.10.24' };
  }

  async connect(): Promise<void> {
    this.calls.connect += 1;
    if (this.failing) throw down();
  }

  events(options: { signal?: AbortSignal }): AsyncIterable<EngineEvent> {
    this.calls.events += 1;
    const queue: EngineEvent[] = [];
    let wake: (() => void) | undefined;
    let ended: Error | null | undefined;
    this.pushEvent = (event) => {
      queue.push(event);
      wake?.();
    };
    this.endEvents = (error) => {
      ended = error ?? null;
      wake?.();
    };
    options.signal?.addEventListener('abort', () => this.endEvents?.(new EngineError({ code: 'ABORTED', message: 'aborted' })));
    const failing = this.failing;
    return (async function* () {
      if (failing) throw down();
      for (;;) {
        const next = queue.shift();
        if (next) {
          yield next;
          continue;
        }
        if (ended === null) return;
        if (ended) throw ended;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    })();
  }

  emit(event: EngineEvent): void {
    this.pushEvent?.(event);
  }

  /** The engine goes away: the open event stream breaks, every call fails. */
  die(): void {
    this.failing = true;
    this.endEvents?.(down());
  }
}

let sync: EngineSync | undefined;
beforeEach(() => mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 1_000_000 }));
afterEach(async () => {
  await sync?.stop();
  sync = undefined;
  mock.timers.reset();
});

/** Lets the fake client's promises settle (several hops each). */
const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

function start(options: { intervalMs?: number; safetyIntervalMs?: number; backoffMs?: number[] } = {}) {
  const client = new FakeClient();
  const store = new Store<EngineState>(initialEngineState('unix:///fake.sock'));
  sync = new EngineSync(client as unknown as EngineClient, store, { intervalMs: options.intervalMs ?? 2000, safetyIntervalMs: options.safetyIntervalMs, backoffMs: options.backoffMs });
  return { client, store, sync };
}

test('lists load at start; with the event stream live, the safety poll comes every safety interval', async () => {
  const { client, store, sync } = start({ intervalMs: 2000, safetyIntervalMs: 10_000 });
  sync.start();
  await settle();
  assert.equal(client.calls.containers, 1);
  assert.equal(store.getState().containers.loaded, true);
  assert.equal(store.getState().connection.eventsLive, true);
  mock.timers.tick(9_999);
  await settle();
  assert.equal(client.calls.containers, 1, 'no poll before the safety interval');
  mock.timers.tick(1);
  await settle();
  assert.equal(client.calls.containers, 2);
  mock.timers.tick(10_000);
  await settle();
  assert.equal(client.calls.containers, 3);
});

test('without the event stream it polls every --interval', async () => {
  const { client, store, sync } = start({ intervalMs: 2000, safetyIntervalMs: 10_000 });
  // The stream fails but the engine answers: polling alone.
  client.events = () =>
    (async function* () {
      throw new EngineError({ code: 'SERVER', status: 500, message: 'events are off' });
    })();
  sync.start();
  await settle();
  assert.equal(store.getState().connection.eventsLive, false);
  const before = client.calls.containers;
  mock.timers.tick(2000);
  await settle();
  assert.equal(client.calls.containers, before + 1);
  mock.timers.tick(2000);
  await settle();
  assert.equal(client.calls.containers, before + 2);
});

test('a burst of container events is one refresh, a few tens of milliseconds later', async () => {
  const { client, sync } = start();
  sync.start();
  await settle();
  const before = client.calls.containers;
  for (let i = 0; i < 20; i++) client.emit({ Type: 'container', Action: 'start', Actor: { ID: `c${i}` } });
  await settle();
  mock.timers.tick(24);
  await settle();
  assert.equal(client.calls.containers, before, 'coalesced for 25 ms');
  mock.timers.tick(1);
  await settle();
  assert.equal(client.calls.containers, before + 1);
  client.emit({ Type: 'container', Action: 'exec_start: sh' });
  await settle();
  mock.timers.tick(100);
  await settle();
  assert.equal(client.calls.containers, before + 1, 'an exec does not change docker ps');
});

test('the engine goes away: stale data, a banner with the retry time, reconnects on a capped backoff, then everything reloads', async () => {
  const { client, store, sync } = start({ backoffMs: [250, 500, 1000] });
  let reconnected = 0;
  sync.onReconnect(() => (reconnected += 1));
  client.containers = [{ Id: 'a'.repeat(64), Names: ['/web'], State: 'running' }];
  sync.start();
  await settle();
  assert.equal(store.getState().containers.items.length, 1);

  client.die();
  await settle();
  let state = store.getState();
  assert.equal(state.connection.status, 'unreachable');
  assert.match(state.connection.error ?? '', /no engine socket/);
  assert.equal(state.containers.stale, true);
  assert.equal(state.containers.items.length, 1, 'the last data stays on screen');
  assert.equal(state.connection.retryAt, Date.now() + 250);

  // Each failed attempt waits longer, up to the last step, which repeats.
  for (const [wait, connects] of [[250, 1], [500, 2], [1000, 3], [1000, 4]] as const) {
    mock.timers.tick(wait - 1);
    await settle();
    assert.equal(client.calls.connect, connects - 1, `not before ${wait} ms`);
    mock.timers.tick(1);
    await settle();
    assert.equal(client.calls.connect, connects);
  }
  assert.equal(reconnected, 0);

  client.failing = false;
  const lists = client.calls.containers;
  const streams = client.calls.events;
  mock.timers.tick(1000);
  await settle();
  state = store.getState();
  assert.equal(state.connection.status, 'connected');
  assert.equal(state.containers.stale, false);
  assert.equal(client.calls.containers, lists + 1, 'the lists reload');
  assert.equal(client.calls.events, streams + 1, 'the event stream is opened again');
  assert.equal(reconnected, 1, 'views that follow something (logs) hear of it');
});

/**
 * EngineSync on a fake clock against a fake client (test/state/fake-sync-client.ts): the first
 * load, the poll's cadence with and without events, reconnecting with its backoff, and the
 * not-responding state of a frozen engine. What a real engine does is covered by the e2e tests
 * (test/e2e/engine-faults.test.ts, test/e2e/engine-hang.test.ts).
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, mock, test } from 'node:test';
import { EngineError } from '../../src/engine/errors.ts';
import type { ContainerSummary } from '../../src/engine/types.ts';
import { initialEngineState, type EngineState } from '../../src/state/engine-state.ts';
import { EngineSync, type SyncOptions } from '../../src/state/engine-sync.ts';
import { Store } from '../../src/state/store.ts';
import { FakeSyncClient } from './fake-sync-client.ts';

const OPTIONS: SyncOptions = { intervalMs: 2000, safetyIntervalMs: 10_000, coalesceMs: 25, backoffMs: [100, 200, 400], probeAfterMs: 5000, probeTimeoutMs: 3000 };

let syncs: EngineSync[] = [];

beforeEach(() => mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 1_000_000 }));
afterEach(async () => {
  for (const sync of syncs) await sync.stop();
  syncs = [];
  mock.timers.reset();
});

/** Promise callbacks and I/O callbacks run; the fake clock does not move. */
async function flush(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** Moves the fake clock in small steps, letting everything that was due run at each. */
async function advance(ms: number, step = 50): Promise<void> {
  await flush();
  for (let done = 0; done < ms; done += step) {
    mock.timers.tick(Math.min(step, ms - done));
    await flush();
  }
}

function container(id: string): ContainerSummary {
  return { Id: id.padEnd(64, '0'), Names: [`/${id}`], Image: 'busybox', State: 'running', Status: 'Up', Created: 1 };
}

async function started(options: Partial<SyncOptions> = {}) {
  const client = new FakeSyncClient();
  client.containers = [container('a1')];
  const store = new Store<EngineState>(initialEngineState('unix:///fake.sock'));
  const sync = new EngineSync(client, store, { ...OPTIONS, ...options });
  syncs.push(sync);
  sync.start();
  await flush();
  return { client, store, sync, state: () => store.getState() };
}

test('start: both lists, the version and the event stream; connected and live', async () => {
  const { client, state } = await started();
  assert.equal(client.count('listContainers'), 2, 'running ones first, then all');
  assert.equal(client.count('listImages'), 1);
  assert.equal(client.count('version'), 1);
  assert.equal(client.count('events'), 1);
  assert.equal(state().connection.status, 'connected');
  assert.equal(state().connection.eventsLive, true);
  assert.equal(state().connection.engineVersion, '20.10.24');
  assert.equal(state().containers.loaded, true);
  assert.equal(state().containers.items.length, 1);
});

test('the first load shows the running containers first, then all of them', async () => {
  const client = new FakeSyncClient();
  client.containers = [container('r1'), { ...container('s1'), State: 'exited' }, { ...container('s2'), State: 'created' }];
  const store = new Store<EngineState>(initialEngineState('unix:///fake.sock'));
  const seen: Array<{ count: number; partial: boolean; status: string; api?: string }> = [];
  store.subscribe(() => {
    const { containers, connection } = store.getState();
    if (containers.loaded) seen.push({ count: containers.items.length, partial: containers.partial === true, status: connection.status, api: connection.apiVersion });
  });
  const sync = new EngineSync(client, store, OPTIONS);
  syncs.push(sync);
  sync.start();
  await flush();
  assert.deepEqual(seen[0], { count: 1, partial: true, status: 'connected', api: '1.41' }, 'the running one, marked as not all yet, and the engine connected');
  assert.deepEqual(seen.at(-1), { count: 3, partial: false, status: 'connected', api: '1.41' });
  assert.equal(client.count('listContainers'), 2, 'running-only once, at the start');
  await sync.refreshContainers();
  assert.equal(client.count('listContainers'), 3, 'refreshes list all of them only');
});

test('the full lists go out after the running containers’ answer, not beside it', async () => {
  const client = new FakeSyncClient();
  client.containers = [container('r1'), { ...container('s1'), State: 'exited' }];
  client.mode = 'frozen';
  const store = new Store<EngineState>(initialEngineState('unix:///fake.sock'));
  const sync = new EngineSync(client, store, OPTIONS);
  syncs.push(sync);
  sync.start();
  await flush();
  assert.deepEqual(client.containerLists, [{ all: false, unversioned: false }], 'the running list alone while it is read');
  assert.equal(client.count('listImages'), 0, 'nor the images');
  client.thaw();
  await flush();
  assert.deepEqual(
    client.containerLists.map((l) => l.all),
    [false, true],
    'then all of them',
  );
  assert.equal(client.count('listImages'), 1);
  assert.equal(store.getState().containers.items.length, 2);
  assert.equal(store.getState().images.loaded, true);
});

test('the first running list goes out with the ping, not after it, and the first frame still names the version', async () => {
  const client = new FakeSyncClient();
  client.apiVersion = undefined;
  client.containers = [container('r1')];
  const store = new Store<EngineState>(initialEngineState('unix:///fake.sock'));
  const firstConnected: Array<string | undefined> = [];
  store.subscribe(() => {
    const { connection, containers } = store.getState();
    if (containers.loaded && firstConnected.length === 0) firstConnected.push(connection.apiVersion);
  });
  const sync = new EngineSync(client, store, OPTIONS);
  syncs.push(sync);
  sync.start();
  await flush();
  assert.deepEqual(client.containerLists.slice(0, 2), [
    { all: false, unversioned: true },
    { all: true, unversioned: false },
  ]);
  assert.ok(client.calls.indexOf('negotiate') < client.calls.indexOf('listContainers') + 2, 'the ping is asked for beside the first list');
  assert.deepEqual(firstConnected, ['1.41'], 'the first state with containers names the version');
  await sync.refreshContainers();
  assert.deepEqual(client.containerLists.at(-1), { all: true, unversioned: false }, 'later lists are versioned');
});

test('poll cadence: the safety interval while events are live, the interval while they are down', async () => {
  const { client, state } = await started();
  const atStart = client.count('listContainers');
  await advance(9_900);
  assert.equal(client.count('listContainers'), atStart, 'no poll before the safety interval');
  await advance(200);
  assert.equal(client.count('listContainers'), atStart + 1, 'one safety poll at 10 s');
  await advance(10_000);
  assert.equal(client.count('listContainers'), atStart + 2);

  // The stream breaks without the engine going away: a refusal, not a lost connection.
  client.streams.at(-1)?.fail(new EngineError({ code: 'SERVER', status: 500, message: 'events are broken' }));
  await flush();
  assert.equal(state().connection.eventsLive, false);
  assert.equal(state().connection.status, 'connected');
  const before = client.count('listContainers');
  await advance(6_000);
  assert.equal(client.count('listContainers') - before, 3, 'every 2 s while polling alone');
  // It tries the stream again after 5 intervals, and the slow cadence resumes.
  await advance(4_100);
  assert.equal(client.count('events'), 2);
  assert.equal(state().connection.eventsLive, true);
});

test('lists that take long to load are polled less often: a poll must not become the work', async () => {
  const { client } = await started();
  client.listDelayMs = 1000; // 10,000 containers: about a second for the engine to list them
  const atStart = client.count('listContainers');
  await advance(10_100);
  assert.equal(client.count('listContainers'), atStart + 1, 'the first poll at 10 s: its load is measured');
  await advance(40_000);
  assert.equal(client.count('listContainers'), atStart + 1, 'a 1 s list: the next poll 50 s later, not 10');
  await advance(12_000);
  assert.equal(client.count('listContainers'), atStart + 2);
});

test('an event refreshes only the list it concerns, coalesced', async () => {
  const { client } = await started();
  const atStart = client.count('listContainers');
  const stream = client.streams.at(-1);
  stream?.push({ Type: 'container', Action: 'start', Actor: { ID: 'x' }, time: 5 });
  stream?.push({ Type: 'container', Action: 'die', Actor: { ID: 'x' }, time: 6 });
  stream?.push({ Type: 'container', Action: 'exec_start: sh', Actor: { ID: 'x' }, time: 7 });
  await advance(100, 10);
  assert.equal(client.count('listContainers'), atStart + 1, 'two events, one refresh');
  assert.equal(client.count('listImages'), 1, 'images untouched');
  stream?.push({ Type: 'image', Action: 'tag', Actor: { ID: 'sha256:1' }, time: 8 });
  await advance(100, 10);
  assert.equal(client.count('listImages'), 2);
});

test("a restart loop's burst of events is one refresh within 0.4 s of its first; another container's event still refreshes at once", async () => {
  const { client, sync } = await started();
  const loop1 = { ...container('l1'), State: 'restarting' };
  const loop2 = { ...container('l2'), State: 'restarting' };
  client.containers = [container('a1'), loop1, loop2];
  await sync.refreshContainers();
  const atStart = client.count('listContainers');
  const stream = client.streams.at(-1);
  const event = (id: string, Action: string, time: number) => stream?.push({ Type: 'container', Action, Actor: { ID: id }, time });
  // A turn of two loops, staggered as the engine's restart timers are, within one burst.
  event(loop1.Id, 'start', 10);
  event(loop1.Id, 'die', 11);
  await advance(100, 10);
  assert.equal(client.count('listContainers'), atStart, 'nothing yet: the burst goes on');
  event(loop2.Id, 'start', 12);
  event(loop2.Id, 'die', 13);
  await advance(100, 10);
  assert.equal(client.count('listContainers'), atStart, 'still within the quiet after the latest event');
  await advance(100, 10);
  assert.equal(client.count('listContainers'), atStart + 1, 'four events, one refresh, within 0.4 s of the first');
  await advance(2000, 50);
  assert.equal(client.count('listContainers'), atStart + 1);

  // A steady stream still refreshes: a burst ends 0.4 s after its first event at the latest.
  for (let i = 0; i < 8; i++) {
    event(loop1.Id, i % 2 === 0 ? 'start' : 'die', 30 + i);
    await advance(100, 10);
  }
  assert.ok(client.count('listContainers') >= atStart + 2, 'refreshed within the stream');
  await advance(2000, 50);
  const afterStream = client.count('listContainers');

  // A loop's burst pending, then a container is run: its row does not wait for the loop's.
  event(loop1.Id, 'start', 40);
  await advance(50, 10);
  event(container('n1').Id, 'create', 41);
  await advance(40, 10);
  assert.equal(client.count('listContainers'), afterStream + 1, 'refreshed within tens of ms, the loop with it');
  await advance(2000, 50);
  assert.equal(client.count('listContainers'), afterStream + 1, 'and the loop has no refresh of its own left');
});

test('unreachable: stale data, the reason, reconnects with the backoff, then everything again', async () => {
  const { client, state } = await started();
  const reconnects: number[] = [];
  const { sync } = { sync: syncs[0] as EngineSync };
  sync.onReconnect(() => reconnects.push(Date.now()));
  client.streams.at(-1)?.push({ Type: 'container', Action: 'start', Actor: { ID: 'x' }, time: 42 });
  await advance(100, 10);

  client.mode = 'down';
  client.streams.at(-1)?.fail(new EngineError({ code: 'UNREACHABLE', message: 'lost the connection to unix:///fake.sock (other side closed)' }));
  await flush();
  assert.equal(state().connection.status, 'unreachable');
  assert.match(state().connection.error ?? '', /lost the connection/);
  assert.equal(state().containers.stale, true, 'the rows stay, marked stale');
  assert.equal(state().containers.items.length, 1);
  assert.equal(state().connection.retryAt, Date.now() + 100);

  // Backoff 100, 200, 400, 400…: connect attempts at those gaps, nothing else asked meanwhile.
  const lists = client.count('listContainers');
  const attempts: number[] = [];
  const t0 = Date.now();
  for (let i = 0; i < 200; i++) {
    const before = client.count('connect');
    await advance(10, 10);
    if (client.count('connect') > before) attempts.push(Date.now() - t0);
    if (attempts.length === 4) break;
  }
  assert.deepEqual(attempts, [100, 300, 700, 1100]);
  assert.equal(client.count('listContainers'), lists, 'no polling while unreachable');

  client.mode = 'up';
  await advance(500, 10);
  assert.equal(state().connection.status, 'connected');
  assert.equal(state().containers.stale, false);
  assert.equal(state().connection.error, undefined);
  assert.equal(reconnects.length, 1);
  assert.equal(client.streams.at(-1)?.since, 42, 'events replayed from the last one seen');
  assert.equal(state().connection.eventsLive, true);
  // The backoff starts over for the next outage.
  client.mode = 'down';
  client.streams.at(-1)?.fail(new EngineError({ code: 'UNREACHABLE', message: 'gone' }));
  await flush();
  assert.equal(state().connection.retryAt, Date.now() + 100);
});

test('the engine ending the event stream while it answers: reopened, after growing pauses while streams keep ending at once', async () => {
  const { client, state } = await started();
  const opened: number[] = [];
  for (let i = 0; i < 5; i++) {
    const before = client.count('events');
    client.streams.at(-1)?.end();
    const t0 = Date.now();
    for (let step = 0; step < 100 && client.count('events') === before; step++) await advance(10, 10);
    opened.push(Date.now() - t0);
    assert.equal(state().connection.status, 'connected', 'no banner: the engine is there');
  }
  // Streams cut short (here at once) back off 100, 200, 400, 400… as reconnects do.
  assert.deepEqual(opened, [100, 200, 400, 400, 400]);
  assert.equal(client.count('ping'), 5, 'one ping per ending, to tell "going away" from "cut short"');
  assert.equal(client.streams.at(-1)?.since, undefined, 'no event seen yet: nothing to replay');
  // A stream that lived a while is reopened at once.
  await advance(11_000);
  const before = client.count('events');
  client.streams.at(-1)?.push({ Type: 'container', Action: 'start', Actor: { ID: 'x' }, time: 77 });
  client.streams.at(-1)?.end();
  await advance(10, 10);
  assert.equal(client.count('events'), before + 1);
  assert.equal(client.streams.at(-1)?.since, 77, 'replayed from the last event seen');
  assert.equal(state().connection.eventsLive, true);
});

test('the engine ending the event stream as it goes away: unreachable, and back by itself', async () => {
  const { client, state } = await started();
  client.mode = 'down';
  client.streams.at(-1)?.end();
  await flush();
  assert.equal(state().connection.status, 'unreachable');
  assert.match(state().connection.error ?? '', /connection refused/);
  client.mode = 'up';
  await advance(200, 10);
  assert.equal(state().connection.status, 'connected');
  assert.equal(state().connection.eventsLive, true);
});

test('a list that fails with a 500: the engine is there, the reason is on the error line, and only its own success clears it', async () => {
  const { client, state, sync } = await started();
  client.listError.images = new EngineError({ code: 'SERVER', status: 500, message: 'images are broken' });
  await sync.refreshImages();
  assert.equal(state().connection.status, 'connected');
  assert.equal(state().connection.error, 'images are broken');
  await sync.refreshContainers();
  assert.equal(state().connection.error, 'images are broken', 'the containers list succeeding does not hide it');
  client.listError.images = undefined;
  await sync.refreshImages();
  assert.equal(state().connection.error, undefined);
});

test('an engine whose lists both answer 500 from the start is connected, with the reason, not "connecting" for ever', async () => {
  const client = new FakeSyncClient();
  client.listError = { containers: new EngineError({ code: 'SERVER', status: 500, message: 'locked' }), images: new EngineError({ code: 'SERVER', status: 500, message: 'locked' }) };
  const store = new Store<EngineState>(initialEngineState('unix:///fake.sock'));
  const sync = new EngineSync(client, store, OPTIONS);
  syncs.push(sync);
  sync.start();
  await flush();
  assert.equal(store.getState().connection.status, 'connected');
  assert.equal(store.getState().connection.error, 'locked');
  assert.equal(store.getState().containers.loaded, false);
});

test("a fleet member's pace (setPace): the safety poll and the quiet probe slower, never faster than the options'", async () => {
  const { client, sync, state } = await started();
  sync.setPace({ safetyIntervalMs: 40_000, probeAfterMs: 15_000 });
  const lists = client.count('listContainers');
  await advance(14_900);
  assert.equal(client.count('ping'), 0, 'no probe after 5 s of quiet: 15 s now');
  await advance(200);
  assert.equal(client.count('ping'), 1, 'a probe after 15 s of quiet');
  await advance(24_700);
  assert.equal(client.count('listContainers'), lists, 'no safety poll at 10 s, 20 s or 30 s');
  await advance(200);
  assert.equal(client.count('listContainers'), lists + 1, 'one safety poll at 40 s');
  // Slower only: a pace faster than the options' changes nothing.
  sync.setPace({ safetyIntervalMs: 1_000, probeAfterMs: 1_000 });
  const pings = client.count('ping');
  await advance(14_000);
  assert.equal(client.count('ping'), pings, 'still 15 s of quiet before a probe');
  // A frozen member still says so, after its longer quiet time and the same deadline.
  client.mode = 'frozen';
  await advance(15_000 + 3_100);
  assert.ok(state().connection.notResponding !== undefined, 'not responding');
});

test('a frozen engine: not responding after the quiet time and the probe deadline, one probe at a time, live again by itself', async () => {
  const { client, state } = await started();
  client.mode = 'frozen';
  await advance(4_900);
  assert.equal(client.count('ping'), 0, 'no probe while the engine answered recently');
  await advance(200);
  assert.equal(client.count('ping'), 1, 'a probe after 5 s of quiet');
  assert.equal(state().connection.notResponding, undefined, 'not yet: the probe has 3 s');
  await advance(3_000);
  assert.deepEqual(state().connection.notResponding, { since: 1_000_000 + 5_000, seconds: 3 });
  assert.equal(state().containers.stale, true);
  assert.equal(state().images.stale, true);
  assert.equal(state().connection.status, 'connected', 'not unreachable: it accepts connections');

  // 30 s of silence: the seconds count up, probes go one at a time (each aborted at its deadline).
  let most = 0;
  for (let i = 0; i < 300; i++) {
    await advance(100, 50);
    most = Math.max(most, client.held.size);
  }
  assert.equal(state().connection.notResponding?.seconds, 33);
  const waiting = client.calls.filter((c) => c === 'ping').length - client.abortedPings;
  assert.equal(waiting, 1, 'exactly one probe waits on the engine');
  assert.ok(client.abortedPings >= 9, `probes are aborted at their deadline (${client.abortedPings})`);
  // Held calls: one probe, the two lists of the safety poll (coalesced), never more.
  assert.ok(most <= 4, `requests waiting on the frozen engine at once: ${most}`);

  client.thaw();
  await advance(100, 10);
  assert.equal(state().connection.notResponding, undefined);
  assert.equal(state().containers.stale, false, 'fresh lists');
  assert.equal(state().images.stale, false);
  assert.equal(state().connection.status, 'connected');
});

test('while events flow, no probe goes out', async () => {
  const { client } = await started();
  for (let i = 0; i < 10; i++) {
    client.streams.at(-1)?.push({ Type: 'container', Action: 'start', Actor: { ID: 'x' }, time: 100 + i });
    await advance(2_000);
  }
  assert.equal(client.count('ping'), 0);
});

test('a list timing out while pings answer: a slow list, said on the error line, not a frozen engine', async () => {
  const { client, state, sync } = await started();
  client.listError.containers = new EngineError({ code: 'TIMEOUT', message: 'unix:///fake.sock did not finish answering within 30 s' });
  await sync.refreshContainers();
  await flush();
  assert.equal(client.count('ping'), 1, 'a timeout sends a probe at once');
  await advance(100);
  assert.equal(state().connection.status, 'connected');
  assert.equal(state().connection.notResponding, undefined);
  assert.match(state().connection.error ?? '', /did not finish answering within 30 s/);
});

test('an engine killed while frozen: the probe is refused and the reconnect loop takes over', async () => {
  const { client, state } = await started();
  client.mode = 'frozen';
  await advance(9_000);
  assert.ok(state().connection.notResponding);
  client.kill();
  await advance(100, 10);
  assert.equal(state().connection.status, 'unreachable');
  assert.equal(state().connection.notResponding, undefined, 'unreachable says it all');
});

/**
 * StatsTracker with a fake stats client and node:test's fake clock: a stream per watched
 * container, figures published at most every publishMs, a container unwatched has its stream
 * aborted and its figures gone, and a stream that fails is opened again after a pause.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, mock, test } from 'node:test';
import type { ContainerStats, StatsOptions } from '../../../src/engine/stats.ts';
import type { CgroupSampler } from '../../../src/state/pulse/engine-pulse.ts';
import { ONE_SHOTS_AT_ONCE, StatsTracker } from '../../../src/state/stats/stats-tracker.ts';

beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
afterEach(() => mock.timers.reset());

const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

class FakeStats {
  open = new Map<string, { push: (s: ContainerStats) => void; fail: () => void; signal?: AbortSignal }>();
  opened: string[] = [];
  stats(id: string, options: StatsOptions = {}): AsyncIterable<ContainerStats> {
    this.opened.push(id);
    const queue: ContainerStats[] = [];
    let wake: (() => void) | undefined;
    let failed = false;
    this.open.set(id, { push: (s) => (queue.push(s), wake?.()), fail: () => ((failed = true), wake?.()), signal: options.signal });
    options.signal?.addEventListener('abort', () => wake?.());
    return (async function* () {
      for (;;) {
        if (options.signal?.aborted) return;
        if (failed) throw new Error('No such container');
        const next = queue.shift();
        if (next) yield next;
        else await new Promise<void>((resolve) => (wake = resolve));
      }
    })();
  }
}

const sample = (pids: number): ContainerStats => ({ read: '2026-11-23T10:00:00Z', pids_stats: { current: pids }, memory_stats: { usage: 1, limit: 2 } });

test('watch opens a stream per container; figures come in batches; unwatching aborts and forgets', async () => {
  const fake = new FakeStats();
  const tracker = new StatsTracker({ client: () => fake, publishMs: 1000, retryMs: 5000 });
  tracker.measure(['a', 'b']);
  await settle();
  assert.deepEqual(fake.opened, ['a', 'b']);
  fake.open.get('a')?.push(sample(1));
  fake.open.get('b')?.push(sample(2));
  await settle();
  assert.equal(tracker.store.getState().byId.size, 0, 'not yet: published at most every second');
  mock.timers.tick(1000);
  assert.deepEqual([...tracker.store.getState().byId].map(([id, f]) => [id, f.pids]), [['a', 1], ['b', 2]]);

  tracker.measure(['b']);
  assert.equal(fake.open.get('a')?.signal?.aborted, true, 'a’s stream is closed at once');
  assert.deepEqual([...tracker.store.getState().byId.keys()], ['b'], 'and its figures are gone');
  tracker.measure(['b']);
  assert.deepEqual(fake.opened, ['a', 'b'], 'watching what is watched opens nothing');
  tracker.stop();
  assert.equal(fake.open.get('b')?.signal?.aborted, true);
});

test('a stream that fails is opened again after the pause, while still watched', async () => {
  const fake = new FakeStats();
  const tracker = new StatsTracker({ client: () => fake, publishMs: 1000, retryMs: 5000 });
  tracker.measure(['a']);
  await settle();
  fake.open.get('a')?.fail();
  await settle();
  assert.deepEqual(fake.opened, ['a']);
  mock.timers.tick(5000);
  await settle();
  assert.deepEqual(fake.opened, ['a', 'a']);
  tracker.stop();
});

/** A cgroup sampler that finds only `local` ids, each sample 0.5 s of CPU more than the last. */
function fakeFiles(local: readonly string[]) {
  let cpuUsec = 0;
  const asked: string[][] = [];
  const sampler: CgroupSampler = {
    sample: (ids) => {
      asked.push([...ids]);
      cpuUsec += 500_000;
      return new Map(ids.filter((id) => local.includes(id)).map((id) => [id, { memUsed: 100, memLimit: 400, cpuUsec, pids: 3 }]));
    },
    located: (id) => local.includes(id),
  };
  return { sampler, asked };
}

test('containers the cgroup files cover are read from them every sampleMs, with no stream; the others are streamed', async () => {
  mock.timers.reset();
  mock.timers.enable({ apis: ['setTimeout', 'setInterval', 'Date'] });
  const fake = new FakeStats();
  const files = fakeFiles(['a']);
  const tracker = new StatsTracker({ client: () => fake, publishMs: 2000, sampleMs: 1000, cgroups: () => files.sampler, hostMemory: 1000 });
  tracker.measure(['a', 'b']);
  mock.timers.tick(0);
  await settle();
  assert.deepEqual(fake.opened, ['b'], 'only the container the files do not cover has a stream');
  mock.timers.tick(1000);
  mock.timers.tick(1000);
  const a = tracker.store.getState().byId.get('a');
  assert.equal(a?.cpuPercent, 50, '0.5 s of CPU in 1 s: half a core');
  assert.deepEqual([a?.memUsed, a?.memLimit, a?.memPercent, a?.pids], [100, 400, 25, 3]);
  assert.deepEqual(files.asked.at(-1), ['a'], 'the streamed one is not read again');
  assert.ok(tracker.history('a').length >= 2, 'each reading goes into the history');

  tracker.measure(['b']);
  assert.deepEqual([...tracker.store.getState().byId.keys()], [], 'a is gone at once (b has no sample yet)');
  const readings = files.asked.length;
  mock.timers.tick(3000);
  assert.equal(files.asked.length, readings, 'nothing is read once no watched container is covered by the files');
  tracker.stop();
});

test('without cgroup files (a remote engine) every container is streamed', async () => {
  const fake = new FakeStats();
  const files = fakeFiles([]);
  const tracker = new StatsTracker({ client: () => fake, publishMs: 1000, cgroups: () => files.sampler });
  tracker.measure(['a', 'b']);
  mock.timers.tick(0);
  await settle();
  assert.deepEqual(fake.opened, ['a', 'b']);
  assert.equal(files.asked.length, 1, 'looked for once');
  tracker.stop();
});

test('a container the files do not cover is asked one sample at a time, every sampleMs; CPU against the sample before', async () => {
  mock.timers.reset();
  mock.timers.enable({ apis: ['setTimeout', 'setInterval', 'Date'] });
  const asked: Array<{ id: string; oneShot?: boolean }> = [];
  let usage = 0;
  const client = {
    stats(id: string, options: StatsOptions = {}): AsyncIterable<ContainerStats> {
      asked.push({ id, oneShot: options.oneShot });
      usage += 1e9;
      const read = new Date(Date.now()).toISOString();
      const system = (Date.now() / 1000) * 2e9;
      return (async function* () {
        yield { read, cpu_stats: { cpu_usage: { total_usage: usage }, system_cpu_usage: system, online_cpus: 2 } };
      })();
    },
  };
  const tracker = new StatsTracker({ client: () => client, publishMs: 2000, sampleMs: 2000, cgroups: () => fakeFiles([]).sampler });
  mock.timers.tick(1000);
  tracker.measure(['r']);
  mock.timers.tick(0);
  await settle();
  assert.deepEqual(asked, [{ id: 'r', oneShot: true }]);
  mock.timers.tick(2000);
  await settle();
  assert.equal(asked.length, 2, 'the next sample sampleMs later');
  mock.timers.tick(2000);
  await settle();
  assert.equal(tracker.store.getState().byId.get('r')?.cpuPercent, 50, '1 s of CPU in 2 s: half a core, by the docker formula');
  tracker.stop();
  mock.timers.tick(10_000);
  await settle();
  assert.equal(asked.length, 3, 'nothing asked once unwatched');
});

test('a remote engine is asked at most ONE_SHOTS_AT_ONCE samples at a time; the others wait their turn', async () => {
  const answers: Array<() => void> = [];
  const asked: string[] = [];
  const client = {
    stats(id: string, options: StatsOptions = {}): AsyncIterable<ContainerStats> {
      asked.push(id);
      return (async function* () {
        await new Promise<void>((resolve) => {
          answers.push(resolve);
          options.signal?.addEventListener('abort', () => resolve());
        });
        if (!options.signal?.aborted) yield sample(1);
      })();
    },
  };
  const tracker = new StatsTracker({ client: () => client, publishMs: 2000, sampleMs: 2000 });
  tracker.measure(['a', 'b', 'c', 'd', 'e']);
  await settle();
  assert.equal(ONE_SHOTS_AT_ONCE, 2);
  assert.deepEqual(asked, ['a', 'b'], 'two in flight, three waiting');
  answers.shift()?.();
  await settle();
  assert.deepEqual(asked, ['a', 'b', 'c'], 'an answer lets the next one be asked');
  tracker.measure(['a', 'b', 'c', 'e']);
  answers.shift()?.();
  answers.shift()?.();
  await settle();
  assert.deepEqual(asked, ['a', 'b', 'c', 'e'], 'd, unwatched while waiting, is never asked');
  tracker.stop();
});

test('a one-shot sample that never comes is given up after sampleTimeoutMs: its slot goes on, and it is asked again later', async () => {
  const asked: string[] = [];
  const signals = new Map<string, AbortSignal | undefined>();
  const client = {
    stats(id: string, options: StatsOptions = {}): AsyncIterable<ContainerStats> {
      asked.push(id);
      signals.set(id, options.signal);
      return (async function* () {
        // Never answers: only the signal ends the wait.
        await new Promise<void>((resolve) => options.signal?.addEventListener('abort', () => resolve()));
        if (options.signal?.aborted) throw new Error('aborted');
        yield sample(1);
      })();
    },
  };
  const tracker = new StatsTracker({ client: () => client, publishMs: 2000, sampleMs: 2000, retryMs: 5000, sampleTimeoutMs: 10_000 });
  tracker.measure(['a', 'b', 'c']);
  await settle();
  assert.deepEqual(asked, ['a', 'b']);
  mock.timers.tick(9999);
  await settle();
  assert.deepEqual(asked, ['a', 'b'], 'not before the timeout');
  mock.timers.tick(1);
  await settle();
  assert.equal(signals.get('a')?.aborted, true, 'the hung sample is given up');
  assert.deepEqual(asked, ['a', 'b', 'c'], 'and its slot goes to the container waiting');
  mock.timers.tick(5000);
  await settle();
  assert.equal(asked.filter((id) => id === 'a').length, 2, 'a is asked again retryMs later, as after a failure');
  tracker.stop();
});

test('a container sampled for minutes holds no more abort listeners than one sample needs', async () => {
  // Every abort listener added and not taken back again, counted as berth's code adds them.
  const held = new Set<unknown>();
  const add = AbortSignal.prototype.addEventListener;
  const remove = AbortSignal.prototype.removeEventListener;
  AbortSignal.prototype.addEventListener = function (this: AbortSignal, ...args: Parameters<AbortSignal['addEventListener']>) {
    if (args[0] === 'abort') held.add(args[1]);
    return add.apply(this, args);
  };
  AbortSignal.prototype.removeEventListener = function (this: AbortSignal, ...args: Parameters<AbortSignal['removeEventListener']>) {
    if (args[0] === 'abort') held.delete(args[1]);
    return remove.apply(this, args);
  };
  let asked = 0;
  const client = {
    stats(_id: string, _options: StatsOptions = {}): AsyncIterable<ContainerStats> {
      asked += 1;
      return (async function* () {
        yield sample(1);
      })();
    },
  };
  const tracker = new StatsTracker({ client: () => client, publishMs: 2000, sampleMs: 2000 });
  try {
    tracker.measure(['a']);
    for (let i = 0; i < 15; i++) {
      await settle();
      mock.timers.tick(2000);
    }
    await settle();
    assert.ok(asked >= 15, `sampled ${asked} times`);
    // The wait for the next sample's, and at most the sample's own: not one per sample taken.
    assert.ok(held.size <= 2, `${held.size} abort listeners held after ${asked} samples`);
  } finally {
    tracker.stop();
    AbortSignal.prototype.addEventListener = add;
    AbortSignal.prototype.removeEventListener = remove;
  }
});

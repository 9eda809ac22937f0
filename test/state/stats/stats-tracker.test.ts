/**
 * StatsTracker with a fake stats client and node:test's fake clock: a stream per watched
 * container, figures published at most every publishMs, a container unwatched has its stream
 * aborted and its figures gone, and a stream that fails is opened again after a pause.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, mock, test } from 'node:test';
import type { ContainerStats, StatsOptions } from '../../../src/engine/stats.ts';
import { StatsTracker } from '../../../src/state/stats/stats-tracker.ts';

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

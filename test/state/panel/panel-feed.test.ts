/**
 * The split panel's feed: one stream at a time, the last row's closed before anything else, and
 * the next opened only once the cursor rests (mock timers: a run of demands within SETTLE_MS opens
 * one stream, for the last). The engine is a stand-in whose log streams stay open until aborted.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LogChunk } from '../../../src/engine/streams/multiplexed.ts';
import { PanelFeed, SETTLE_MS } from '../../../src/state/panel/panel-feed.ts';

function fakeEngine() {
  const open = new Set<string>();
  const opened: string[] = [];
  const client = {
    inspectContainer: (id: string) => Promise.resolve({ Id: id, Config: { Tty: false }, State: { StartedAt: '2024-01-01T00:00:00Z' } }),
    logs: (id: string, options: { signal?: AbortSignal } = {}) =>
      (async function* (): AsyncGenerator<LogChunk> {
        open.add(id);
        opened.push(id);
        try {
          yield { stream: 'stdout', data: Buffer.from(`2024-01-01T00:00:01.000000000Z line of ${id}\n`) };
          await new Promise<void>((resolve) => options.signal?.addEventListener('abort', () => resolve(), { once: true }));
        } finally {
          open.delete(id);
        }
      })(),
  };
  return { client, open, opened };
}

const settled = async () => {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
};

test('a run of rows within the settle time opens one stream, the last row’s; the last one closes first', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const engine = fakeEngine();
  const feed = new PanelFeed({ client: engine.client as never, onEvent: () => () => undefined, onReconnect: () => () => undefined });
  const demand = (id: string) => ({ panel: { follow: 'logs' as const, ids: [id], names: [id] } });

  feed.watch(demand('a'));
  t.mock.timers.tick(SETTLE_MS);
  await settled();
  assert.deepEqual([...engine.open], ['a']);
  assert.equal(feed.store.getState().status, 'streaming');

  for (const id of ['b', 'c', 'd', 'e']) {
    feed.watch(demand(id));
    t.mock.timers.tick(SETTLE_MS / 5);
  }
  await settled();
  assert.deepEqual([...engine.open], [], 'a’s stream closed at the first move; none opened while moving');
  assert.equal(feed.store.getState().status, 'settling');
  t.mock.timers.tick(SETTLE_MS);
  await settled();
  t.mock.timers.tick(100);
  await settled();
  assert.deepEqual([...engine.open], ['e']);
  assert.deepEqual(engine.opened, ['a', 'e']);
  assert.match(feed.store.getState().lines.map((l) => l.text).join('\n'), /line of e/);

  feed.watch({});
  await settled();
  assert.deepEqual([...engine.open], [], 'the panel off: nothing open');
  assert.equal(feed.store.getState().status, 'idle');
  feed.stop();
});

test('the same demand again keeps the stream; inspect reads once', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const engine = fakeEngine();
  const feed = new PanelFeed({ client: engine.client as never, onEvent: () => () => undefined, onReconnect: () => () => undefined });
  feed.watch({ panel: { follow: 'inspect', id: 'x' } });
  feed.watch({ panel: { follow: 'inspect', id: 'x' } });
  t.mock.timers.tick(SETTLE_MS);
  await settled();
  assert.equal(feed.store.getState().status, 'read');
  assert.ok(feed.store.getState().inspect?.some((line) => line.includes('"Id": "x"')));
  assert.deepEqual(engine.opened, [], 'no log stream for an inspect');
  feed.stop();
});

/**
 * A burst of events published as one change (state/burst-pace.ts): at the end of the quiet after
 * its latest event, at the latest its max wait after its first, and with its task's answer when
 * it has one.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, mock, test } from 'node:test';
import { BurstPace } from '../../src/state/burst-pace.ts';

beforeEach(() => mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 1_000_000 }));
afterEach(() => mock.timers.reset());

async function advance(ms: number): Promise<void> {
  for (let done = 0; done < ms; done += 10) {
    mock.timers.tick(10);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

test('publications of one burst go out together, once, after the quiet', async () => {
  const pace = new BurstPace(150, 400);
  const published: string[] = [];
  const log = () => published.push('log');
  pace.join(log);
  await advance(100);
  pace.join(log);
  pace.join(() => published.push('incidents'));
  await advance(140);
  assert.deepEqual(published, [], 'the quiet counts from the latest event');
  await advance(20);
  assert.deepEqual(published, ['log', 'incidents'], 'each publisher once');
});

test('a steady stream still publishes within the max wait of its first event', async () => {
  const pace = new BurstPace(150, 400);
  let published = 0;
  const publish = () => published++;
  for (let i = 0; i < 10; i++) {
    pace.join(publish);
    await advance(100);
  }
  assert.equal(published, 2, `at 400 and 800 ms, not ${published}`);
});

test("the burst's task runs at its end; publications go out when its answer lands (flush), at the latest after it", async () => {
  const pace = new BurstPace(150, 400);
  const order: string[] = [];
  let answer: () => void = () => undefined;
  pace.join(() => order.push('incidents'));
  pace.endWith(
    () =>
      new Promise<void>((resolve) => {
        order.push('list asked');
        answer = () => {
          pace.flush();
          order.push('list published');
          resolve();
        };
      }),
  );
  await advance(160);
  assert.deepEqual(order, ['list asked']);
  answer();
  await advance(10);
  assert.deepEqual(order, ['list asked', 'incidents', 'list published'], 'the same turn as the list, just before it');

  // A task that lands without a change (or fails): its burst's publications still go out after it.
  pace.join(() => order.push('log'));
  pace.endWith(() => Promise.reject(new Error('refused')).catch(() => undefined));
  await advance(200);
  assert.equal(order.at(-1), 'log');
});

test('nothing is published once stopped', async () => {
  const pace = new BurstPace(150, 400);
  let published = 0;
  pace.join(() => published++);
  pace.stop();
  pace.join(() => published++);
  await advance(500);
  assert.equal(published, 0);
});

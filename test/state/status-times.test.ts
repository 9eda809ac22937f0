/**
 * The engine's start and end times for the containers on screen: asked once per container, in
 * one store change per round, again after the container starts or ends. The inspect call is a
 * stand-in the test answers by hand (test/e2e/ages.test.ts holds what berth shows to docker ps).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ContainerInspect } from '../../src/engine/types.ts';
import { StatusTimes } from '../../src/state/status-times.ts';

function fakeClient() {
  const asked: string[] = [];
  const started = new Map<string, string>();
  const client = {
    inspectContainer: (id: string) => {
      asked.push(id);
      if (!started.has(id)) return Promise.reject(new Error('no such container'));
      return Promise.resolve({ Id: id, State: { StartedAt: started.get(id), FinishedAt: '0001-01-01T00:00:00Z' } } as ContainerInspect);
    },
  };
  return { client, asked, started };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

test('asks once for each container wanted, keeps the answers in one change, and again after a start', async () => {
  const { client, asked, started } = fakeClient();
  started.set('a', '2024-06-15T12:00:00.123456789Z');
  started.set('b', '2024-06-15T11:00:00Z');
  const times = new StatusTimes(() => client);
  let changes = 0;
  times.store.subscribe(() => (changes += 1));

  times.watch({ times: ['a', 'b', 'gone'] });
  for (let i = 0; i < 5; i++) await settled();
  assert.deepEqual([...asked].sort(), ['a', 'b', 'gone']);
  assert.equal(changes, 1, 'one frame for a screenful');
  assert.deepEqual(times.store.getState().byId.get('a'), { startedAt: Date.UTC(2024, 5, 15, 12, 0, 0, 123) });
  assert.deepEqual(times.store.getState().byId.get('gone'), {}, 'no times, and not asked again');

  times.watch({ times: ['a', 'b', 'gone'] });
  times.onEngineEvent({ Type: 'container', Action: 'exec_start', Actor: { ID: 'a' } });
  for (let i = 0; i < 5; i++) await settled();
  assert.equal(asked.length, 3, 'nothing asked twice, nothing asked for an exec');

  started.set('a', '2024-06-15T13:00:00Z');
  times.onEngineEvent({ Type: 'container', Action: 'restart', Actor: { ID: 'a' } });
  for (let i = 0; i < 5; i++) await settled();
  assert.equal(asked.filter((id) => id === 'a').length, 2);
  assert.deepEqual(times.store.getState().byId.get('a'), { startedAt: Date.UTC(2024, 5, 15, 13) });

  times.watch({});
  times.onEngineEvent({ Type: 'container', Action: 'die', Actor: { ID: 'b' } });
  for (let i = 0; i < 5; i++) await settled();
  assert.equal(asked.filter((id) => id === 'b').length, 1, 'not on screen: not asked');
  assert.equal(times.store.getState().byId.has('b'), false);
  times.stop();
});

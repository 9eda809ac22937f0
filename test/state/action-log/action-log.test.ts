import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EngineError } from '../../../src/engine/errors.ts';
import { ActionLog } from '../../../src/state/action-log/action-log.ts';
import { recordingClient } from '../../../src/state/action-log/recording-client.ts';
import type { EngineClient } from '../../../src/engine/client.ts';

test('a change is pending, then ok or the engine’s own words; a cancelled one says so', async () => {
  const log = new ActionLog(1000, () => 42);
  await log.track('docker stop a', 'docker.sock', () => Promise.resolve());
  await assert.rejects(log.track('docker stop b', 'docker.sock', () => Promise.reject(new EngineError({ code: 'NOT_FOUND', status: 404, operation: 'stop', message: 'No such container: b' }))));
  await assert.rejects(log.track('docker stop c', 'docker.sock', () => Promise.reject(new EngineError({ code: 'ABORTED', operation: 'stop', message: 'cancelled' }))));
  const pending = log.track('docker stop d', 'docker.sock', () => new Promise<void>(() => undefined));
  void pending;
  const [a, b, c, d] = log.store.getState().records;
  assert.deepEqual(a, { seq: 1, atMs: 42, engine: 'docker.sock', line: 'docker stop a', outcome: { kind: 'ok' } });
  assert.deepEqual(b?.outcome, { kind: 'failed', message: 'No such container: b' });
  assert.deepEqual(c?.outcome, { kind: 'cancelled' });
  assert.deepEqual(d?.outcome, { kind: 'pending' });
});

test('a progress stream (pull, push) is done when it ends and failed when it throws, its messages passed through', async () => {
  const log = new ActionLog();
  async function* pull(fail: boolean): AsyncGenerator<string> {
    yield 'Pulling';
    if (fail) throw new Error('manifest unknown');
    yield 'Done';
  }
  const seen: string[] = [];
  for await (const message of log.track('docker pull x:1', 'e', () => pull(false))) seen.push(message);
  assert.deepEqual(seen, ['Pulling', 'Done']);
  await assert.rejects(async () => {
    for await (const message of log.track('docker pull x:2', 'e', () => pull(true))) seen.push(message);
  }, /manifest unknown/);
  // A reader that stops early (a cancelled pull) leaves it cancelled, not pending.
  for await (const message of log.track('docker pull x:3', 'e', () => pull(false))) if (message === 'Pulling') break;
  assert.deepEqual(
    log.store.getState().records.map((r) => r.outcome),
    [{ kind: 'ok' }, { kind: 'failed', message: 'manifest unknown' }, { kind: 'cancelled' }],
  );
});

test('the log keeps the newest records only', () => {
  const log = new ActionLog(3);
  for (let i = 1; i <= 5; i++) log.begin(`docker start c${i}`, 'e');
  assert.deepEqual(
    log.store.getState().records.map((r) => r.line),
    ['docker start c3', 'docker start c4', 'docker start c5'],
  );
});

test('the recording client logs the changes it is asked for and passes every other call through', async () => {
  const calls: string[] = [];
  const fake = {
    label: 'fake',
    stopContainer(id: string) {
      calls.push(`stop ${id} on ${this.label}`);
      return Promise.resolve();
    },
    listContainers() {
      calls.push(`list on ${this.label}`);
      return Promise.resolve([]);
    },
  };
  const log = new ActionLog();
  const client = recordingClient(fake as unknown as EngineClient, log, 'ctx @ unix:///x.sock');
  await client.stopContainer('0123456789ab', { timeout: 3 });
  await client.listContainers();
  assert.deepEqual(calls, ['stop 0123456789ab on fake', 'list on fake']);
  assert.deepEqual(
    log.store.getState().records.map((r) => [r.line, r.engine, r.outcome.kind]),
    [['docker stop -t 3 0123456789ab', 'ctx @ unix:///x.sock', 'ok']],
  );
});

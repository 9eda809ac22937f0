import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EngineError } from '../../../src/engine/errors.ts';
import { ActionLog } from '../../../src/state/action-log/action-log.ts';
import { recordingClient } from '../../../src/state/action-log/recording-client.ts';
import type { EngineClient } from '../../../src/engine/client.ts';
import { oneAction } from '../../../src/state/action-log/one-action.ts';
import { outcomeText } from '../../../src/app/rows/action-log-rows.ts';

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

/** A client that answers what one action asks: an exec, a container's create and removal. */
function fakeEngine(calls: string[], exitCode: number) {
  return {
    createExec: (id: string) => (calls.push(`exec ${id}`), Promise.resolve('e1')),
    startExec: () => Promise.resolve(undefined),
    execExitCode: () => Promise.resolve(exitCode),
    createContainer: () => (calls.push('create'), Promise.resolve({ Id: 'c1', Warnings: [] })),
    removeContainer: () => (calls.push('rm'), Promise.reject(new EngineError({ code: 'NOT_FOUND', status: 404, operation: 'remove', message: 'No such container: c1' }))),
    putArchive: () => (calls.push('put'), Promise.resolve()),
  } as unknown as EngineClient;
}

test('one action is one entry: its line from the first change sent, its result the exit code read, the calls around it not logged', async () => {
  const calls: string[] = [];
  const log = new ActionLog();
  const client = recordingClient(fakeEngine(calls, 2), log, 'e');
  const code = await oneAction(client, {}, async (c) => {
    const exec = await c.createExec('0123456789ab', { cmd: ['ls'], tty: false, user: 'app', workingDir: '/srv' });
    await c.startExec(exec);
    return c.execExitCode(exec);
  });
  assert.equal(code, 2);
  // A run whose helper the engine removed by itself: the removal's 404 is the work's to judge, not an entry.
  await oneAction(client, { run: true }, async (c) => {
    await c.createContainer({ Image: 'busybox', AttachStdout: true, HostConfig: { AutoRemove: true } });
    await c.removeContainer('c1', { force: true }).catch(() => undefined);
  });
  assert.deepEqual(calls, ['exec 0123456789ab', 'create', 'rm']);
  const records = log.store.getState().records;
  assert.deepEqual(
    records.map((r) => [r.line, r.outcome]),
    [
      ['docker exec -u app -w /srv 0123456789ab ls', { kind: 'exited', code: 2 }],
      ['docker run --rm busybox', { kind: 'ok' }],
    ],
  );
  assert.equal(outcomeText(records[0] as (typeof records)[number]), 'exit 2');
});

test('one action with its own line: failed in the work’s words, gone when nothing was done, and unrecorded clients just run it', async () => {
  const calls: string[] = [];
  const log = new ActionLog();
  const client = recordingClient(fakeEngine(calls, 0), log, 'e');
  await assert.rejects(oneAction(client, { line: 'docker cp a b:/c' }, () => Promise.reject(new Error('disk full'))));
  await oneAction(client, { line: 'docker cp a b:/d', result: () => ({ kind: 'not-done' }) }, () => Promise.resolve());
  await oneAction(client, { line: 'docker cp a b:/e' }, (c) => c.putArchive('b', '/e', new Uint8Array()));
  assert.deepEqual(
    log.store.getState().records.map((r) => [r.line, r.outcome]),
    [
      ['docker cp a b:/c', { kind: 'failed', message: 'disk full' }],
      ['docker cp a b:/e', { kind: 'ok' }],
    ],
  );
  const plain = fakeEngine(calls, 0);
  assert.equal(await oneAction(plain, { line: 'x' }, async (c) => (c === plain ? 'as is' : 'wrapped')), 'as is');
});

/**
 * EngineSwitchboard over two fake engines on unix sockets: the UI's store follows the current
 * session; a target that is not there, or refuses, leaves everything as it was; after a switch
 * the old engine is let go of — no connection stays open to it.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { closeEngineSession, openEngineSession, type SessionOptions } from '../../src/state/engine-session.ts';
import { EngineSwitchboard } from '../../src/state/engine-switch.ts';
import { json, startFakeEngine, type FakeEngine } from '../support/fake-engine.ts';

const engines: FakeEngine[] = [];
after(async () => {
  for (const engine of engines) await engine.close();
});

const options: SessionOptions = { env: {}, timeoutMs: 5000, sync: { intervalMs: 500, backoffMs: [100, 200] } };

async function engineWith(name: string): Promise<FakeEngine> {
  const engine = await startFakeEngine({
    routes: { '/containers/json': (_req, res) => json(res, 200, [{ Id: name.padEnd(64, '0'), Names: [`/${name}`], State: 'running', Status: 'Up 1 hour', Created: 1 }]) },
  });
  engines.push(engine);
  return engine;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) assert.fail(`timed out: ${what}`);
    await delay(10);
  }
}

test('the store follows the switch; a missing engine keeps the current one; the old engine is let go', async () => {
  const a = await engineWith('on-a');
  const b = await engineWith('on-b');
  const first = openEngineSession({ host: a.host }, options);
  first.sync.start();
  const retired: string[] = [];
  const board = new EngineSwitchboard(first, { session: options, answerWithinMs: 3000, onSwitched: (_next, previous) => retired.push(previous.label) });
  const names = () => board.store.getState().containers.items.map((c) => c.Names?.[0]);
  await until(() => names()[0] === '/on-a', 'the first engine listed');
  assert.ok(a.openConnections() > 0);

  const missing = await board.switchTo({ host: 'unix:///nonexistent/berth-test.sock' });
  assert.equal(missing.ok, false);
  assert.match(missing.ok ? '' : missing.message, /nonexistent\/berth-test\.sock/);
  assert.equal(board.current, first, 'still on the first engine');
  assert.deepEqual(names(), ['/on-a']);

  const bad = await board.switchTo({ host: 'garbage://x' });
  assert.equal(bad.ok, false, 'an address that cannot work at all');

  const done = await board.switchTo({ host: b.host });
  assert.deepEqual(done, { ok: true, label: b.host });
  assert.deepEqual(names(), ['/on-b'], 'the UI store shows the new engine at once');
  assert.deepEqual(retired, [a.host]);
  await until(() => a.openConnections() === 0, 'no connection left open to the old engine');
  assert.ok(b.openConnections() > 0);

  await board.close();
  await until(() => b.openConnections() === 0, 'closing berth closes the current engine too');
  await closeEngineSession(first); // safe twice
});

/**
 * The recreate step machine with the engine's answers scripted (the e2e file runs it against the
 * real engines): the order of the steps, the roll-back after a failed create, an unhealthy new
 * container or one that exits within the run window (3 s, on node:test's mock timers), and an
 * outcome that names what is left when the roll-back itself is refused.
 */
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import type { EngineClient } from '../../../src/engine/client.ts';
import { EngineError } from '../../../src/engine/errors.ts';
import type { ContainerInspect, WaitResult } from '../../../src/engine/types.ts';
import { recreateContainer, RUN_WINDOW_MS, type RecreateRequest, type RecreateStep } from '../../../src/state/actions/recreate.ts';

type Script = Partial<Record<'stop' | 'rename' | 'renameBack' | 'create' | 'start' | 'startOld' | 'remove', string>> & { health?: string[]; exited?: boolean };

/** An engine that records each call and refuses the ones the script names, in its words. */
function engine(script: Script) {
  const calls: string[] = [];
  /** The new container's exit, when the test (or the script) makes it exit; the wait's signal, to see it let go. */
  let exit: (code: number) => void = () => undefined;
  let waitSignal: AbortSignal | undefined;
  const refuse = (step: keyof Script) => {
    const message = script[step];
    if (typeof message === 'string') throw new EngineError({ code: 'HTTP', status: 500, message });
  };
  const health = [...(script.health ?? [])];
  const client = {
    stopContainer: async (id: string) => (calls.push(`stop ${id}`), refuse('stop'), { alreadyStopped: false }),
    renameContainer: async (id: string, name: string) => {
      calls.push(`rename ${id} ${name}`);
      refuse(name === 'web' ? 'renameBack' : 'rename');
    },
    createContainer: async () => (calls.push('create'), refuse('create'), { Id: 'new', Warnings: [] }),
    startContainer: async (id: string) => {
      calls.push(`start ${id}`);
      refuse(id === 'old' ? 'startOld' : 'start');
      return { alreadyRunning: false };
    },
    inspectContainer: async (id: string): Promise<ContainerInspect> => {
      calls.push(`inspect ${id}`);
      const status = health.shift();
      return { Id: id, State: { Running: script.exited !== true, ExitCode: script.exited ? 1 : 0, ...(status && { Health: { Status: status, Log: [{ Output: 'probe said no\n' }] } }) } };
    },
    removeContainer: async (id: string) => (calls.push(`remove ${id}`), refuse('remove')),
    // As the engine: the wait is registered at once, answers at the next exit, and ends with its signal.
    beginWait: async (id: string, condition: string, signal?: AbortSignal) => {
      calls.push(`wait ${id} ${condition}`);
      waitSignal = signal;
      const result = new Promise<WaitResult>((resolve, reject) => {
        exit = (code) => resolve({ StatusCode: code, Error: null });
        signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
      });
      result.catch(() => undefined);
      if (script.exited) exit(1);
      return { result };
    },
  };
  return { client: client as unknown as EngineClient, calls, exit: (code: number) => exit(code), waitSignal: () => waitSignal };
}

const request = (replace: boolean): RecreateRequest => ({ old: { id: 'old', name: 'web', running: true }, spec: { image: 'busybox', name: replace ? 'web' : 'web2', tty: false, detached: true }, replace, pollMs: 0, graceMs: 60_000, windowMs: 0 });

async function run(script: Script, replace = true) {
  const { client, calls } = engine(script);
  const steps: RecreateStep[] = [];
  const outcome = await recreateContainer(client, request(replace), (s) => steps.push(s));
  return { outcome, calls, failed: steps.filter((s) => s.status === 'failed').map((s) => s.step) };
}

test('replace: stop, rename aside, create, start, check, remove the old one', async () => {
  const { outcome, calls } = await run({});
  assert.deepEqual(outcome, { kind: 'done', id: 'new', warnings: [], note: undefined });
  assert.deepEqual(calls, ['stop old', 'rename old web-old-old', 'create', 'wait new next-exit', 'start new', 'inspect new', 'remove old']);
});

test('beside: create, start and check only; the old one untouched', async () => {
  const { outcome, calls } = await run({}, false);
  assert.equal(outcome.kind, 'done');
  assert.deepEqual(calls, ['create', 'wait new next-exit', 'start new', 'inspect new']);
});

test('a refused create rolls back: the old name back, the old one started, and why', async () => {
  const { outcome, calls, failed } = await run({ create: 'Conflict. The container name "/web" is already in use' });
  assert.deepEqual(outcome, { kind: 'rolled-back', reason: 'creating the new container: Conflict. The container name "/web" is already in use' });
  assert.deepEqual(calls, ['stop old', 'rename old web-old-old', 'create', 'rename old web', 'start old']);
  assert.deepEqual(failed, ['create']);
});

test('a health check that turns unhealthy within the grace period rolls back; starting counts as not yet', async () => {
  const { outcome, calls } = await run({ health: ['starting', 'starting', 'unhealthy'] });
  assert.deepEqual(outcome, { kind: 'rolled-back', reason: 'the new container turned unhealthy: probe said no' });
  assert.deepEqual(calls.slice(5), ['inspect new', 'inspect new', 'inspect new', 'remove new', 'rename old web', 'start old']);
});

test('a new container that exits at once rolls back', async () => {
  const { outcome } = await run({ exited: true });
  assert.equal(outcome.kind, 'rolled-back');
  assert.match(outcome.kind === 'rolled-back' ? outcome.reason : '', /exited with code 1/);
});

test('refusals that leave something behind say what is left', async () => {
  const back = await run({ start: 'exec failed', renameBack: 'name in use' });
  assert.deepEqual(back.outcome, { kind: 'stuck', reason: 'starting the new container: exec failed', state: 'web waits as web-old-old, stopped (renaming it back: name in use)' });
  const stop = await run({ stop: 'permission denied' });
  assert.deepEqual(stop.outcome, { kind: 'stuck', reason: 'stopping web: permission denied', state: 'nothing was changed: web is as it was' });
  const remove = await run({ remove: 'device busy' });
  assert.deepEqual(remove.outcome, { kind: 'stuck', reason: 'removing the old container: device busy', state: 'the new web runs; the old one is left as web-old-old' });
});

/** Lets the machine run to its next timer (the engine's answers here are promises settled at once). */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise(setImmediate);
}

/** A replace with the real run window, on mock timers. */
function windowed(t: TestContext) {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const { client, calls, exit, waitSignal } = engine({});
  const steps: RecreateStep[] = [];
  const outcome = recreateContainer(client, { ...request(true), windowMs: undefined }, (s) => steps.push(s));
  return { outcome, calls, exit, waitSignal, steps };
}

test('the run window is 3 s: a new container that exits 1 s after its start is rolled back, the old one back under its name and started', async (t) => {
  assert.equal(RUN_WINDOW_MS, 3_000);
  const { outcome, calls, exit, steps } = windowed(t);
  await settle();
  assert.deepEqual(calls, ['stop old', 'rename old web-old-old', 'create', 'wait new next-exit', 'start new'], 'its exit is waited for from before its start');
  assert.deepEqual(steps.at(-1), { step: 'check', status: 'doing', detail: 'watching it for 3 s' });
  t.mock.timers.tick(1_000);
  exit(1);
  assert.deepEqual(await outcome, { kind: 'rolled-back', reason: 'the new container exited with code 1 within 3 s of its start' });
  assert.deepEqual(calls.slice(5), ['remove new', 'rename old web', 'start old']);
  assert.ok(!calls.includes('remove old'), 'the old container is kept');
  assert.deepEqual(steps.filter((s) => s.status === 'failed').map((s) => s.step), ['check']);
});

test('a new container still running when the window ends is kept: nothing is removed before, the old one after, and the wait let go', async (t) => {
  const { outcome, calls, waitSignal } = windowed(t);
  await settle();
  t.mock.timers.tick(RUN_WINDOW_MS - 1);
  await settle();
  assert.deepEqual(calls.slice(5), [], 'nothing done while the window is open');
  assert.equal(waitSignal()?.aborted, false);
  t.mock.timers.tick(1);
  assert.deepEqual(await outcome, { kind: 'done', id: 'new', warnings: [], note: undefined });
  assert.deepEqual(calls.slice(5), ['inspect new', 'remove old']);
  assert.equal(waitSignal()?.aborted, true, 'the wait on the engine ends with the window');
});

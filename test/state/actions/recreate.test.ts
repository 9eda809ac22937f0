/**
 * The recreate step machine with the engine's answers scripted (the e2e file runs it against the
 * real engines): the order of the steps, the roll-back after a failed create or an unhealthy new
 * container, and an outcome that names what is left when the roll-back itself is refused.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { EngineClient } from '../../../src/engine/client.ts';
import { EngineError } from '../../../src/engine/errors.ts';
import type { ContainerInspect } from '../../../src/engine/types.ts';
import { recreateContainer, type RecreateRequest, type RecreateStep } from '../../../src/state/actions/recreate.ts';

type Script = Partial<Record<'stop' | 'rename' | 'renameBack' | 'create' | 'start' | 'startOld' | 'remove', string>> & { health?: string[]; exited?: boolean };

/** An engine that records each call and refuses the ones the script names, in its words. */
function engine(script: Script) {
  const calls: string[] = [];
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
  };
  return { client: client as unknown as EngineClient, calls };
}

const request = (replace: boolean): RecreateRequest => ({ old: { id: 'old', name: 'web', running: true }, spec: { image: 'busybox', name: replace ? 'web' : 'web2', tty: false, detached: true }, replace, pollMs: 0, graceMs: 60_000 });

async function run(script: Script, replace = true) {
  const { client, calls } = engine(script);
  const steps: RecreateStep[] = [];
  const outcome = await recreateContainer(client, request(replace), (s) => steps.push(s));
  return { outcome, calls, failed: steps.filter((s) => s.status === 'failed').map((s) => s.step) };
}

test('replace: stop, rename aside, create, start, check, remove the old one', async () => {
  const { outcome, calls } = await run({});
  assert.deepEqual(outcome, { kind: 'done', id: 'new', warnings: [], note: undefined });
  assert.deepEqual(calls, ['stop old', 'rename old web-old-old', 'create', 'start new', 'inspect new', 'remove old']);
});

test('beside: create, start and check only; the old one untouched', async () => {
  const { outcome, calls } = await run({}, false);
  assert.equal(outcome.kind, 'done');
  assert.deepEqual(calls, ['create', 'start new', 'inspect new']);
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
  assert.deepEqual(calls.slice(4), ['inspect new', 'inspect new', 'inspect new', 'remove new', 'rename old web', 'start old']);
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

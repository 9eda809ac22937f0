/**
 * Switching engines, the engine side of it: a session over ssh and one on the local socket, the
 * old one closed while the new one runs. Closed at once, nothing of it is left (no ssh process);
 * closed gently, a pull in flight on it finishes first. Against the sandbox engine and its sshd.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { EngineState } from '../../src/state/engine-state.ts';
import { closeEngineSession, openEngineSession, startEngineSession, type EngineSession } from '../../src/state/engine-session.ts';
import { PullManager } from '../../src/state/pulls/pull-manager.ts';
import type { Store } from '../../src/state/store.ts';
import { ownSshCommand, sshProcesses as sshProcessesOf } from '../support/ssh-processes.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';

const env = sandboxEnv();
if (!env.ssh) throw new Error('this test needs the sandbox sshd (BERTH_SANDBOX_SSH_HOST and BERTH_SANDBOX_SSH_COMMAND)');
// Its own copy of the sandbox's ssh config: "nothing left" counts only this file's ssh processes.
const own = ownSshCommand(env.ssh.command, 'engine-session');
const ssh = { ...env.ssh, command: own.command };
const options = { env: { PATH: process.env.PATH, BERTH_SSH_COMMAND: ssh.command }, sync: { intervalMs: 2000 } };
const sessions: EngineSession[] = [];

after(async () => {
  for (const session of sessions) await closeEngineSession(session);
  own.remove();
});

function open(target: { host: string }): EngineSession {
  const session = openEngineSession(target, options);
  sessions.push(session);
  startEngineSession(session);
  return session;
}

function until(store: Store<EngineState>, ready: (state: EngineState) => boolean, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (ready(store.getState())) return resolve();
    const timer = setTimeout(() => {
      off();
      reject(new Error(`timed out waiting for ${what}`));
    }, 20_000);
    const off = store.subscribe(() => {
      if (!ready(store.getState())) return;
      clearTimeout(timer);
      off();
      resolve();
    });
  });
}

const sshProcesses = () => sshProcessesOf(ssh.command);

async function noSsh(): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (sshProcesses().length > 0) {
    if (Date.now() > deadline) throw new Error(`ssh processes left: ${sshProcesses().join(' ')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test('switching from an ssh engine to the local socket: the new session runs, the old one leaves nothing', async () => {
  const remote = open({ host: ssh.host });
  await until(remote.store, (s) => s.containers.loaded && s.connection.eventsLive && s.connection.engineKind === 'docker', 'the remote engine to load');
  assert.equal(remote.label, ssh.host);
  // The master holds them: the lists and the event stream run through its forward of the engine's socket.
  assert.ok(sshProcesses().length >= 1, 'the engine’s ssh master runs');

  const local = open({ host: env.dockerHost });
  await until(local.store, (s) => s.containers.loaded, 'the local engine to load');
  await closeEngineSession(remote);
  await noSsh();
  // The new one is unaffected and live.
  const name = `session-${process.pid}`;
  await sandboxDocker(['run', '-d', '--network', 'none', '--name', name, env.images.busybox, 'sleep', '300']);
  try {
    await until(local.store, (s) => s.containers.items.some((c) => c.Names?.includes(`/${name}`)), 'the new container on the new engine');
  } finally {
    await sandboxDocker(['rm', '-f', name]).catch(() => undefined);
  }
});

test('closed gently, an engine finishes the pull in flight on it, then lets its connections go', async () => {
  await sandboxDocker(['rmi', '-f', env.images.multiLayer]).catch(() => undefined);
  const remote = open({ host: ssh.host });
  await until(remote.store, (s) => s.containers.loaded, 'the remote engine to load');
  const pulls = new PullManager({ client: remote.client });
  const id = pulls.start({ reference: env.images.multiLayer, auth: { username: env.registry.username, password: env.registry.password } });
  const settled = pulls.settled(id);
  // The switcher passes what still runs on the old engine: its pulls.
  await closeEngineSession(remote, { gently: true, drain: () => settled });
  const pull = await settled;
  assert.equal(pull?.status, 'done', pull?.error);
  await noSsh();
  pulls.stop();
  await sandboxDocker(['rmi', '-f', env.images.multiLayer]).catch(() => undefined);
});

/**
 * The engine's socket forwarded through berth's ssh master (ssh-engine-socket.ts), against the
 * sandbox's real sshd: the connections are channels on the master's login (no `docker system
 * dial-stdio` session, no process of their own); where the forward does not work (a key that
 * may forward nothing, a socket that is not there) they run over dial-stdio as before, and what
 * the user sees is dial-stdio's; the forward goes with the master.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { EngineClient } from '../../src/engine/client.ts';
import { EngineError } from '../../src/engine/errors.ts';
import type { SshRoute } from '../../src/engine/ssh-master.ts';
import { ActionLog } from '../../src/state/action-log/action-log.ts';
import { closeEngineSession, openEngineSession, startEngineSession } from '../../src/state/engine-session.ts';
import { SSH_ALIASES } from '../sandbox/sshd.ts';
import { sandboxEnv } from '../support/sandbox-env.ts';
import { sshProcesses } from '../support/ssh-processes.ts';

const env = sandboxEnv();
if (!env.ssh) throw new Error('this test needs the sandbox sshd (BERTH_SANDBOX_SSH_HOST and BERTH_SANDBOX_SSH_COMMAND)');
const ssh = env.ssh;
const clients: EngineClient[] = [];

after(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

function overSsh(address: string, routes: SshRoute[] = []): EngineClient {
  const client = new EngineClient({ host: address, env: { PATH: process.env.PATH, BERTH_SSH_COMMAND: ssh.command }, timeoutMs: 60_000, sshRoute: (route) => routes.push(route) });
  clients.push(client);
  return client;
}

function argv(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return [];
  }
}
/** The ssh processes of `alias` (its master, and dial-stdio sessions if any). */
const ofAlias = (alias: string) => sshProcesses(ssh.command).filter((pid) => argv(pid).includes(alias));
const mastersOf = (alias: string) => ofAlias(alias).filter((pid) => argv(pid).includes('-N'));
const dialStdioOf = (alias: string) => ofAlias(alias).filter((pid) => argv(pid).includes('dial-stdio'));
/** The forward the master was asked for (`-L here:there`). */
const forwardOf = (master: number) => argv(master)[argv(master).indexOf('-L') + 1];

/** Unix sockets listening at `socketPath` (the kernel's table). */
function listening(socketPath: string): boolean {
  return readFileSync('/proc/net/unix', 'utf8')
    .split('\n')
    .some((line) => line.endsWith(` ${socketPath}`));
}

async function until(condition: () => boolean, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** berth's start in small: the version, the lists and the events at once. */
async function start(client: EngineClient, abort: AbortController): Promise<{ events: Promise<void> }> {
  const events = (async () => {
    try {
      for await (const _event of client.events({ signal: abort.signal })) void _event;
    } catch (error) {
      if (!(error instanceof EngineError && error.code === 'ABORTED')) throw error;
    }
  })();
  const answers = await Promise.all([client.version(), client.listContainers({ all: true }), client.listImages(), client.listVolumes(), client.listNetworks()]);
  assert.ok(answers[2].some((i) => i.RepoTags?.includes(env.images.busybox)), 'the sandbox engine answered');
  // Wrapped: an async function returning a promise would wait for it.
  return { events };
}

test('the rows come through the forward of the engine’s socket: no dial-stdio session runs', async () => {
  const alias = SSH_ALIASES.ok;
  const routes: SshRoute[] = [];
  const client = overSsh(`ssh://${alias}`, routes);
  const abort = new AbortController();
  const { events } = await start(client, abort);
  try {
    assert.equal(mastersOf(alias).filter((pid) => forwardOf(pid)?.endsWith(':/var/run/docker.sock')).length >= 1, true, 'the master forwards the default socket');
    assert.deepEqual(dialStdioOf(alias), [], 'no connection runs docker system dial-stdio');
    assert.deepEqual(routes, [], 'nothing fell back');
  } finally {
    abort.abort();
    await events;
  }
});

test('an address naming the engine’s socket is forwarded to that socket', async () => {
  const alias = SSH_ALIASES.ok;
  const routes: SshRoute[] = [];
  const client = overSsh(`ssh://${alias}${env.socketPath}`, routes);
  const abort = new AbortController();
  const { events } = await start(client, abort);
  try {
    assert.ok(mastersOf(alias).some((pid) => forwardOf(pid)?.endsWith(`:${env.socketPath}`)), 'the master forwards the named socket');
    assert.deepEqual(dialStdioOf(alias), []);
    assert.deepEqual(routes, []);
  } finally {
    abort.abort();
    await events;
  }
});

test('a host that forwards nothing: the connections fall back to dial-stdio, silently, and it is recorded', async () => {
  const alias = SSH_ALIASES.noForward;
  const routes: SshRoute[] = [];
  const client = overSsh(`ssh://${alias}`, routes);
  const abort = new AbortController();
  const { events } = await start(client, abort);
  try {
    assert.equal(mastersOf(alias).length, 1, 'one master');
    assert.ok(dialStdioOf(alias).length >= 1, 'the connections run docker system dial-stdio');
    assert.equal(routes.length, 1, `recorded once: ${JSON.stringify(routes)}`);
    assert.equal(routes[0]!.way, 'dial-stdio');
    assert.match(routes[0]!.forward ?? '', /:\/var\/run\/docker\.sock$/);
    assert.ok((routes[0]!.why ?? '') !== '', 'with why');
    // Later connections go straight to dial-stdio: the list still answers.
    assert.ok(Array.isArray(await client.listContainers({ all: true })));
  } finally {
    abort.abort();
    await events;
  }
});

test('berth’s session records the fall-back in the action log, with why', async () => {
  const actionLog = new ActionLog();
  const session = openEngineSession({ host: `ssh://${SSH_ALIASES.noForward}` }, { env: { PATH: process.env.PATH, BERTH_SSH_COMMAND: ssh.command }, sync: { intervalMs: 60_000 }, actionLog });
  try {
    startEngineSession(session);
    await until(() => actionLog.store.getState().records.length > 0, 'the record', 30_000);
    const [record] = actionLog.store.getState().records;
    assert.match(record!.line, /^ssh -L \S+:\/var\/run\/docker\.sock ssh:\/\/berth-sandbox-noforward$/);
    assert.equal(record!.outcome.kind, 'failed');
    assert.match(record!.outcome.kind === 'failed' ? record!.outcome.message : '', /dial-stdio instead/);
  } finally {
    await closeEngineSession(session);
  }
});

test('an engine socket that is not there: dial-stdio’s own words reach the user', async () => {
  const routes: SshRoute[] = [];
  const client = overSsh(`ssh://${SSH_ALIASES.ok}/nonexistent/docker.sock`, routes);
  await assert.rejects(client.listContainers(), (error: unknown) => {
    assert.ok(error instanceof EngineError && error.isUnreachable, String(error));
    // The remote docker CLI’s words, through ssh: what the user saw before the forward.
    assert.match(error.message, /no such file or directory/);
    assert.match(error.message, /nonexistent\/docker\.sock/);
    return true;
  });
  assert.equal(routes[0]?.way, 'dial-stdio', 'the fall-back is recorded');
});

test('the forward’s socket goes with the master: after close, and after kill -9 of the process', async () => {
  const alias = SSH_ALIASES.ok;
  const own = overSsh(`ssh://${alias}`);
  const others = new Set(mastersOf(alias));
  await own.listImages();
  const [master] = mastersOf(alias).filter((pid) => !others.has(pid));
  assert.ok(master !== undefined, 'its master runs');
  const socket = forwardOf(master)!.split(':')[0]!;
  assert.ok(listening(socket), 'the forward listens');
  await own.close();
  await until(() => argv(master).length <= 1, 'the master to end');
  assert.ok(!existsSync(socket) && !listening(socket), 'no forward socket is left');

  const clientModule = new URL('../../src/engine/client.ts', import.meta.url).href;
  const script = [
    `import { EngineClient } from ${JSON.stringify(clientModule)};`,
    `const c = new EngineClient({ host: 'ssh://${alias}', env: { PATH: process.env.PATH, BERTH_SSH_COMMAND: ${JSON.stringify(ssh.command)} } });`,
    'await Promise.all([c.listContainers(), c.listImages(), c.listVolumes()]);',
    "process.stdout.write('ready\\n');",
    'setInterval(() => undefined, 60_000);',
  ].join('\n');
  const before = new Set(mastersOf(alias));
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: new URL('../..', import.meta.url), stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    await until(() => out.includes('ready') || child.exitCode !== null, 'the client to be connected', 30_000);
    assert.ok(out.includes('ready'), 'the client connected');
    const [killed] = mastersOf(alias).filter((pid) => !before.has(pid));
    assert.ok(killed !== undefined, 'its master runs');
    const forwarded = forwardOf(killed)!.split(':')[0]!;
    assert.ok(listening(forwarded));
    child.kill('SIGKILL');
    await exited;
    await until(() => argv(killed).length <= 1, 'its master to end');
    await until(() => !existsSync(path.dirname(forwarded)), 'its directory to be removed');
    assert.ok(!listening(forwarded), 'no forward socket is left listening');
  } finally {
    child.kill('SIGKILL');
  }
});

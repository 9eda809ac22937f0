/**
 * berth's client over ssh, as users reach a server's Docker: `ssh://host` runs the user's ssh
 * (here `ssh -F <the sandbox's ssh_config>` through BERTH_SSH_COMMAND) and speaks the API to
 * `docker system dial-stdio` on the far side, which reaches the sandbox engine.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { EngineClient } from '../../src/engine/client.ts';
import { EngineError } from '../../src/engine/errors.ts';
import type { EngineEvent, PullMessage } from '../../src/engine/types.ts';
import { SSH_ALIASES } from '../sandbox/sshd.ts';
import { countedLogins } from '../support/ssh-logins.ts';
import { ownSshCommand, sshProcesses as sshProcessesOf } from '../support/ssh-processes.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';

const env = sandboxEnv();
if (!env.ssh) throw new Error('this test needs the sandbox sshd (BERTH_SANDBOX_SSH_HOST and BERTH_SANDBOX_SSH_COMMAND)');
// Its own copy of the sandbox's ssh config: the processes it counts are this file's only.
const own = ownSshCommand(env.ssh.command, 'ssh-int');
const ssh = { ...env.ssh, command: own.command };
const clientEnv = { PATH: process.env.PATH, BERTH_SSH_COMMAND: ssh.command };
const clients: EngineClient[] = [];
const tag = `ssh${process.pid}`;
const created: string[] = [];

function overSsh(alias: string = SSH_ALIASES.ok): EngineClient {
  const client = new EngineClient({ host: `ssh://${alias}`, env: clientEnv, timeoutMs: 60_000 });
  clients.push(client);
  return client;
}

const client = overSsh();

after(async () => {
  for (const id of created) await client.removeContainer(id, { force: true }).catch(() => undefined);
  await Promise.all(clients.map((c) => c.close()));
  own.remove();
});

const sshProcesses = () => sshProcessesOf(ssh.command);

async function until(condition: () => boolean, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test('over ssh: the engine answers, identifies itself, and lists what the local socket lists', async () => {
  assert.deepEqual(client.endpoint, { kind: 'ssh', address: { host: SSH_ALIASES.ok }, label: `ssh://${SSH_ALIASES.ok}` });
  const ping = await client.connect();
  assert.match(ping.negotiated, /^1\.\d+$/);
  assert.equal((await client.identify()).kind, 'docker');
  const images = await client.listImages();
  assert.ok(images.some((i) => i.RepoTags?.includes(env.images.busybox)), 'the sandbox engine answered');
});

test('events and a log stream each run on their own ssh connection while requests go on', async () => {
  const abort = new AbortController();
  const seen: EngineEvent[] = [];
  const events = (async () => {
    try {
      for await (const event of client.events({ signal: abort.signal, filters: { type: ['container'] } })) seen.push(event);
    } catch (error) {
      if (!(error instanceof EngineError && error.code === 'ABORTED')) throw error;
    }
  })();
  const name = `${tag}-talk`;
  const { Id } = await client.createContainer({ Image: env.images.busybox, Cmd: ['sh', '-c', 'i=0; while [ $i -lt 50 ]; do echo line-$i; i=$((i+1)); sleep 0.05; done'] }, { name });
  created.push(Id);
  await client.startContainer(Id);
  let text = '';
  for await (const chunk of client.logs(Id, { stdout: true, follow: true, signal: abort.signal })) {
    text += chunk.data.toString('utf8');
    // A plain request meanwhile: the streams hold their own connections.
    if (text.includes('line-5\n') && !text.includes('listed')) text += (await client.listContainers({ all: true })).some((c) => c.Id === Id) ? 'listed\n' : '';
  }
  assert.match(text, /line-0\n[\s\S]*listed\n[\s\S]*line-49\n/);
  await until(() => seen.some((e) => e.Actor?.ID === Id && e.Action === 'die'), 'the die event');
  assert.ok(seen.some((e) => e.Actor?.ID === Id && e.Action === 'start'));
  abort.abort();
  await events;
});

test('a pull with credentials streams its progress over ssh', async () => {
  await sandboxDocker(['rmi', '-f', env.images.registryBusybox]).catch(() => undefined);
  const [fromImage] = env.images.registryBusybox.split(/:(?=[^:/]+$)/);
  const messages: PullMessage[] = [];
  const auth = { username: env.registry.username, password: env.registry.password, serveraddress: env.registry.address };
  for await (const message of client.pullImage(fromImage!, { tag: 'latest', auth })) messages.push(message);
  assert.ok(messages.some((m) => /^Status: /.test(m.status ?? '')), JSON.stringify(messages.at(-1)));
  assert.ok((await client.listImages()).some((i) => i.RepoTags?.includes(env.images.registryBusybox)));
  // Other files expect the registry's images to be in the registry only.
  await client.removeImage(env.images.registryBusybox, { force: true });
});

test('a dropped ssh connection is an unreachable engine, and the next request connects again', async () => {
  const abort = new AbortController();
  const seen: EngineEvent[] = [];
  const failure = (async () => {
    for await (const event of client.events({ signal: abort.signal, filters: { type: ['container'] } })) seen.push(event);
  })();
  failure.catch(() => undefined);
  try {
    // An event through the stream proves it is up, on an ssh process of its own.
    const { Id } = await client.createContainer({ Image: env.images.busybox, Cmd: ['true'] }, { name: `${tag}-drop` });
    created.push(Id);
    await until(() => seen.some((e) => e.Actor?.ID === Id), 'the create event');
    const killed = sshProcesses();
    for (const pid of killed) process.kill(pid, 'SIGKILL'); // ours: started by this file's clients
    await assert.rejects(failure, (error: unknown) => error instanceof EngineError && error.isUnreachable);
    // An idle pooled connection whose ssh was killed may not be known dead yet when the next request
    // goes out: that request fails as unreachable (what sync's reconnect loop handles), and a later
    // one runs on a new ssh process. What must not happen is another kind of error, or no recovery.
    let answer: unknown;
    for (let attempt = 0; attempt < 5 && answer === undefined; attempt++) {
      try {
        answer = await client.listContainers();
      } catch (error) {
        assert.ok(error instanceof EngineError && error.isUnreachable, `a dropped connection is an unreachable engine: ${String(error)}`);
      }
    }
    assert.ok(Array.isArray(answer), 'a new ssh connection answers');
    assert.ok(!sshProcesses().some((pid) => killed.includes(pid)), 'the killed processes are gone');
  } finally {
    abort.abort();
  }
});

/** A process's argv; none once it has gone. */
function argv(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return [];
  }
}
/** berth's ssh master for `alias`: the one that runs no command (-N). */
const masterOf = (alias: string) => sshProcesses().filter((pid) => argv(pid).includes(alias) && argv(pid).includes('-N'));
/** Sessions through a master, for `alias`. */
const sessionsOf = (alias: string) => sshProcesses().filter((pid) => argv(pid).includes(alias) && argv(pid).includes('ControlMaster=no'));

/** Several requests at once, so several connections: berth's start in small. */
async function burst(c: EngineClient): Promise<void> {
  const answers = await Promise.all([c.listContainers({ all: true }), c.listImages(), c.listVolumes(), c.listNetworks(), c.listContainers()]);
  assert.ok(answers.every((answer) => answer !== undefined));
}

test('one ssh login for all of a client’s connections, and one more after its master died', async () => {
  const alias = SSH_ALIASES.counted;
  const before = countedLogins(ssh.command);
  const own = overSsh(alias);
  const abort = new AbortController();
  const events = (async () => {
    try {
      for await (const _event of own.events({ signal: abort.signal })) void _event;
    } catch (error) {
      if (!(error instanceof EngineError && (error.code === 'ABORTED' || error.isUnreachable))) throw error;
    }
  })();
  try {
    await own.connect();
    await burst(own);
    assert.ok(sessionsOf(alias).length >= 2, `several connections ran through the master (${sessionsOf(alias).length})`);
    assert.equal(masterOf(alias).length, 1, 'one master');
    assert.equal(countedLogins(ssh.command) - before, 1, 'the second and later connections did no handshake of their own');

    // The master dies (the network went, sshd restarted): the connections go with it, and the
    // client logs in once more, the connections after that sharing the new login again.
    const [master] = masterOf(alias);
    process.kill(master!, 'SIGKILL');
    await until(() => !masterOf(alias).includes(master!), 'the master to be gone');
    let answered = false;
    for (let attempt = 0; attempt < 5 && !answered; attempt++) {
      try {
        await own.listContainers();
        answered = true;
      } catch (error) {
        assert.ok(error instanceof EngineError && error.isUnreachable, `a dropped master is an unreachable engine: ${String(error)}`);
      }
    }
    assert.ok(answered, 'the client connects again');
    // A connection made in the instant between the master's death and its guard saying so finds
    // the old socket dead, and ssh then logs in on its own (as ssh does); new connections after
    // that start a new master.
    for (let attempt = 0; attempt < 50 && masterOf(alias).length !== 1; attempt++) {
      await burst(own).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await until(() => masterOf(alias).length === 1, 'a new master');
    const again = countedLogins(ssh.command);
    await burst(own);
    assert.equal(countedLogins(ssh.command), again, 'the new master is shared too');
  } finally {
    abort.abort();
    await events;
  }
  const master = masterOf(alias)[0]!;
  const controlPath = argv(master).find((arg) => arg.startsWith('ControlPath='))!.slice('ControlPath='.length);
  await own.close();
  await until(() => masterOf(alias).length === 0 && sessionsOf(alias).length === 0, 'the master and its sessions to end');
  assert.ok(!existsSync(path.dirname(controlPath)), 'the control socket’s directory is removed');
});

test('a client other than OpenSSH’s ssh (a wrapper) gets one ssh per connection, as before', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'berth-wrapper-'));
  const wrapper = path.join(dir, 'my-ssh-wrapper');
  writeFileSync(wrapper, '#!/bin/sh\nexec ssh "$@"\n', { mode: 0o755 });
  const alias = SSH_ALIASES.counted;
  const before = countedLogins(ssh.command);
  const wrapped = new EngineClient({ host: `ssh://${alias}`, env: { PATH: process.env.PATH, BERTH_SSH_COMMAND: `${wrapper} ${ssh.command.split(' ').slice(1).join(' ')}` } });
  try {
    // Two at once: two connections.
    await Promise.all([wrapped.listContainers(), wrapped.listImages()]);
    assert.equal(masterOf(alias).length, 0, 'no master');
    assert.ok(countedLogins(ssh.command) - before >= 2, 'each connection logged in on its own');
  } finally {
    await wrapped.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('closing the client ends its ssh processes', async () => {
  const others = new Set(sshProcesses());
  const own = new EngineClient({ host: `ssh://${SSH_ALIASES.ok}`, env: clientEnv });
  await own.listImages();
  const mine = sshProcesses().filter((pid) => !others.has(pid));
  assert.ok(mine.length > 0, 'the client kept its connection open');
  await own.close();
  await until(() => !sshProcesses().some((pid) => mine.includes(pid)), 'its ssh processes to end');
});

test('a process killed outright (kill -9) leaves no ssh behind: the master’s guard ends it and removes its socket', async () => {
  // Not in a terminal of its own, so no hangup reaches its children: only the guard can end them.
  const clientModule = new URL('../../src/engine/client.ts', import.meta.url).href;
  const script = [
    `import { EngineClient } from ${JSON.stringify(clientModule)};`,
    `const c = new EngineClient({ host: 'ssh://${SSH_ALIASES.counted}', env: { PATH: process.env.PATH, BERTH_SSH_COMMAND: ${JSON.stringify(ssh.command)} } });`,
    'await Promise.all([c.listContainers(), c.listImages(), c.listVolumes()]);',
    "process.stdout.write('ready\\n');",
    'setInterval(() => undefined, 60_000);',
  ].join('\n');
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: new URL('../..', import.meta.url), stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    await until(() => out.includes('ready') || child.exitCode !== null, 'the client to be connected', 30_000);
    assert.ok(out.includes('ready'), 'the client connected');
    const own = descendants(child.pid!).filter((pid) => argv(pid)[0]?.endsWith('ssh'));
    const master = own.find((pid) => argv(pid).includes('-N'));
    assert.ok(master !== undefined, 'its master runs');
    assert.ok(own.some((pid) => argv(pid).includes('ControlMaster=no')), 'its connections run');
    const socketDir = path.dirname(argv(master).find((arg) => arg.startsWith('ControlPath='))!.slice('ControlPath='.length));
    assert.ok(existsSync(socketDir));
    child.kill('SIGKILL');
    await exited;
    await until(() => own.every((pid) => argv(pid).length <= 1), 'its ssh processes to end');
    await until(() => !existsSync(socketDir), 'its control socket’s directory to be removed');
  } finally {
    child.kill('SIGKILL');
  }
});

/** Every process under `root` (children, their children, …), from /proc. */
function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const [child, parent] of parents) {
      if (parent === pid) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(root);
  return found;
}

test('bad input gets the message that says what to do', async () => {
  const failures: Array<[string, RegExp, RegExp]> = [
    [SSH_ALIASES.noDocker, /no docker command on/, /docker system dial-stdio/],
    [SSH_ALIASES.refused, /refused the ssh login \(publickey\)/, /BatchMode=yes/],
    [SSH_ALIASES.mismatch, /host key of .* has changed/, /ssh-keygen -R/],
    [SSH_ALIASES.unknownHostKey, /does not know the host key/, /connect once with ssh/],
    ['no-such-host.invalid', /cannot find the host "no-such-host\.invalid"/, /host name/],
  ];
  for (const [alias, message, hint] of failures) {
    const bad = overSsh(alias);
    await assert.rejects(bad.listContainers(), (error: unknown) => {
      assert.ok(error instanceof EngineError, String(error));
      assert.ok(error.isUnreachable, `${alias}: ${error.code}`);
      assert.match(error.message, message);
      assert.match(error.hint ?? '', hint);
      return true;
    });
    await bad.close();
  }
  assert.throws(
    () => new EngineClient({ host: `ssh://${SSH_ALIASES.ok}`, env: { PATH: '/nonexistent' } }),
    (error: unknown) => error instanceof EngineError && /ssh is not installed/.test(error.message),
  );
});

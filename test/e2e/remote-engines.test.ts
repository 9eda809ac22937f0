/**
 * berth against remote engines, in a real pseudo-terminal: over ssh (the sandbox's sshd, the
 * user's own ssh with the sandbox's config through BERTH_SSH_COMMAND), with each way ssh can
 * fail shown on screen in words a person can act on; and over a slow link, where drawing and
 * keys must not wait for the engine.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { SSH_ALIASES } from '../sandbox/sshd.ts';
import { countedLogins } from '../support/ssh-logins.ts';
import { sshProcesses } from '../support/ssh-processes.ts';
import { startLatencyProxy, type LatencyProxy } from '../support/latency-proxy.ts';
import { key, launchBerth, PtySession } from '../support/pty.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';

const env = sandboxEnv();
if (!env.ssh) throw new Error('this test needs the sandbox sshd (BERTH_SANDBOX_SSH_HOST and BERTH_SANDBOX_SSH_COMMAND)');
const ssh = env.ssh;
const tag = `e2e-remote${process.pid}`;
const sessions: PtySession[] = [];
let proxy: LatencyProxy | undefined;

/** A process's argv; none once it has gone. */
function commandLine(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return [];
  }
}

/** Waits for what the processes say, not for a time: the deadline only ends a test that went wrong. */
async function until(condition: () => boolean, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function berth(launchEnv: Record<string, string | undefined>, args: string[] = []): PtySession {
  const session = launchBerth({ env: { DOCKER_HOST: undefined, DOCKER_CONTEXT: undefined, ...launchEnv }, args });
  sessions.push(session);
  return session;
}

before(async () => {
  await sandboxDocker(['run', '-d', '--network', 'none', '--name', `${tag}-box`, env.images.busybox, 'sleep', '3600']);
});

after(async () => {
  for (const s of sessions) await s.stop();
  await proxy?.close();
  await sandboxDocker(['rm', '-f', `${tag}-box`]).catch(() => undefined);
});

test('DOCKER_HOST=ssh://… shows the engine’s containers, the status bar says where, one ssh login serves it all, and q leaves no ssh behind', async () => {
  // The alias with a key of its own, so that the logins counted are this berth's alone.
  const host = `ssh://${SSH_ALIASES.counted}`;
  const logins = countedLogins(ssh.command);
  const b = berth({ DOCKER_HOST: host, BERTH_SSH_COMMAND: ssh.command });
  const screen = await b.waitFor(`${tag}-box`, 20_000);
  assert.match(screen, new RegExp(`berth · ${host}`));
  await b.waitFor(/docker 20\.10\.\S+ · API 1\.41/);
  // Logs stream over their own ssh connection.
  await b.type('/', ...`${tag}-box`, key.enter, key.enter);
  await b.waitFor(/logs .*-box/);
  const own = sshProcesses(ssh.command).filter((pid) => commandLine(pid).includes(SSH_ALIASES.counted));
  assert.ok(own.length >= 3, `the master and its connections run (${own.length})`);
  assert.equal(countedLogins(ssh.command) - logins, 1, 'the start’s connections and the log stream share one ssh login');
  await b.type(key.escape, 'q');
  assert.equal((await b.exited).exitCode, 0);
  await until(() => !sshProcesses(ssh.command).some((pid) => own.includes(pid)), 'no ssh of berth’s left after q');
});

test('e then exit over ssh: the shell ends and berth comes back, though ssh keeps the connection half-open', async () => {
  const b = berth({ BERTH_SSH_COMMAND: ssh.command }, ['-H', ssh.host]);
  await b.waitFor(`${tag}-box`, 20_000);
  await b.type('/', ...`${tag}-box`, key.enter, 'e');
  await b.waitFor(/a shell in .*returns to berth/, 20_000);
  b.write('echo over-ssh=$((6 * 7))\r');
  await b.waitFor('over-ssh=42');
  b.write('exit 5\r');
  // Waiting for the connection to close would wait for ever: dial-stdio waits for its stdin.
  await b.waitFor(/the shell in .* exited with code 5/, 10_000);
  await b.type('l');
  await b.waitFor(`logs ${tag}-box`);
  await b.type(key.escape, 'q');
  assert.equal((await b.exited).exitCode, 0);
});

test('-H ssh://… with each kind of ssh failure: a banner that says what is wrong and what to do', async () => {
  const cases: Array<[string, RegExp, RegExp]> = [
    [SSH_ALIASES.refused, /refused the ssh login \(publickey\)/, /BatchMode=yes/],
    [SSH_ALIASES.noDocker, /no docker command on/, /dial-stdio/],
    [SSH_ALIASES.mismatch, /host key of .* has changed/, /ssh-keygen -R/],
    [SSH_ALIASES.unknownHostKey, /does not know the host key/, /connect once with ssh/],
    ['no-such-host.invalid', /cannot find the host/, /host name/],
  ];
  for (const [alias, reason, hint] of cases) {
    const b = berth({ BERTH_SSH_COMMAND: ssh.command }, ['-H', `ssh://${alias}`]);
    const screen = await b.waitFor((s) => reason.test(s), 20_000);
    assert.match(screen, new RegExp(`cannot reach ssh://${alias.replace(/\./g, '\\.')}`));
    assert.match(screen, hint);
    assert.doesNotMatch(screen, /\bat .*\.(js|ts):\d+/, 'no stack trace');
    await b.type('q');
    await b.exited;
  }
});

test('no ssh client at all: berth says so and stops before taking the terminal', async () => {
  const b = berth({ PATH: '/nonexistent' }, ['-H', ssh.host]);
  const { exitCode } = await b.exited;
  assert.equal(exitCode, 2);
  assert.match(b.raw, /berth: ssh is not installed: ssh:\/\/ engines need an ssh client \(install OpenSSH/);
});

test('a slow link: the first frame, keys and the help screen come while the engine has not answered', async () => {
  proxy = await startLatencyProxy(env.socketPath, 100);
  proxy.hold(); // nothing from the engine until released
  const b = berth({ DOCKER_HOST: proxy.dockerHost });
  await b.waitFor('loading containers…');
  await b.type('2');
  await b.waitFor('loading images…');
  await b.type('?');
  await b.waitFor(/Keys \(.* closes\)/);
  await b.type(key.escape);
  await b.waitFor('loading images…');
  await b.type('1');
  const waiting = await b.waitFor('loading containers…');
  assert.doesNotMatch(waiting, new RegExp(`${tag}-box`), 'the engine has still not answered');
  proxy.release();
  await b.waitFor(`${tag}-box`, 20_000);
});

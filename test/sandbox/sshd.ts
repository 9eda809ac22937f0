/**
 * A private sshd on a loopback port, so berth can reach the sandbox engine as users reach a
 * server's Docker: `ssh://host` → `ssh … docker system dial-stdio`. Its config, host key,
 * authorized_keys and the client's keys, ssh_config and known_hosts all live in the sandbox dir;
 * the machine's sshd, /etc/ssh and ~/.ssh are never read or written.
 *
 * sshd passes no DOCKER_HOST to the remote command, so each key's authorized_keys line sets it
 * (`environment=`, allowed by `PermitUserEnvironment`). Debian's sshd needs /run/sshd for
 * privilege separation: it runs in its own mount namespace with a tmpfs over /run.
 *
 * Host aliases in the client's ssh_config (pass it as `BERTH_SSH_COMMAND="ssh -F <file>"`):
 *   berth-sandbox            reaches the engine
 *   berth-sandbox-nodocker   logs in, but the remote PATH has no docker (exit 127)
 *   berth-sandbox-refused    offers a key the server does not accept
 *   berth-sandbox-mismatch   expects another host key than the server's
 *   berth-sandbox-unknown    has no host key on record (BatchMode cannot ask)
 *   berth-sandbox-counted    reaches the engine with a key of its own, so a test can count its
 *                            logins in sshd.log (sshLogins) while other files use berth-sandbox;
 *                            its key forwards nothing, so its connections are dial-stdio sessions
 *   berth-sandbox-noforward  reaches the engine with a key that may forward nothing (as a host
 *                            with AllowStreamLocalForwarding no): berth falls back to dial-stdio
 *
 * As on a host with Docker, the engine's socket is at the default place for sshd and its
 * sessions (/var/run/docker.sock, a link in sshd's own /run to the sandbox engine's socket), so
 * berth's forward of that socket through its ssh master reaches the sandbox engine.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { alive, recordNamespace, terminate } from './cleanup.ts';
import { spawnDaemon } from './daemon.ts';
import { run } from './exec.ts';
import { logTail } from './logs.ts';
import { freeTcpPort } from './ports.ts';

export interface SshdTools {
  sshd: string;
  sshKeygen: string;
  unshare: string;
}

export interface Sshd {
  port: number;
  /** The client's ssh_config, with the host aliases above. */
  configPath: string;
  /** `ssh -F <configPath>`: what BERTH_SSH_COMMAND is set to. */
  sshCommand: string;
  /** `ssh://berth-sandbox`, reaching the given engine. */
  host: string;
  stop(): Promise<void>;
}

export const SSH_ALIASES = {
  ok: 'berth-sandbox',
  noDocker: 'berth-sandbox-nodocker',
  refused: 'berth-sandbox-refused',
  mismatch: 'berth-sandbox-mismatch',
  unknownHostKey: 'berth-sandbox-unknown',
  counted: 'berth-sandbox-counted',
  noForward: 'berth-sandbox-noforward',
} as const;

export async function startSshd(tools: SshdTools, sandboxDir: string, dockerHost: string, startTimeoutMs = 15_000): Promise<Sshd> {
  const dir = path.join(sandboxDir, 'ssh');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const key = async (name: string) => {
    await run(tools.sshKeygen, ['-q', '-t', 'ed25519', '-N', '', '-C', `berth-sandbox-${name}`, '-f', path.join(dir, name)]);
    return readFileSync(path.join(dir, `${name}.pub`), 'utf8').trim();
  };
  const [hostKey, otherHostKey, clientKey, noDockerKey, , countedKey, noForwardKey] = await Promise.all([
    key('host_key'),
    key('other_host_key'),
    key('client_key'),
    key('nodocker_key'),
    key('refused_key'),
    key('counted_key'),
    key('noforward_key'),
  ]);
  const user = process.env.USER || 'root';
  // The remote PATH is fixed so the remote CLI is the one that matches the sandbox engine.
  writeFileSync(
    path.join(dir, 'authorized_keys'),
    [
      // The engine's own key may forward, as on a host with Docker: berth's forward of the
      // engine's socket through its master, and its port forwards (`ssh -O forward`,
      // test/e2e/port-forward.test.ts). No permitopen: sshd holds a unix socket's forward to its
      // list too, which cannot name one (channels.c), so any list refuses them all. The other
      // keys forward nothing.
      `environment="DOCKER_HOST=${dockerHost}",environment="PATH=/usr/bin:/bin",no-pty,no-agent-forwarding,no-X11-forwarding ${clientKey}`,
      `environment="PATH=/nonexistent",no-pty,no-port-forwarding,no-agent-forwarding,no-X11-forwarding ${noDockerKey}`,
      `environment="DOCKER_HOST=${dockerHost}",environment="PATH=/usr/bin:/bin",no-pty,no-port-forwarding,no-agent-forwarding,no-X11-forwarding ${countedKey}`,
      `environment="DOCKER_HOST=${dockerHost}",environment="PATH=/usr/bin:/bin",no-pty,no-port-forwarding,no-agent-forwarding,no-X11-forwarding ${noForwardKey}`,
      '',
    ].join('\n'),
    { mode: 0o600 },
  );

  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freeTcpPort();
    try {
      const stop = await launch(tools, dir, port, user, dockerHost, startTimeoutMs);
      const configPath = writeClientConfig(dir, port, user, hostKey, otherHostKey);
      return { port, configPath, sshCommand: `ssh -F ${configPath}`, host: `ssh://${SSH_ALIASES.ok}`, stop };
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

async function launch(tools: SshdTools, dir: string, port: number, user: string, dockerHost: string, timeoutMs: number): Promise<() => Promise<void>> {
  const configPath = path.join(dir, 'sshd_config');
  writeFileSync(
    configPath,
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${path.join(dir, 'host_key')}`,
      `PidFile ${path.join(dir, 'sshd.pid')}`,
      `AuthorizedKeysFile ${path.join(dir, 'authorized_keys')}`,
      `AllowUsers ${user}`,
      'PermitRootLogin prohibit-password',
      'PubkeyAuthentication yes',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'UsePAM no',
      // The sandbox dir is under /tmp, whose permissions StrictModes would refuse.
      'StrictModes no',
      'PermitUserEnvironment DOCKER_HOST,PATH',
      'PrintMotd no',
      // It stands in for many hosts at once (a fleet of 20 ssh engines, B22): their connections
      // arrive together, beyond the default's 10 unauthenticated ones (it drops the rest at random).
      'MaxStartups 100',
      // INFO logs each login ("Accepted publickey … SHA256:<key>"), which sshLogins counts.
      'LogLevel INFO',
      '',
    ].join('\n'),
  );
  const logPath = path.join(dir, 'sshd.log');
  // The engine's socket at the default place, in sshd's /run alone (the machine's is not touched).
  const engineSocket = dockerHost.replace(/^unix:\/\//, '');
  const script = ['set -e', 'mount -t tmpfs -o mode=0755 berth-sshd-run /run', 'mkdir -m 0755 /run/sshd', 'ln -s "$2" /run/docker.sock', 'exec "$0" -D -e -f "$1"'].join('\n');
  const daemon = spawnDaemon(tools.unshare, ['--mount', '--propagation', 'private', '--', 'sh', '-c', script, tools.sshd, configPath, engineSocket], logPath);
  const { pid } = daemon;
  const stop = async () => {
    if (alive(pid)) await terminate([pid], 2000);
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (daemon.exited()) throw new Error(`sshd exited during start-up (${daemon.exited()}).\n${logTail(logPath)}`);
    if (await sshBanner(port)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`sshd did not answer on 127.0.0.1:${port} within ${timeoutMs} ms.\n${logTail(logPath)}`);
    }
    await sleep(25);
  }
  // Sessions (sshd's children, the remote docker) share its mount namespace: teardown finds them by it.
  recordNamespace(path.dirname(dir), pid);
  return stop;
}

function writeClientConfig(dir: string, port: number, user: string, hostKey: string, otherHostKey: string): string {
  const knownHosts = path.join(dir, 'known_hosts');
  const wrongHosts = path.join(dir, 'known_hosts_wrong');
  const entry = (keyLine: string) => `[127.0.0.1]:${port} ${keyLine.split(' ').slice(0, 2).join(' ')}\n`;
  writeFileSync(knownHosts, entry(hostKey));
  writeFileSync(wrongHosts, entry(otherHostKey));
  const host = (alias: string, identity: string, known: string) =>
    [
      `Host ${alias}`,
      '  HostName 127.0.0.1',
      `  Port ${port}`,
      `  User ${user}`,
      `  IdentityFile ${path.join(dir, identity)}`,
      '  IdentitiesOnly yes',
      `  UserKnownHostsFile ${known}`,
      '  GlobalKnownHostsFile /dev/null',
      '  StrictHostKeyChecking yes',
      '  IdentityAgent none',
      '  LogLevel ERROR',
      '',
    ].join('\n');
  const configPath = path.join(dir, 'ssh_config');
  writeFileSync(
    configPath,
    [
      host(SSH_ALIASES.ok, 'client_key', knownHosts),
      host(SSH_ALIASES.noDocker, 'nodocker_key', knownHosts),
      host(SSH_ALIASES.refused, 'refused_key', knownHosts),
      host(SSH_ALIASES.mismatch, 'client_key', wrongHosts),
      host(SSH_ALIASES.unknownHostKey, 'client_key', '/dev/null'),
      host(SSH_ALIASES.counted, 'counted_key', knownHosts),
      host(SSH_ALIASES.noForward, 'noforward_key', knownHosts),
    ].join('\n'),
  );
  for (const name of ['client_key', 'nodocker_key', 'refused_key', 'counted_key', 'noforward_key']) chmodSync(path.join(dir, name), 0o600);
  return configPath;
}

/** True once something on the port speaks SSH. */
function sshBanner(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('data', (chunk: Buffer) => done(chunk.toString('latin1').startsWith('SSH-')));
    socket.once('error', () => done(false));
  });
}

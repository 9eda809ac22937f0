/**
 * Starts and stops a private dockerd. Everything it owns lives in the sandbox dir: API
 * socket, data-root, exec-root (where its own containerd keeps sockets and state), pid file,
 * daemon.json, trust key and log. Host-facing features are off: no default bridge, no
 * iptables/masquerade, no ip_forward sysctl, and a cgroup parent unique to this sandbox.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { alive, cgroupParentFor, signal } from './cleanup.ts';
import { enginePid } from './engine-control.ts';
import { engineJson, engineRequest } from './engine-http.ts';
import { run } from './exec.ts';
import { logTail } from './logs.ts';

export interface DockerdOptions {
  /**
   * Put the data-root on a tmpfs (default true; falls back to disk if mounting fails).
   * Creating and deleting thousands of layer dirs on ext4 is the slowest part of both
   * bulk-container benchmarks and teardown; on tmpfs both are 2–4× faster.
   */
  tmpfs?: boolean;
  /**
   * A tmpfs of exactly this many bytes, which must mount (no fall-back to disk): an engine whose
   * disk can be filled on purpose (test/sandbox/small-disk.ts).
   */
  tmpfsBytes?: number;
  /** Default overlay2; `vfs` works anywhere but is slow and disk-hungry. */
  storageDriver?: string;
  startTimeoutMs?: number;
}

export interface Dockerd {
  pid: number;
  socketPath: string;
  dockerHost: string;
  logPath: string;
  /** The engine's API version, e.g. "1.41". */
  apiVersion: string;
  /** SIGTERM, wait up to graceMs, then SIGKILL. Resolves once the process is gone. */
  stop(graceMs?: number): Promise<void>;
}

export async function startDockerd(dockerdBin: string, dir: string, opts: DockerdOptions = {}): Promise<Dockerd> {
  const socketPath = path.join(dir, 'docker.sock');
  // containerd's sockets live under exec-root and unix socket paths must stay below 108
  // bytes, so the exec-root gets a one-letter name.
  const execRoot = path.join(dir, 'x');
  const logPath = path.join(dir, 'dockerd.log');
  const configFile = path.join(dir, 'daemon.json');
  if (Buffer.byteLength(path.join(execRoot, 'containerd', 'containerd.sock.ttrpc')) >= 108) {
    throw new Error(`sandbox dir ${dir} is too long for unix socket paths; set TMPDIR to a shorter dir`);
  }
  // Our own (empty) config file so the host's /etc/docker/daemon.json cannot leak in, and
  // the trust key moved out of /etc/docker (dockerd 20.10 writes one there by default).
  const dataRoot = path.join(dir, 'data');
  mkdirSync(dataRoot, { recursive: true });
  if (opts.tmpfsBytes !== undefined) {
    if (!(await mountTmpfs(dataRoot, opts.tmpfsBytes))) throw new Error(`could not mount a ${opts.tmpfsBytes}-byte tmpfs on ${dataRoot} (needs CAP_SYS_ADMIN)`);
  } else if (opts.tmpfs ?? true) {
    await mountTmpfs(dataRoot);
  }
  writeFileSync(configFile, JSON.stringify({ 'deprecated-key-path': path.join(dir, 'key.json') }, null, 2));

  const args = [
    `--config-file=${configFile}`,
    `--host=unix://${socketPath}`,
    `--data-root=${dataRoot}`,
    `--exec-root=${execRoot}`,
    `--pidfile=${path.join(dir, 'dockerd.pid')}`,
    `--storage-driver=${opts.storageDriver ?? 'overlay2'}`,
    '--bridge=none',
    '--iptables=false',
    '--ip-masq=false',
    '--ip-forward=false',
    '--userland-proxy=false',
    `--cgroup-parent=${cgroupParentFor(dir)}`,
  ];
  const logFd = openSync(logPath, 'a');
  // Own process group: a Ctrl-C in the terminal must not reach dockerd directly, or it would
  // shut down while we are still removing containers through it.
  const child = spawn(dockerdBin, args, {
    detached: true,
    stdio: ['ignore', logFd, logFd],
    // Swarm tasks would otherwise try to pull their (local-only) image from Docker Hub first.
    env: { ...process.env, DOCKER_SERVICE_PREFER_OFFLINE_IMAGE: '1' },
  });
  closeSync(logFd);
  child.unref();
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not spawn ${dockerdBin}`);
  let exited: string | undefined;
  child.on('exit', (code, sig) => {
    exited = sig ? `signal ${sig}` : `exit code ${code}`;
  });

  const timeoutMs = opts.startTimeoutMs ?? 30_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`dockerd exited during start-up (${exited}).\n${logTail(logPath)}`);
    try {
      const res = await engineRequest(socketPath, 'GET', '/_ping', undefined, 2000);
      if (res.status === 200 && res.body === 'OK') break;
    } catch {
      // socket not there yet
    }
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGKILL');
      throw new Error(`dockerd did not answer /_ping within ${timeoutMs} ms.\n${logTail(logPath)}`);
    }
    await sleep(50);
  }
  const version = await engineJson<{ ApiVersion: string }>(socketPath, 'GET', '/version');

  return {
    pid,
    socketPath,
    dockerHost: `unix://${socketPath}`,
    logPath,
    apiVersion: version.ApiVersion,
    async stop(graceMs = 20_000) {
      // The pid this dockerd was started with may be gone: a test may have killed it and started
      // it again (engine-control.ts), and a busy machine reuses pids within minutes. Signal only
      // the process that is this sandbox's dockerd now.
      const current = enginePid(dir);
      if (current === undefined) return;
      signal(current, 'SIGTERM');
      const until = Date.now() + graceMs;
      while (alive(current) && Date.now() < until) await sleep(25);
      if (!alive(current)) return;
      signal(current, 'SIGKILL');
      // Bounded: one stuck in the kernel does not die of it, and the sandbox's teardown still
      // has its mounts and files to remove.
      const killed = Date.now() + 10_000;
      while (alive(current) && Date.now() < killed) await sleep(25);
    },
  };
}

/** True when mounted. */
async function mountTmpfs(target: string, bytes?: number): Promise<boolean> {
  // A limit, not a reservation: pages are only used as files are written.
  const size = bytes ?? Math.min(8 * 1024 ** 3, Math.floor(os.totalmem() / 2));
  try {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0710`, 'berth-sandbox', target]);
    return true;
  } catch {
    // Not allowed here (e.g. no CAP_SYS_ADMIN): the disk is slower but works the same.
    return false;
  }
}

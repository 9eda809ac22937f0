/**
 * Killing and restarting the sandbox's dockerd from a test process, which does not own the
 * Sandbox object (test/run.ts does). Everything needed is read from the sandbox dir: the pid
 * from dockerd's own pidfile, and the command line and environment from /proc while it runs.
 * These are saved next to the pidfile before the first kill, so the engine can be started
 * again exactly as the sandbox started it — same socket, data-root and exec-root — and the
 * sandbox's teardown (which finds processes by the dir in their argv) still stops it.
 *
 * Kill with `killEngine`, and ALWAYS pair it with `startEngineAgain` (or `ensureEngineUp` in an
 * `after` hook): the other test files share this engine.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { alive, processesMentioning } from './cleanup.ts';
import { engineRequest } from './engine-http.ts';

interface SavedCommand {
  argv: string[];
  env: Record<string, string>;
}

const SAVED = 'dockerd.command.json';

function pidfile(dir: string): string {
  return path.join(dir, 'dockerd.pid');
}

/** The running dockerd's pid, or undefined when it is not running. */
export function enginePid(dir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(pidfile(dir), 'utf8').trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return undefined;
  // A stale pidfile after a SIGKILL may name a recycled pid: trust it only if it is our dockerd.
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    if (!argv.some((a) => a.includes(`${dir}/`))) return undefined;
  } catch {
    return undefined;
  }
  return pid;
}

function saveCommand(dir: string, pid: number): void {
  const file = path.join(dir, SAVED);
  if (existsSync(file)) return;
  const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter((a) => a !== '');
  const env: Record<string, string> = {};
  for (const entry of readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')) {
    const eq = entry.indexOf('=');
    if (eq > 0) env[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  writeFileSync(file, JSON.stringify({ argv, env } satisfies SavedCommand));
}

function socketOf(dir: string): string {
  return path.join(dir, 'docker.sock');
}

/** True when the engine answers `/_ping` with OK. */
export async function enginePings(dir: string, timeoutMs = 2000): Promise<boolean> {
  try {
    const res = await engineRequest(socketOf(dir), 'GET', '/_ping', undefined, timeoutMs);
    return res.status === 200 && res.body === 'OK';
  } catch {
    return false;
  }
}

/** The containerd that dockerd started for itself, if it is running. */
function containerdPid(dir: string): number | undefined {
  try {
    const pid = Number(readFileSync(path.join(dir, 'x', 'containerd', 'containerd.pid'), 'utf8').trim());
    if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return undefined;
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(`${dir}/`) ? pid : undefined;
  } catch {
    return undefined;
  }
}

async function killAndWait(pid: number, what: string): Promise<void> {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    return; // already gone
  }
  const deadline = Date.now() + 10_000;
  while (alive(pid)) {
    if (Date.now() > deadline) throw new Error(`${what} ${pid} did not die after SIGKILL`);
    await sleep(10);
  }
}

/**
 * SIGKILLs dockerd (as a crash or the OOM killer would) and resolves once it is gone. Its own
 * containerd goes too: it logs through a pipe to dockerd, so it dies of SIGPIPE moments later
 * anyway — after a restarted dockerd has decided to reuse it, which then fails to start.
 * Container shims survive, as they do when a real engine crashes.
 */
export async function killEngine(dir: string): Promise<number> {
  const pid = enginePid(dir);
  if (pid === undefined) throw new Error(`no running dockerd for sandbox ${dir}`);
  saveCommand(dir, pid);
  const containerd = containerdPid(dir);
  await killAndWait(pid, 'dockerd');
  if (containerd !== undefined) await killAndWait(containerd, 'containerd');
  // Until init reaps them, the dead processes are zombies that still have a /proc entry, and
  // dockerd takes a pidfile naming one for a daemon that is still running (and then refuses to
  // start, or waits for a containerd that will never answer). They are dead: drop the pidfiles.
  rmSync(pidfile(dir), { force: true });
  rmSync(path.join(dir, 'x', 'containerd', 'containerd.pid'), { force: true });
  return pid;
}

/**
 * Starts dockerd again with the command line it had, and resolves with its pid once it answers
 * `/_ping`. Running containers are shut down by the restarted engine (no live-restore), each
 * within its stop timeout, so tests give theirs `--stop-timeout 1` to keep restarts quick.
 */
export async function startEngineAgain(dir: string, timeoutMs = 60_000): Promise<number> {
  const running = enginePid(dir);
  if (running !== undefined) {
    await waitForPing(dir, timeoutMs);
    return running;
  }
  const saved = JSON.parse(readFileSync(path.join(dir, SAVED), 'utf8')) as SavedCommand;
  const [bin, ...args] = saved.argv;
  if (!bin) throw new Error(`no saved dockerd command line in ${dir}`);
  const logFd = openSync(path.join(dir, 'dockerd.log'), 'a');
  // Detached, in its own process group, like the sandbox's first start: a Ctrl-C in the
  // terminal must not reach it, and the test process must not wait for it.
  const child = spawn(bin, args, { detached: true, stdio: ['ignore', logFd, logFd], env: saved.env });
  closeSync(logFd);
  child.unref();
  let exited: string | undefined;
  child.on('exit', (code, sig) => (exited = sig ? `signal ${sig}` : `exit code ${code}`));
  await waitForPing(dir, timeoutMs, () => exited);
  if (child.pid === undefined) throw new Error('could not spawn dockerd');
  return child.pid;
}

/** Waits until the engine answers `/_ping`. */
export async function waitForPing(dir: string, timeoutMs = 60_000, failed: () => string | undefined = () => undefined): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const why = failed();
    if (why) throw new Error(`dockerd exited while starting again (${why}); see ${path.join(dir, 'dockerd.log')}`);
    if (await enginePings(dir)) return;
    if (Date.now() > deadline) throw new Error(`dockerd did not answer /_ping within ${timeoutMs} ms; see ${path.join(dir, 'dockerd.log')}`);
    await sleep(50);
  }
}

/** For `after` hooks: whatever a test did, leave the shared engine running and answering. */
export async function ensureEngineUp(dir: string): Promise<void> {
  if (await enginePings(dir)) return;
  await startEngineAgain(dir);
}

/** Processes this test process froze, to be thawed however it ends. */
const frozen = new Set<number>();
let thawOnExit = false;

function thawAllSync(): void {
  for (const pid of frozen) {
    try {
      process.kill(pid, 'SIGCONT');
    } catch {
      // gone
    }
  }
  frozen.clear();
}

/**
 * Freezes a sandbox process with SIGSTOP (a hung daemon: the kernel still accepts connections
 * on its socket, nothing answers). ALWAYS pair it with `thaw` (or `thawAll` in an `after` hook);
 * a process exit thaws it too, so a crashed test cannot leave the shared engine frozen.
 */
export function freeze(pid: number): void {
  if (!thawOnExit) {
    thawOnExit = true;
    process.on('exit', thawAllSync);
  }
  frozen.add(pid);
  process.kill(pid, 'SIGSTOP');
}

export function thaw(pid: number): void {
  frozen.delete(pid);
  try {
    process.kill(pid, 'SIGCONT');
  } catch {
    // gone
  }
}

/** Thaws everything this process froze (for `after` hooks). */
export function thawAll(): void {
  thawAllSync();
}

/** Freezes the sandbox's dockerd and returns its pid (for `thaw`). */
export function freezeEngine(dir: string): number {
  const pid = enginePid(dir);
  if (pid === undefined) throw new Error(`no running dockerd for sandbox ${dir}`);
  freeze(pid);
  return pid;
}

/** The sandbox registry's pid (it runs `registry serve <dir>/registry/config.yml`). */
export function registryPid(dir: string): number {
  const config = path.join(dir, 'registry', 'config.yml');
  const pid = processesMentioning(path.join(dir, 'registry')).find((candidate) => {
    try {
      return readFileSync(`/proc/${candidate}/cmdline`, 'utf8').split('\0').includes(config);
    } catch {
      return false;
    }
  });
  if (pid === undefined) throw new Error(`no running registry for sandbox ${dir}`);
  return pid;
}

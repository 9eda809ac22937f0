/**
 * Teardown that does not trust the daemon: whatever dockerd managed (or failed) to clean up,
 * this finds what the sandbox left on the host and removes it —
 *   - processes whose command line mentions the sandbox dir (dockerd, its containerd, the
 *     shims, the registry) and processes inside the sandbox's own cgroup parent (containers);
 *   - mounts under the dir (overlay2 layers, netns bind mounts, dockerd's private data-root);
 *   - the per-sandbox cgroup directories and any bridge interface recorded by swarm setup;
 *   - the dir itself.
 * There is an async path for normal stops and a fully synchronous one for process 'exit'
 * handlers, plus a reaper for sandboxes whose owning process died without stopping them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const SANDBOX_PREFIX = 'berth-sandbox-';
const OWNER_FILE = 'owner';
const BRIDGES_FILE = 'bridges';
const NAMESPACES_FILE = 'namespaces';

/** The cgroup parent for a sandbox's containers: unique per sandbox, derived from its dir. */
export function cgroupParentFor(dir: string): string {
  return `/${path.basename(dir)}`;
}

// ---- discovery --------------------------------------------------------------------------

function listPids(): number[] {
  return readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .map(Number)
    .filter((p) => p !== process.pid);
}

/** A process's argv; none once it has exited. */
export function argvOf(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter((a) => a !== '');
  } catch {
    return []; // exited while we looked
  }
}

/** The fields of /proc/PID/stat after the command name (state, ppid, …: field 3 is [0]); undefined once it has exited. */
export function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: count from its closing paren.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** Processes whose argv mentions `dir` (as the whole argument or a path or URL inside it). */
export function processesMentioning(dir: string): number[] {
  const needle = dir.endsWith('/') ? dir : `${dir}/`;
  return listPids().filter((pid) => argvOf(pid).some((a) => a === dir || a.includes(needle)));
}

function unescapeMountPath(p: string): string {
  return p.replace(/\\([0-7]{3})/g, (_, oct: string) => String.fromCharCode(parseInt(oct, 8)));
}

interface MountEntry {
  mountPoint: string;
  fsType: string;
}

function readMounts(): MountEntry[] {
  // mountinfo: "id parent maj:min root mountpoint opts [optional...] - fstype source superopts"
  return readFileSync('/proc/self/mountinfo', 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const fields = line.split(' ');
      const sep = fields.indexOf('-');
      return { mountPoint: unescapeMountPath(fields[4] ?? ''), fsType: fields[sep + 1] ?? '' };
    });
}

export function mountsUnder(dir: string): string[] {
  const prefix = dir.endsWith('/') ? dir : `${dir}/`;
  const found = readMounts()
    .map((m) => m.mountPoint)
    .filter((mp) => mp === dir || mp.startsWith(prefix));
  // Deepest first, so a parent is never detached before what is mounted on top of it.
  return [...new Set(found)].sort((a, b) => b.length - a.length);
}

/** Every existing cgroup directory (across v1 hierarchies and v2) for this parent. */
function cgroupDirs(parent: string): string[] {
  const roots = readMounts()
    .filter((m) => m.fsType === 'cgroup' || m.fsType === 'cgroup2')
    .map((m) => path.join(m.mountPoint, parent));
  return [...new Set(roots)].filter((d) => existsSync(d));
}

/** All cgroup dirs below (and including) each root, children before parents. */
function walkCgroupsDeepestFirst(root: string): string[] {
  const out: string[] = [];
  const visit = (d: string) => {
    let entries: string[] = [];
    try {
      entries = readdirSync(d, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name);
    } catch {
      return;
    }
    for (const e of entries) visit(path.join(d, e));
    out.push(d);
  };
  visit(root);
  return out;
}

export function cgroupPids(parent: string): number[] {
  const pids = new Set<number>();
  for (const root of cgroupDirs(parent)) {
    for (const d of walkCgroupsDeepestFirst(root)) {
      try {
        for (const line of readFileSync(path.join(d, 'cgroup.procs'), 'utf8').split('\n')) {
          if (line.trim()) pids.add(Number(line));
        }
      } catch {
        // removed under us
      }
    }
  }
  pids.delete(process.pid);
  return [...pids];
}

/**
 * Remembers the mount namespace a sandbox daemon made for itself (`unshare --mount`: Podman,
 * sshd): their children (conmon, ssh sessions, the remote docker) do not mention the sandbox
 * dir, but they share the namespace, so teardown finds them by it.
 */
export function recordNamespace(dir: string, pid: number): void {
  try {
    const ns = readlinkSync(`/proc/${pid}/ns/mnt`);
    writeFileSync(path.join(dir, NAMESPACES_FILE), `${ns}\n`, { flag: 'a' });
  } catch {
    // gone already: nothing to find later either
  }
}

function processesInNamespaces(dir: string): number[] {
  let recorded: string[];
  try {
    recorded = readFileSync(path.join(dir, NAMESPACES_FILE), 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
  if (recorded.length === 0) return [];
  const own = readlinkSafe(`/proc/${process.pid}/ns/mnt`);
  return listPids().filter((pid) => {
    const ns = readlinkSafe(`/proc/${pid}/ns/mnt`);
    return ns !== undefined && ns !== own && recorded.includes(ns);
  });
}

function readlinkSafe(link: string): string | undefined {
  try {
    return readlinkSync(link);
  } catch {
    return undefined;
  }
}

/**
 * Every process of the sandbox that its argv or its daemons' namespaces give away. Namespaces
 * only while the owner runs: once a namespace is gone the kernel may reuse its number for
 * someone else's, so the reaper of dead runs goes by argv and cgroups alone.
 */
function sandboxProcesses(dir: string, byNamespace = true): number[] {
  return [...new Set([...processesMentioning(dir), ...(byNamespace ? processesInNamespaces(dir) : [])])];
}

// ---- actions ----------------------------------------------------------------------------

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A zombie still answers signal 0; it is gone for our purposes.
  const state = statFields(pid)?.[0];
  return state !== undefined && state !== 'Z';
}

/** Sends `sig`; a process already gone is no error. */
export function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
}

/** SIGTERM, wait up to graceMs for them to go, then SIGKILL whatever is left. */
export async function terminate(pids: number[], graceMs: number): Promise<void> {
  if (pids.length === 0) return;
  for (const p of pids) signal(p, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && pids.some(alive)) await sleep(25);
  const left = pids.filter(alive);
  for (const p of left) signal(p, 'SIGKILL');
  const killDeadline = Date.now() + 5000;
  while (Date.now() < killDeadline && left.some(alive)) await sleep(25);
}

function unmountAll(dir: string): void {
  for (const mp of mountsUnder(dir)) spawnSync('umount', ['-l', mp], { stdio: 'ignore', timeout: 10_000 });
}

function removeCgroups(parent: string): void {
  for (const root of cgroupDirs(parent)) {
    for (const d of walkCgroupsDeepestFirst(root)) {
      try {
        rmdirSync(d);
      } catch {
        // still has a process (it will be reaped next time) or already removed
      }
    }
  }
}

export function recordBridge(dir: string, name: string): void {
  const existing = readBridges(dir);
  writeFileSync(path.join(dir, BRIDGES_FILE), [...existing, name].join('\n'));
}

function readBridges(dir: string): string[] {
  try {
    return readFileSync(path.join(dir, BRIDGES_FILE), 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

function removeBridges(dir: string): void {
  for (const name of readBridges(dir)) {
    if (existsSync(`/sys/class/net/${name}`)) spawnSync('ip', ['link', 'delete', name], { stdio: 'ignore', timeout: 10_000 });
  }
}

/**
 * Podman with cgroupfs puts each container in /libpod_parent/libpod-<id>, a parent shared by
 * every Podman on the host: this sandbox's are the ids in its own storage (test/sandbox/podman.ts).
 */
function podmanCgroups(dir: string): string[] {
  try {
    return readdirSync(path.join(dir, 'podman', 'root', 'overlay-containers'))
      .filter((id) => /^[0-9a-f]{64}$/.test(id))
      .map((id) => `/libpod_parent/libpod-${id}`);
  } catch {
    return [];
  }
}

function sandboxCgroupPids(dir: string): number[] {
  return [cgroupParentFor(dir), ...podmanCgroups(dir)].flatMap(cgroupPids);
}

/** Host-side removal once no sandbox process is left: mounts, cgroups, bridges, the dir. */
function removeLeftovers(dir: string): void {
  unmountAll(dir);
  removeCgroups(cgroupParentFor(dir));
  if (podmanCgroups(dir).length > 0 || existsSync(path.join(dir, 'podman'))) {
    for (const parent of podmanCgroups(dir)) removeCgroups(parent);
    // Podman's shared parents go only when empty: another Podman may be using them.
    for (const shared of ['/libpod_parent/conmon', '/libpod_parent']) {
      for (const root of cgroupDirs(shared)) {
        try {
          rmdirSync(root);
        } catch {
          // in use, or gone
        }
      }
    }
  }
  removeBridges(dir);
  // rm(1) rather than fs.rmSync: several times faster on data-roots with thousands of layer
  // dirs. --one-file-system: should an unmount have failed, never delete through it.
  spawnSync('rm', ['-rf', '--one-file-system', dir], { stdio: 'ignore', timeout: 120_000 });
  if (existsSync(dir)) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}

/** The normal path, after the daemon was asked to stop: kill stragglers gently, then remove. */
export async function teardown(dir: string, graceMs = 3000, byNamespace = true): Promise<void> {
  // Containers first: their processes do not mention the dir, and with their shims gone
  // they would be orphaned to init.
  await terminate(sandboxCgroupPids(dir), 0);
  await terminate(sandboxProcesses(dir, byNamespace), graceMs);
  await terminate(sandboxCgroupPids(dir), 0);
  removeLeftovers(dir);
}

/** For 'exit' handlers, where nothing asynchronous runs any more: SIGKILL everything, remove. */
export function teardownSync(dir: string): void {
  for (let round = 0; round < 3; round++) {
    const pids = [...sandboxCgroupPids(dir), ...sandboxProcesses(dir)];
    if (pids.length === 0) break;
    for (const p of pids) signal(p, 'SIGKILL');
    const until = Date.now() + 2000;
    while (Date.now() < until && pids.some(alive)) spawnSync('sleep', ['0.02']);
  }
  removeLeftovers(dir);
}

// ---- ownership and reaping --------------------------------------------------------------

function processStartTime(pid: number): string | undefined {
  return statFields(pid)?.[19]; // field 22, starttime
}

/** Marks `dir` as owned by this process, so a later run can tell whether its owner is gone. */
export function writeOwner(dir: string): void {
  writeFileSync(path.join(dir, OWNER_FILE), `${process.pid} ${processStartTime(process.pid) ?? ''}\n`);
}

function ownerAlive(dir: string): boolean {
  let content: string;
  try {
    content = readFileSync(path.join(dir, OWNER_FILE), 'utf8');
  } catch {
    // No owner file: either being created right now or very old debris. Give it a minute.
    try {
      return Date.now() - statSync(dir).mtimeMs < 60_000;
    } catch {
      return true;
    }
  }
  const [pidText, start] = content.trim().split(' ');
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  // Compare start times so a recycled pid does not keep a dead run's sandbox alive forever.
  const now = processStartTime(pid);
  return now !== undefined && (!start || now === start) && alive(pid);
}

/**
 * Removes sandboxes left behind by runs that were SIGKILLed or crashed. Only dirs whose owner
 * process is gone are touched, so concurrent live runs are safe.
 */
export async function reapStaleSandboxes(log: (line: string) => void = () => undefined): Promise<void> {
  const tmp = os.tmpdir();
  let names: string[];
  try {
    names = readdirSync(tmp).filter((n) => n.startsWith(SANDBOX_PREFIX));
  } catch {
    return;
  }
  for (const name of names) {
    const dir = path.join(tmp, name);
    if (ownerAlive(dir)) continue;
    log(`removing stale sandbox ${dir}`);
    await teardown(dir, 1000, false);
  }
}

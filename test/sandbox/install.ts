/**
 * Makes sure the host tools the sandbox drives are present: dockerd (+ the docker CLI that
 * ships with it), docker-registry, a statically linked busybox (copied into images, so it
 * must not need a libc), htpasswd, Podman (with slirp4netns), OpenSSH's server and client, and
 * tmux (a terminal with its own width rules, test/e2e/terminal-safety.test.ts), and Debian's
 * docker-compose (the compose CLI berth drives). On a Debian host
 * where we are root the missing ones are installed with apt, without starting or enabling the
 * machine's own services (see service-guard.ts); anywhere else we stop with a message that says
 * what to install.
 * When everything is present this is a handful of stat calls and one small file read.
 */
import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { CommandError, findExecutable, isExecutable, run } from './exec.ts';
import { SYSTEM_GUARD, withServicesHeldBack, type GuardPaths } from './service-guard.ts';

export interface Tools {
  dockerd: string;
  /** The docker CLI used to drive the sandbox engine. */
  docker: string;
  registry: string;
  /** A statically linked busybox binary. */
  busybox: string;
  htpasswd: string;
  /** The second sandbox engine (test/sandbox/podman.ts), in its own namespaces (unshare). */
  podman: string;
  slirp4netns: string;
  unshare: string;
  /** A private sshd and the client side, for engines over ssh (test/sandbox/sshd.ts). */
  sshd: string;
  ssh: string;
  sshKeygen: string;
  /** A terminal that measures emoji per code point, as xterm and VTE do (the e2e reads its screen). */
  tmux: string;
  /**
   * Debian's docker-compose (v1.29 on Debian 12): the compose CLI berth runs for a project's
   * up, down, pull… (src/state/compose/), with the flags v1 and v2 have in common.
   */
  compose: string;
}

interface Requirement {
  tool: keyof Tools;
  aptPackage: string;
  locate: () => string | undefined;
}

const REQUIREMENTS: readonly Requirement[] = [
  { tool: 'dockerd', aptPackage: 'docker.io', locate: () => findExecutable('dockerd') },
  // Prefer the CLI from the docker.io package: it matches dockerd's API version exactly and
  // does not print legacy-builder deprecation noise. A newer CLI elsewhere on PATH also works
  // (it negotiates the API version down), so it is the fallback.
  { tool: 'docker', aptPackage: 'docker.io', locate: () => firstExecutable(['/usr/bin/docker']) ?? findExecutable('docker') },
  { tool: 'registry', aptPackage: 'docker-registry', locate: () => findExecutable('docker-registry') },
  { tool: 'busybox', aptPackage: 'busybox-static', locate: findStaticBusybox },
  { tool: 'htpasswd', aptPackage: 'apache2-utils', locate: () => findExecutable('htpasswd') },
  { tool: 'podman', aptPackage: 'podman', locate: () => findExecutable('podman') },
  { tool: 'slirp4netns', aptPackage: 'slirp4netns', locate: () => findExecutable('slirp4netns') },
  { tool: 'unshare', aptPackage: 'util-linux', locate: () => findExecutable('unshare') },
  { tool: 'sshd', aptPackage: 'openssh-server', locate: () => findExecutable('sshd') },
  { tool: 'ssh', aptPackage: 'openssh-client', locate: () => findExecutable('ssh') },
  { tool: 'sshKeygen', aptPackage: 'openssh-client', locate: () => findExecutable('ssh-keygen') },
  { tool: 'tmux', aptPackage: 'tmux', locate: () => findExecutable('tmux') },
  { tool: 'compose', aptPackage: 'docker-compose', locate: () => findExecutable('docker-compose') },
];

/** Paths of all tools, or the requirements that are not met. */
export function locateTools(): { tools: Tools } | { missing: Requirement[] } {
  const found: Partial<Tools> = {};
  const missing: Requirement[] = [];
  for (const req of REQUIREMENTS) {
    const where = req.locate();
    if (where) found[req.tool] = where;
    else missing.push(req);
  }
  if (missing.length > 0) return { missing };
  return { tools: found as Tools };
}

export async function ensureInstalled(log: (line: string) => void = () => undefined): Promise<Tools> {
  const first = locateTools();
  if ('tools' in first) return first.tools;

  const packages = [...new Set(first.missing.map((m) => m.aptPackage))];
  const what = first.missing.map((m) => `${m.tool} (${m.aptPackage})`).join(', ');
  const isRoot = process.getuid?.() === 0;
  const isDebian = existsSync('/etc/debian_version') && findExecutable('apt-get') !== undefined;
  if (!isRoot || !isDebian) {
    throw new Error(
      `The test sandbox needs host tools that are missing: ${what}.\n` +
        `Install them (Debian/Ubuntu: sudo apt-get install -y ${packages.join(' ')}), then re-run.`,
    );
  }

  log(`installing ${packages.join(' ')} with apt-get (missing: ${what}); the machine's services are not started or enabled`);
  await installPackages(packages, { log });

  const second = locateTools();
  if ('tools' in second) return second.tools;
  throw new Error(
    `apt-get install ${packages.join(' ')} finished but these are still missing: ` +
      second.missing.map((m) => m.tool).join(', '),
  );
}

/**
 * The install step: `apt` (apt-get by default) with the machine's services held back for the
 * whole run (service-guard.ts), whatever the packages are.
 */
export async function installPackages(
  packages: string[],
  options: { apt?: (packages: string[]) => Promise<void>; guard?: GuardPaths; log?: (line: string) => void } = {},
): Promise<void> {
  const apt = options.apt ?? aptInstall;
  const guard = options.guard ?? SYSTEM_GUARD;
  await withServicesHeldBack(() => apt(packages), guard, options.log, async () => {
    // A running systemd reads unit links at a reload; without one there is nothing to tell.
    if (guard === SYSTEM_GUARD && existsSync('/run/systemd/system')) await run('systemctl', ['daemon-reload']);
  });
}

async function aptInstall(packages: string[]): Promise<void> {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Lists may be empty on a fresh image; only refresh them when apt does not know a package,
  // because `apt-get update` is the slow, network-bound part.
  if (!(await aptKnows(packages))) await aptWithLockRetry(['update'], env);
  await aptWithLockRetry(['install', '-y', ...packages], env);
}

async function aptKnows(packages: string[]): Promise<boolean> {
  try {
    const { stdout } = await run('apt-cache', ['policy', ...packages]);
    // One block per known package: "name:\n  Installed: ...\n  Candidate: x.y".
    return packages.every((p) => {
      const block = stdout.split(/\n(?=\S)/).find((b) => b.startsWith(`${p}:`));
      return block !== undefined && !/Candidate: \(none\)/.test(block);
    });
  } catch {
    return false;
  }
}

/** Another apt run (e.g. a provisioning script) may hold the lock; wait for it rather than fail. */
async function aptWithLockRetry(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    try {
      await run('apt-get', ['-o', 'DPkg::Lock::Timeout=600', ...args], { env });
      return;
    } catch (e) {
      const locked = e instanceof CommandError && /Could not get lock|Unable to (lock|acquire)/i.test(e.stderr);
      if (!locked || Date.now() > deadline) throw e;
      await sleep(2000);
    }
  }
}

function firstExecutable(paths: string[]): string | undefined {
  return paths.find(isExecutable);
}

function findStaticBusybox(): string | undefined {
  const candidates = ['/bin/busybox', '/usr/bin/busybox', findExecutable('busybox')];
  return candidates.find((p): p is string => p !== undefined && isExecutable(p) && isStaticElf(p));
}

/**
 * True for an ELF executable without a PT_INTERP program header, i.e. one that needs no
 * dynamic loader and therefore runs alone inside an otherwise empty image.
 */
export function isStaticElf(file: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const head = Buffer.alloc(64);
    if (readSync(fd, head, 0, 64, 0) < 52 || head.readUInt32BE(0) !== 0x7f454c46) return false;
    const is64 = head[4] === 2;
    const le = head[5] === 1;
    const u16 = (b: Buffer, o: number) => (le ? b.readUInt16LE(o) : b.readUInt16BE(o));
    const u32 = (b: Buffer, o: number) => (le ? b.readUInt32LE(o) : b.readUInt32BE(o));
    const phoff = is64 ? Number(le ? head.readBigUInt64LE(32) : head.readBigUInt64BE(32)) : u32(head, 28);
    const phentsize = u16(head, is64 ? 54 : 42);
    const phnum = u16(head, is64 ? 56 : 44);
    const table = Buffer.alloc(phentsize * phnum);
    readSync(fd, table, 0, table.length, phoff);
    const PT_INTERP = 3;
    for (let i = 0; i < phnum; i++) if (u32(table, i * phentsize) === PT_INTERP) return false;
    return true;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

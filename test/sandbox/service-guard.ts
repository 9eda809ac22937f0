/**
 * Installing packages without touching the machine's services. On Debian, `apt-get install
 * docker.io` (or docker-registry, podman, openssh-server…) enables the package's systemd units
 * and starts them: the machine's own dockerd, containerd, a registry on port 5000, an sshd. The
 * sandbox exists so that berth's tests never use the machine's engine, so the install must not
 * start one either.
 *
 * Two things hold the services back, for any package list:
 * - a temporary /usr/sbin/policy-rc.d that exits 101 ("action forbidden"), which invoke-rc.d
 *   and deb-systemd-invoke consult before starting or restarting anything. An existing
 *   policy-rc.d (Docker's images ship one) is put back byte for byte, mode included.
 * - the units the install enabled (the links it made under /etc/systemd/system/*.wants and
 *   *.requires) are removed again, which is what `systemctl disable` does, so nothing starts at
 *   the next boot either. Links that were there before are left alone.
 *
 * Both are undone in a `finally`, so a failed install leaves no guard behind; a lock file keeps
 * two test runs from installing at once (one would otherwise "restore" the other's guard).
 */
import { chmodSync, closeSync, existsSync, lstatSync, openSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface GuardPaths {
  /** Where Debian's maintainer scripts look for the policy: /usr/sbin/policy-rc.d. */
  policyRcD: string;
  /** Where enabled units are linked: /etc/systemd/system. */
  systemdDir: string;
  /** Held while a guarded install runs. */
  lockFile: string;
}

export const SYSTEM_GUARD: GuardPaths = {
  policyRcD: '/usr/sbin/policy-rc.d',
  systemdDir: '/etc/systemd/system',
  lockFile: path.join(os.tmpdir(), 'berth-sandbox-install.lock'),
};

/** The second line of berth's policy-rc.d: how a leftover one (a run killed by SIGKILL) is recognised. */
export const GUARD_MARK = '# berth test sandbox: services held back during a package install';

export const GUARD_SCRIPT = `#!/bin/sh\n${GUARD_MARK}\n# (test/sandbox/service-guard.ts; removed when the install ends)\nexit 101\n`;

/**
 * Runs `install` with the guard in place, then removes it (and disables what the install
 * enabled), whether `install` succeeded or not.
 */
export async function withServicesHeldBack<T>(
  install: () => Promise<T>,
  paths: GuardPaths = SYSTEM_GUARD,
  log: (line: string) => void = () => undefined,
  /** Called with the unit links removed, if any (to tell a running systemd). */
  disabled: (links: string[]) => Promise<void> | void = () => undefined,
): Promise<T> {
  const release = await lock(paths.lockFile);
  try {
    const previous = readPolicy(paths.policyRcD);
    const linksBefore = unitLinks(paths.systemdDir);
    writeFileSync(paths.policyRcD, GUARD_SCRIPT, { mode: 0o755 });
    chmodSync(paths.policyRcD, 0o755);
    try {
      return await install();
    } finally {
      const removed: string[] = [];
      for (const link of unitLinks(paths.systemdDir)) {
        if (linksBefore.has(link)) continue;
        rmSync(link, { force: true });
        removed.push(link);
        log(`disabled what the install enabled: removed ${link}`);
      }
      if (previous) {
        writeFileSync(paths.policyRcD, previous.content);
        chmodSync(paths.policyRcD, previous.mode);
      } else {
        rmSync(paths.policyRcD, { force: true });
      }
      if (removed.length > 0) await Promise.resolve(disabled(removed)).catch(() => undefined);
    }
  } finally {
    release();
  }
}

/** The policy there was before, unless it is a guard of ours left behind by a killed run. */
function readPolicy(file: string): { content: Buffer; mode: number } | undefined {
  try {
    const content = readFileSync(file);
    if (content.toString('utf8').includes(GUARD_MARK)) return undefined;
    return { content, mode: statSync(file).mode & 0o7777 };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Every symbolic link in the `*.wants` and `*.requires` directories under `dir`. */
function unitLinks(dir: string): Set<string> {
  const links = new Set<string>();
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return links;
  }
  for (const entry of entries) {
    if (!/\.(wants|requires)$/.test(entry)) continue;
    const sub = path.join(dir, entry);
    let names: string[];
    try {
      names = readdirSync(sub);
    } catch {
      continue;
    }
    for (const name of names) {
      const full = path.join(sub, name);
      try {
        if (lstatSync(full).isSymbolicLink()) links.add(full);
      } catch {
        // gone meanwhile
      }
    }
  }
  return links;
}

/** An exclusive lock through a file holding the owner's pid; a dead owner's lock is taken over. */
async function lock(file: string): Promise<() => void> {
  const deadline = Date.now() + 30 * 60_000; // an apt install on a slow mirror
  for (;;) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const text = readIfThere(file);
    const owner = Number(text);
    // An empty file is a lock being written this instant, unless it has been empty for a while.
    const abandoned = text === '' ? ageMs(file) > 10_000 : !Number.isInteger(owner) || owner <= 0 || !alive(owner);
    if (abandoned && readIfThere(file) === text) {
      rmSync(file, { force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`another package install (pid ${owner}) has held ${file} for 30 minutes`);
    await sleep(500);
  }
}

function readIfThere(file: string): string {
  try {
    return existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  } catch {
    return '';
  }
}

function ageMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The install step holds the machine's services back: while apt runs, a policy-rc.d that forbids
 * starting services is in place; afterwards it is gone (or the machine's own is back, unchanged),
 * and the units the install enabled are disabled again — also when the install fails. This
 * machine has no systemd, so the test plays the part of apt and of the packages' maintainer
 * scripts in a temp directory that stands for /usr/sbin and /etc/systemd/system.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { installPackages } from './install.ts';
import { GUARD_MARK, GUARD_SCRIPT, withServicesHeldBack, type GuardPaths } from './service-guard.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'berth-guard-'));
after(() => rmSync(root, { recursive: true, force: true }));

let n = 0;
function machine(): GuardPaths {
  const dir = path.join(root, String(n++));
  mkdirSync(path.join(dir, 'usr/sbin'), { recursive: true });
  mkdirSync(path.join(dir, 'etc/systemd/system/multi-user.target.wants'), { recursive: true });
  return { policyRcD: path.join(dir, 'usr/sbin/policy-rc.d'), systemdDir: path.join(dir, 'etc/systemd/system'), lockFile: path.join(dir, 'install.lock') };
}

/** What invoke-rc.d does with the policy: run it, and start the service only unless it says 101. */
function policyAllowsStart(paths: GuardPaths): boolean {
  if (!existsSync(paths.policyRcD)) return true;
  try {
    execFileSync(paths.policyRcD, ['docker', 'start'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    return (error as { status?: number }).status !== 101;
  }
}

/** What deb-systemd-helper's `enable` does: a link in the target's .wants directory. */
function enable(paths: GuardPaths, target: string, unit: string): string {
  const dir = path.join(paths.systemdDir, `${target}.wants`);
  mkdirSync(dir, { recursive: true });
  const link = path.join(dir, unit);
  symlinkSync(`/lib/systemd/system/${unit}`, link);
  return link;
}

const exists = (p: string) => {
  try {
    lstatSync(p);
    return true;
  } catch {
    return false;
  }
};

test('the install step runs apt with starting services forbidden, then takes the guard away and disables what apt enabled', async () => {
  const paths = machine();
  const kept = enable(paths, 'multi-user', 'ssh.service'); // enabled before: the machine's own
  const made: string[] = [];
  let sawGuard = false;
  await installPackages(['docker.io', 'docker-registry', 'podman', 'openssh-server'], {
    guard: paths,
    apt: async (packages) => {
      assert.deepEqual(packages, ['docker.io', 'docker-registry', 'podman', 'openssh-server']);
      sawGuard = readFileSync(paths.policyRcD, 'utf8') === GUARD_SCRIPT && (statSync(paths.policyRcD).mode & 0o111) !== 0 && !policyAllowsStart(paths);
      made.push(enable(paths, 'multi-user', 'docker.service'), enable(paths, 'sockets', 'docker.socket'), enable(paths, 'multi-user', 'docker-registry.service'));
    },
  });
  assert.ok(sawGuard, 'during the install the policy forbids starting services (exit 101)');
  assert.ok(!existsSync(paths.policyRcD), 'the guard is gone afterwards');
  assert.ok(policyAllowsStart(paths));
  for (const link of made) assert.ok(!exists(link), `${link} is disabled again`);
  assert.ok(exists(kept), 'a unit enabled before the install stays enabled');
});

test("the machine's own policy-rc.d is put back byte for byte, with its mode, also when the install fails", async () => {
  const paths = machine();
  const own = '#!/bin/sh\n# the image ships this one\nexit 101\n';
  writeFileSync(paths.policyRcD, own);
  chmodSync(paths.policyRcD, 0o750);
  let made = '';
  await assert.rejects(
    withServicesHeldBack(async () => {
      assert.equal(readFileSync(paths.policyRcD, 'utf8'), GUARD_SCRIPT);
      made = enable(paths, 'multi-user', 'containerd.service');
      throw new Error('E: Unable to locate package docker-registry');
    }, paths),
    /Unable to locate package/,
  );
  assert.equal(readFileSync(paths.policyRcD, 'utf8'), own);
  assert.equal(statSync(paths.policyRcD).mode & 0o7777, 0o750);
  assert.ok(!exists(made), 'what a failed install enabled is disabled too');
  assert.ok(!existsSync(paths.lockFile), 'the lock is released');
});

test('a guard left behind by a killed run is not mistaken for the machine’s own', async () => {
  const paths = machine();
  writeFileSync(paths.policyRcD, GUARD_SCRIPT, { mode: 0o755 });
  await withServicesHeldBack(async () => undefined, paths);
  assert.ok(!existsSync(paths.policyRcD));
  assert.ok(GUARD_SCRIPT.includes(GUARD_MARK));
});

test('two installs at once take turns, so neither restores the other’s guard', async () => {
  const paths = machine();
  const order: string[] = [];
  const install = (name: string) =>
    withServicesHeldBack(async () => {
      order.push(`${name} start`);
      assert.equal(readFileSync(paths.policyRcD, 'utf8'), GUARD_SCRIPT);
      await delay(100);
      order.push(`${name} end`);
    }, paths);
  await Promise.all([install('a'), install('b')]);
  assert.deepEqual(order.map((o) => o.split(' ')[1]), ['start', 'end', 'start', 'end']);
  assert.ok(!existsSync(paths.policyRcD), 'no guard left behind');
});

test('a lock whose owner died is taken over', async () => {
  const paths = machine();
  writeFileSync(paths.lockFile, '999999999');
  let ran = false;
  await withServicesHeldBack(async () => {
    ran = true;
  }, paths);
  assert.ok(ran);
});

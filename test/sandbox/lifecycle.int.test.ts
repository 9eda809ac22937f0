/**
 * A second, private sandbox started and stopped inside the test: swarm and bulk containers
 * work, and stop() leaves nothing on the host — no process, mount, cgroup, bridge or dir.
 * (The suite's shared sandbox is not used: swarm mode would change what other tests see.)
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { startSandbox } from './sandbox.ts';
import { cgroupParentFor, mountsUnder, processesMentioning } from './cleanup.ts';

function cgroupLeftovers(parent: string): string[] {
  return readdirSync('/sys/fs/cgroup', { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => `/sys/fs/cgroup/${e.name}${parent}`)
    .concat(`/sys/fs/cgroup${parent}`)
    .filter((d) => existsSync(d));
}

test('a private sandbox runs swarm services and bulk containers, and stop() leaves nothing behind', async () => {
  const sandbox = await startSandbox();
  const { dir } = sandbox;
  let bridge = '';
  try {
    const swarm = await sandbox.enableSwarm();
    bridge = swarm.gatewayBridge;
    assert.ok(existsSync(`/sys/class/net/${bridge}`), 'swarm gateway bridge uses the per-sandbox name');

    const service = await sandbox.createService({ name: 'berth-sleeper' });
    assert.equal(service.containerIds.length, 1);
    const svcOut = await sandbox.docker(['service', 'ls', '--format', '{{.Name}} {{.Replicas}}']);
    assert.match(svcOut, /^berth-sleeper 1\/1$/m);

    const running = await sandbox.startContainers(10);
    const created = await sandbox.startContainers(20, { start: false, namePrefix: 'created' });
    const live = await sandbox.docker(['ps', '-q', '--filter', 'label=org.berth.sandbox.batch']);
    assert.equal(live.trim().split('\n').length, running.length);
    const all = await sandbox.docker(['ps', '-aq', '--filter', 'name=created-']);
    assert.equal(all.trim().split('\n').length, created.length);

    // With --bridge=none, containers in the default network mode get only a loopback.
    const links = await sandbox.docker(['run', '--rm', sandbox.images.busybox, 'cat', '/proc/net/dev']);
    assert.deepEqual(
      links.split('\n').slice(2).filter(Boolean).map((l) => l.split(':')[0]?.trim()),
      ['lo'],
    );
  } finally {
    await sandbox.stop();
  }
  await sandbox.stop(); // idempotent

  assert.deepEqual(processesMentioning(dir), []);
  assert.deepEqual(mountsUnder(dir), []);
  assert.equal(existsSync(dir), false, `${dir} still exists`);
  assert.deepEqual(cgroupLeftovers(cgroupParentFor(dir)), []);
  if (bridge) assert.equal(existsSync(`/sys/class/net/${bridge}`), false, `${bridge} still exists`);
  assert.ok(!readFileSync('/proc/self/mountinfo', 'utf8').includes(dir));
});

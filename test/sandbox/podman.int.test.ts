/**
 * A second, private sandbox with its Podman engine and sshd, started and stopped inside the test:
 * a Podman container on the default (bridge) network runs, yet nothing of Podman's networking
 * reaches the host (no bridge, no netavark rules, no /run/netns, no /var/lib/containers), and
 * stop() leaves no process, cgroup or dir behind.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { test } from 'node:test';
import { processesMentioning } from './cleanup.ts';
import { engineJson } from './engine-http.ts';
import { startSandbox } from './sandbox.ts';

const hostInterfaces = () => readdirSync('/sys/class/net').sort();
const netavarkRules = () => ['filter', 'nat'].flatMap((table) => execFileSync('iptables', ['-t', table, '-S'], { encoding: 'utf8' }).split('\n').filter((line) => /NETAVARK/i.test(line)));
const libpodCgroups = (id: string) =>
  readdirSync('/sys/fs/cgroup', { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => `/sys/fs/cgroup/${e.name}/libpod_parent/libpod-${id}`)
    .filter((d) => existsSync(d));

test('the Podman engine runs containers in namespaces of its own, and stop() leaves nothing behind', async () => {
  const interfaces = hostInterfaces();
  const rules = netavarkRules();
  const hadNetns = existsSync('/run/netns');
  const hadVarLib = existsSync('/var/lib/containers');
  const sandbox = await startSandbox({ podman: true });
  const { dir } = sandbox;
  let id = '';
  try {
    assert.ok(sandbox.podman);
    const socket = sandbox.podman.socketPath;
    // No NetworkMode: Podman 4.3's compat API puts it on its bridge network.
    const created = await engineJson<{ Id: string }>(socket, 'POST', '/containers/create?name=bridged', { Image: sandbox.images.busybox, Cmd: ['sleep', '300'] });
    id = created.Id;
    await engineJson(socket, 'POST', `/containers/${id}/start`);
    const inspect = await engineJson<{ State: { Running: boolean }; NetworkSettings: { Networks: Record<string, unknown> } }>(socket, 'GET', `/containers/${id}/json`);
    assert.equal(inspect.State.Running, true);
    assert.deepEqual(Object.keys(inspect.NetworkSettings.Networks), ['podman'], 'on the bridge network');
    assert.ok(libpodCgroups(id).length > 0, 'its cgroups are where teardown looks');
    // The bridge, veth pair and firewall rules exist only inside Podman's own network namespace.
    assert.deepEqual(hostInterfaces(), interfaces);
    assert.deepEqual(netavarkRules(), rules);
    assert.equal(existsSync('/run/netns'), hadNetns);
    assert.equal(existsSync('/var/lib/containers'), hadVarLib);
  } finally {
    await sandbox.stop();
  }
  assert.deepEqual(processesMentioning(dir), []);
  assert.equal(existsSync(dir), false, `${dir} still exists`);
  assert.deepEqual(libpodCgroups(id), []);
  assert.deepEqual(hostInterfaces(), interfaces);
});

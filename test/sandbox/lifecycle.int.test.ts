/**
 * A second, private sandbox (dockerd, registry, sshd and Podman) started and stopped inside the
 * test — one for all of these checks, since starting one costs 10–20 s:
 * - swarm and bulk containers work on its dockerd (the suite's shared sandbox is not used: swarm
 *   mode would change what other tests see);
 * - a Podman container on the default (bridge) network runs, yet nothing of Podman's networking
 *   reaches the host (no bridge, no netavark rules, no /run/netns, no /var/lib/containers);
 * - test/run.ts's preflight (preflight.ts) passes on it, and names slirp4netns, then the
 *   registry, when each is killed;
 * - stop() leaves nothing on the host: no process, mount, cgroup (dockerd's or libpod's), bridge,
 *   interface or dir.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { cgroupParentFor, mountsUnder, processesMentioning } from './cleanup.ts';
import { engineJson } from './engine-http.ts';
import { ownNetworkNamespace } from './podman.ts';
import { preflight } from './preflight.ts';
import { startSandbox } from './sandbox.ts';
import type { Sandbox } from './sandbox.ts';

function cgroupLeftovers(parent: string): string[] {
  return readdirSync('/sys/fs/cgroup', { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => `/sys/fs/cgroup/${e.name}${parent}`)
    .concat(`/sys/fs/cgroup${parent}`)
    .filter((d) => existsSync(d));
}

/** The pid of the process whose argv holds `needle`, among the sandbox's. */
function pidWith(dir: string, needle: string): number {
  const pid = processesMentioning(dir).find((p) => readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(needle));
  assert.ok(pid, `no process of ${dir} has ${needle} in its argv`);
  return pid;
}

/**
 * test/run.ts's check before a pass: it passes on a whole sandbox, names slirp4netns when that
 * is gone (and restoreNetwork brings the way out back), and names the registry when that is gone.
 */
async function preflightNamesTheBrokenPart(sandbox: Sandbox): Promise<void> {
  const podman = sandbox.podman;
  assert.ok(podman);
  const podmanTarget = { engine: { kind: 'podman' as const, socketPath: podman.socketPath, registry: podman.registry, networkProblem: podman.networkProblem }, hostRegistry: sandbox.registry, sshPort: sandbox.sshPort };
  const dockerTarget = { engine: { kind: 'docker' as const, socketPath: sandbox.socketPath, registry: sandbox.registry }, hostRegistry: sandbox.registry, sshPort: sandbox.sshPort };
  assert.equal(await preflight(dockerTarget), undefined);
  assert.equal(await preflight(podmanTarget), undefined);

  process.kill(pidWith(sandbox.dir, 'slirp.sock'), 'SIGKILL');
  // Until its exit is heard: tap0 goes with the process, a moment before Node reports the exit.
  await until(() => podman.networkProblem()?.includes('network gone') === true);
  const gone = await preflight(podmanTarget);
  assert.match(gone ?? '', /^podman: slirp4netns network gone \(slirp4netns pid \d+ was killed by SIGKILL\): cannot reach registry 10\.0\.2\.2:\d+$/);
  assert.equal(await preflight(dockerTarget), undefined, 'dockerd does not need slirp4netns');
  assert.match(await podman.restoreNetwork(), /^slirp4netns \(pid \d+\) started again/);
  assert.equal(podman.networkProblem(), undefined);
  assert.equal(await preflight(podmanTarget), undefined);

  process.kill(pidWith(path.join(sandbox.dir, 'registry'), 'config.yml'), 'SIGKILL');
  const registryGone = new RegExp(`^registry ${sandbox.registry.address} does not answer on the host \\(.*\\), so (docker|podman) cannot pull from it either$`);
  assert.match((await preflight(dockerTarget)) ?? '', registryGone);
  assert.match((await preflight(podmanTarget)) ?? '', registryGone);
}

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    assert.ok(Date.now() < deadline, 'slirp4netns was not seen gone within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const hostInterfaces = () => readdirSync('/sys/class/net').sort();
const netavarkRules = () => ['filter', 'nat'].flatMap((table) => execFileSync('iptables', ['-t', table, '-S'], { encoding: 'utf8' }).split('\n').filter((line) => /NETAVARK/i.test(line)));
const libpodCgroups = (id: string) =>
  readdirSync('/sys/fs/cgroup', { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => `/sys/fs/cgroup/${e.name}/libpod_parent/libpod-${id}`)
    .filter((d) => existsSync(d));

/** A Podman container on Podman's bridge network, all of whose networking stays in Podman's namespaces. Returns its id. */
async function podmanBridged(sandbox: Sandbox, before: { interfaces: string[]; rules: string[]; hadNetns: boolean; hadVarLib: boolean }): Promise<string> {
  assert.ok(sandbox.podman);
  const socket = sandbox.podman.socketPath;
  // No NetworkMode: Podman 4.3's compat API puts it on its bridge network.
  const created = await engineJson<{ Id: string }>(socket, 'POST', '/containers/create?name=bridged', { Image: sandbox.images.busybox, Cmd: ['sleep', '300'] });
  const id = created.Id;
  await engineJson(socket, 'POST', `/containers/${id}/start`);
  const inspect = await engineJson<{ State: { Running: boolean }; NetworkSettings: { Networks: Record<string, unknown> } }>(socket, 'GET', `/containers/${id}/json`);
  assert.equal(inspect.State.Running, true);
  assert.deepEqual(Object.keys(inspect.NetworkSettings.Networks), ['podman'], 'on the bridge network');
  assert.ok(libpodCgroups(id).length > 0, 'its cgroups are where teardown looks');
  // The bridge, veth pair and firewall rules exist only inside Podman's own network namespace.
  assert.deepEqual(hostInterfaces(), before.interfaces);
  assert.deepEqual(netavarkRules(), before.rules);
  assert.equal(existsSync('/run/netns'), before.hadNetns);
  assert.equal(existsSync('/var/lib/containers'), before.hadVarLib);
  return id;
}

/** Swarm services and bulk containers on the private dockerd. Returns the swarm's gateway bridge. */
async function swarmAndBulk(sandbox: Sandbox): Promise<string> {
  const swarm = await sandbox.enableSwarm();
  const bridge = swarm.gatewayBridge;
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
  return bridge;
}

test('a private sandbox runs swarm services, bulk containers and Podman containers, its preflight names what breaks, and stop() leaves nothing behind', async () => {
  const before = { interfaces: hostInterfaces(), rules: netavarkRules(), hadNetns: existsSync('/run/netns'), hadVarLib: existsSync('/var/lib/containers') };
  const sandbox = await startSandbox({ podman: true });
  const { dir } = sandbox;
  let id = '';
  let bridge = '';
  try {
    // Podman first: the swarm's bridge is a host interface of its own.
    id = await podmanBridged(sandbox, before);
    bridge = await swarmAndBulk(sandbox);
    // Last: it kills the registry.
    await preflightNamesTheBrokenPart(sandbox);
  } finally {
    await sandbox.stop();
  }
  await sandbox.stop(); // idempotent

  assert.deepEqual(processesMentioning(dir), []);
  assert.deepEqual(mountsUnder(dir), []);
  assert.equal(existsSync(dir), false, `${dir} still exists`);
  assert.deepEqual(cgroupLeftovers(cgroupParentFor(dir)), []);
  assert.deepEqual(libpodCgroups(id), []);
  if (bridge) assert.equal(existsSync(`/sys/class/net/${bridge}`), false, `${bridge} still exists`);
  assert.deepEqual(hostInterfaces(), before.interfaces);
  assert.ok(!readFileSync('/proc/self/mountinfo', 'utf8').includes(dir));
});

test('slirp4netns is started only once the service is in its own network namespace, not while unshare(1) is still making it', async () => {
  // A service whose unshare comes late: attached at once, slirp4netns would configure the host's.
  const late = spawn('sh', ['-c', 'sleep 0.2; exec unshare --net sleep 5'], { stdio: 'ignore' });
  try {
    const ours = readlinkSync('/proc/self/ns/net');
    assert.equal(readlinkSync(`/proc/${late.pid}/ns/net`), ours, 'still in the host namespace at first');
    await ownNetworkNamespace(late.pid!, () => undefined, '/dev/null');
    assert.notEqual(readlinkSync(`/proc/${late.pid}/ns/net`), ours);
  } finally {
    late.kill('SIGKILL');
  }
});

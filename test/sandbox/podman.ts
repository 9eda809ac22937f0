/**
 * A private Podman service beside the sandbox's dockerd: `podman system service` on a socket in
 * the sandbox dir, with its own containers.conf (CONTAINERS_CONF: `default_ulimits = []`, which
 * this machine kind needs, cgroupfs, file events), storage.conf, registries.conf, runtime and
 * temp dirs. Nothing under /etc is read for those or written.
 *
 * Podman 4.3's compat API puts every container on its "podman" bridge (netavark: a bridge, veth
 * pairs, iptables rules and ip_forward=1), and root Podman keeps network namespaces, IPAM state
 * and a blob cache under /run and /var/lib. So the service runs in its own network and mount
 * namespaces (`unshare --net --mount`), with tmpfs over /run and /var/lib inside: all of that
 * stays in namespaces that vanish with the service. slirp4netns gives the namespace a way out to
 * the host's loopback, where the sandbox registry listens: from inside it is 10.0.2.2:<port>,
 * marked insecure (plain HTTP) in the private registries.conf.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { alive, recordNamespace, terminate } from './cleanup.ts';
import { spawnDaemon } from './daemon.ts';
import { engineJson, engineRequest } from './engine-http.ts';
import { logTail } from './logs.ts';

/** The host's 127.0.0.1 as slirp4netns shows it inside the namespace. */
export const SLIRP_HOST_LOOPBACK = '10.0.2.2';

export interface PodmanTools {
  podman: string;
  slirp4netns: string;
  unshare: string;
}

export interface Podman {
  dir: string;
  pid: number;
  socketPath: string;
  dockerHost: string;
  apiVersion: string;
  /** The sandbox registry as Podman reaches it: `10.0.2.2:<port>`. */
  registryAddress: string;
  /** The service's way out (slirp4netns): what is broken of it, or undefined while it is whole. */
  networkProblem(): string | undefined;
  /** Starts slirp4netns again when it has exited; resolves with what was done. */
  restoreNetwork(): Promise<string>;
  stop(): Promise<void>;
}

export async function startPodman(tools: PodmanTools, sandboxDir: string, registryPort: number, startTimeoutMs = 60_000): Promise<Podman> {
  const dir = path.join(sandboxDir, 'podman');
  for (const sub of ['root', 'run', 'tmp', 'xdg', 'home', 'networks']) mkdirSync(path.join(dir, sub), { recursive: true, mode: 0o700 });
  const socketPath = path.join(dir, 'podman.sock');
  const logPath = path.join(dir, 'podman.log');
  const registryAddress = `${SLIRP_HOST_LOOPBACK}:${registryPort}`;
  const env = writeConfig(dir, registryAddress);

  // Inside the new namespaces: loopback up, private /run and /var/lib, then the service itself
  // (exec: the pid slirp4netns attaches to is the service's own).
  const script = [
    'set -e',
    'ip link set lo up',
    'mount -t tmpfs -o mode=0755 berth-podman-run /run',
    'mount -t tmpfs -o mode=0755 berth-podman-lib /var/lib',
    // conmon writes an empty `oom` file into the cwd it inherits when a container is OOM-killed:
    // the runroot, not the checkout the tests run from.
    'cd "$2"',
    `exec "$0" --root "$1" --runroot "$2" --cgroup-manager=cgroupfs --events-backend=file system service --time=0 "unix://$3"`,
  ].join('\n');
  const service = spawnDaemon(
    tools.unshare,
    ['--net', '--mount', '--propagation', 'private', '--', 'sh', '-c', script, tools.podman, path.join(dir, 'root'), path.join(dir, 'run'), socketPath],
    logPath,
    env,
  );
  const { pid } = service;

  let slirp: Slirp;
  try {
    // slirp4netns joins whatever network namespace the pid is in when it looks: started before
    // unshare(1) has made the new one, it configures tap0 and a second default route (via
    // 10.0.2.2) in the host's namespace instead, says it is ready, and the service is left with
    // only a loopback: every pull fails with "network is unreachable" (a whole fresh-machine run
    // lost its Podman pass so; a process started right after unshare saw the host's namespace 8
    // times in 100 on this machine under load).
    await ownNetworkNamespace(pid, service.exited, logPath);
    slirp = await startSlirp(tools.slirp4netns, dir, pid);
    const problem = wayOutProblem(pid, slirp, registryAddress);
    if (problem) {
      await slirp.stop();
      throw new Error(problem);
    }
  } catch (error) {
    if (alive(pid)) await terminate([pid], 5000);
    throw error;
  }
  let stopping = false;
  const stop = async () => {
    stopping = true;
    if (alive(pid)) await terminate([pid], 5000);
    await slirp.stop();
  };
  const networkProblem = () => wayOutProblem(pid, slirp, registryAddress);
  const restoreNetwork = async () => {
    if (stopping) throw new Error('podman is stopping');
    const gone = slirp.exited();
    if (!gone) throw new Error(`slirp4netns (pid ${slirp.pid}) still runs: nothing to restore`);
    slirp = await startSlirp(tools.slirp4netns, dir, pid);
    return `slirp4netns (pid ${slirp.pid}) started again on the service's network namespace (the last one ${gone})`;
  };
  try {
    const deadline = Date.now() + startTimeoutMs;
    for (;;) {
      if (service.exited()) throw new Error(`podman exited during start-up (${service.exited()}).\n${logTail(logPath)}`);
      const ping = await engineRequest(socketPath, 'GET', '/_ping', undefined, 2000).catch(() => undefined);
      if (ping?.status === 200) break;
      if (Date.now() > deadline) throw new Error(`podman did not answer /_ping within ${startTimeoutMs} ms.\n${logTail(logPath)}`);
      await sleep(50);
    }
    const version = await engineJson<{ ApiVersion: string }>(socketPath, 'GET', '/version');
    // conmon and the service's helpers live in its mount namespace: teardown finds them by it.
    recordNamespace(sandboxDir, pid);
    return { dir, pid, socketPath, dockerHost: `unix://${socketPath}`, apiVersion: version.ApiVersion, registryAddress, networkProblem, restoreNetwork, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The private config files, and the environment that points Podman at them. */
function writeConfig(dir: string, registryAddress: string): NodeJS.ProcessEnv {
  const q = (value: string) => JSON.stringify(value);
  const containersConf = path.join(dir, 'containers.conf');
  writeFileSync(
    containersConf,
    [
      '[containers]',
      // Kind containers here refuse Podman's default nofile/nproc ulimits (the finding).
      'default_ulimits = []',
      '',
      '[engine]',
      'cgroup_manager = "cgroupfs"',
      'events_logger = "file"',
      `events_logfile_path = ${q(path.join(dir, 'events.log'))}`,
      `tmp_dir = ${q(path.join(dir, 'run', 'libpod'))}`,
      `image_copy_tmp_dir = ${q(path.join(dir, 'tmp'))}`,
      'runtime = "runc"',
      '',
      '[network]',
      `network_config_dir = ${q(path.join(dir, 'networks'))}`,
      '',
    ].join('\n'),
  );
  const storageConf = path.join(dir, 'storage.conf');
  writeFileSync(
    storageConf,
    ['[storage]', 'driver = "overlay"', `runroot = ${q(path.join(dir, 'run'))}`, `graphroot = ${q(path.join(dir, 'root'))}`, ''].join('\n'),
  );
  const registriesConf = path.join(dir, 'registries.conf');
  writeFileSync(
    registriesConf,
    // No short-name search (nothing from the internet), and the sandbox registry is plain HTTP.
    ['unqualified-search-registries = []', '', '[[registry]]', `location = ${q(registryAddress)}`, 'insecure = true', ''].join('\n'),
  );
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CONTAINERS_CONF: containersConf,
    CONTAINERS_STORAGE_CONF: storageConf,
    CONTAINERS_REGISTRIES_CONF: registriesConf,
    REGISTRY_AUTH_FILE: path.join(dir, 'auth.json'),
    XDG_RUNTIME_DIR: path.join(dir, 'xdg'),
    XDG_CONFIG_HOME: path.join(dir, 'home', '.config'),
    HOME: path.join(dir, 'home'),
    TMPDIR: path.join(dir, 'tmp'),
  };
  delete env.DOCKER_HOST;
  delete env.CONTAINER_HOST;
  return env;
}

/** Resolves once `pid` is in a network namespace other than ours: the one unshare(1) made. */
export async function ownNetworkNamespace(pid: number, exited: () => string | undefined, logPath: string, timeoutMs = 15_000): Promise<void> {
  const ours = readlinkSync('/proc/self/ns/net');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const why = exited();
    if (why) throw new Error(`podman exited during start-up (${why}).\n${logTail(logPath)}`);
    let theirs: string | undefined;
    try {
      theirs = readlinkSync(`/proc/${pid}/ns/net`);
    } catch {
      theirs = undefined; // exiting: the next round says how
    }
    if (theirs !== undefined && theirs !== ours) return;
    if (Date.now() > deadline) throw new Error(`podman (pid ${pid}) was not in a network namespace of its own within ${timeoutMs} ms`);
    await sleep(5);
  }
}

interface Slirp {
  pid: number;
  /** How it ended (`exit code N`, `signal X`) once it has; undefined while it runs. */
  exited(): string | undefined;
  stop(): Promise<void>;
}

/**
 * What is broken of the service's way to the registry, read from the outside: slirp4netns gone
 * (its tap device goes with it), or tap0 or the default route missing from the namespace
 * (/proc/<pid>/net shows the network namespace of that process).
 */
function wayOutProblem(pid: number, slirp: Slirp, registryAddress: string): string | undefined {
  const cannot = `cannot reach registry ${registryAddress}`;
  const gone = slirp.exited();
  if (gone) return `podman: slirp4netns network gone (slirp4netns pid ${slirp.pid} ${gone}): ${cannot}`;
  let dev: string;
  let routes: string;
  try {
    dev = readFileSync(`/proc/${pid}/net/dev`, 'utf8');
    routes = readFileSync(`/proc/${pid}/net/route`, 'utf8');
  } catch {
    return `podman: the service (pid ${pid}) is gone: ${cannot}`;
  }
  if (!/^\s*tap0:/m.test(dev)) return `podman: tap0 is missing from the service's network namespace (slirp4netns pid ${slirp.pid} runs): ${cannot}`;
  // /proc/net/route: "Iface Destination Gateway …", hex; the default route has destination 0.
  if (!routes.split('\n').some((line) => /^tap0\s+00000000\s/.test(line))) return `podman: no default route via tap0 in the service's network namespace: ${cannot}`;
  return undefined;
}

/** slirp4netns on the service's namespace; resolves once the tap device is configured. */
async function startSlirp(bin: string, dir: string, pid: number): Promise<Slirp> {
  const logPath = path.join(dir, 'slirp4netns.log');
  const apiSocket = path.join(dir, 'slirp.sock');
  // A slirp4netns that died leaves its API socket behind, and a new one cannot bind it.
  rmSync(apiSocket, { force: true });
  const logFd = openSync(logPath, 'a');
  // --api-socket puts the sandbox dir into its argv, so the sandbox teardown finds it too.
  const child = spawn(bin, ['--configure', '--mtu=65520', '--ready-fd=3', `--api-socket=${apiSocket}`, String(pid), 'tap0'], {
    detached: true,
    stdio: ['ignore', logFd, logFd, 'pipe'],
  });
  closeSync(logFd);
  child.unref();
  const slirpPid = child.pid;
  if (slirpPid === undefined) throw new Error(`could not spawn ${bin}`);
  let exited: string | undefined;
  child.once('exit', (code, sig) => (exited = sig ? `was killed by ${sig}` : `exited with code ${code}`));
  const ready = child.stdio[3];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`slirp4netns was not ready within 15 s.\n${logTail(logPath)}`)), 15_000);
    ready?.once('data', () => {
      clearTimeout(timer);
      resolve();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`slirp4netns exited (${code}) during start-up.\n${logTail(logPath)}`));
    });
  });
  (ready as { destroy?: () => void } | null)?.destroy?.();
  return {
    pid: slirpPid,
    exited: () => exited,
    async stop() {
      if (alive(slirpPid)) await terminate([slirpPid], 2000);
    },
  };
}

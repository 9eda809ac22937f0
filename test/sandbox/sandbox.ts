/**
 * startSandbox(): a private, throwaway Docker engine with a private registry and test
 * images, for integration tests, e2e tests and benchmarks. See the Sandbox interface for
 * what a caller gets; stop() leaves no process, mount, cgroup, interface or temp dir behind.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { reapStaleSandboxes, SANDBOX_PREFIX, teardown, teardownSync, writeOwner } from './cleanup.ts';
import { containerIds, removeContainers, startContainers } from './containers.ts';
import type { BatchContainer, ContainerBatchOptions } from './containers.ts';
import { dockerCli } from './docker-cli.ts';
import type { DockerCliOptions } from './docker-cli.ts';
import { startDockerd } from './dockerd.ts';
import type { Dockerd } from './dockerd.ts';
import { SANDBOX_ENV } from './env-vars.ts';
import { prepareImages, writeClientConfig } from './images.ts';
import type { SandboxImages } from './images.ts';
import { ensureInstalled } from './install.ts';
import { startPodman } from './podman.ts';
import type { Podman } from './podman.ts';
import { preparePodman } from './podman-images.ts';
import { startRegistry } from './registry.ts';
import { startSshd } from './sshd.ts';
import type { Sshd } from './sshd.ts';
import type { Registry } from './registry.ts';
import { createService, enableSwarm, leaveSwarm } from './swarm.ts';
import type { ServiceInfo, ServiceOptions, SwarmInfo } from './swarm.ts';

export interface SandboxOptions {
  /** Progress lines (install, reaping, timings). Default: silent. */
  log?: (line: string) => void;
  /** dockerd storage driver, default overlay2. */
  storageDriver?: string;
  /** Keep the engine's data-root on a tmpfs (default true). */
  tmpfs?: boolean;
  /** Limit for dockerd to answer /_ping, default 30 s. */
  startTimeoutMs?: number;
  /** Also start a private Podman service beside dockerd (see `Sandbox.podman`). */
  podman?: boolean;
}

export type SandboxEngine = 'docker' | 'podman';

export interface Sandbox {
  dir: string;
  /** `unix://<dir>/docker.sock` */
  dockerHost: string;
  socketPath: string;
  /** The engine's API version, e.g. "1.41". */
  apiVersion: string;
  registry: { address: string; username: string; password: string };
  images: SandboxImages;
  /** A dir with config.json holding `auths` for the registry (for berth's credential lookup). */
  clientConfigDir: string;
  /** The docker CLI binary used by docker(). */
  dockerCliPath: string;
  /** The variables test processes read (see test/support/sandbox-env.ts). */
  env(): Record<string, string>;
  /** The sandbox sshd's port on 127.0.0.1 (the ssh engine of env()). */
  sshPort: number;
  /** With `podman: true`: the Podman engine, its images loaded, the same registry reachable. */
  podman?: {
    dockerHost: string;
    socketPath: string;
    apiVersion: string;
    env(): Record<string, string>;
    /** The registry as Podman reaches it (10.0.2.2:<port>, through slirp4netns). */
    registry: { address: string; username: string; password: string };
    /** What is broken of Podman's way out to the registry, or undefined (see test/sandbox/podman.ts). */
    networkProblem(): string | undefined;
    /** Starts slirp4netns again after it exited; resolves with what was done. */
    restoreNetwork(): Promise<string>;
  };
  /** Runs the docker CLI against this engine; resolves with stdout, rejects with stderr. */
  docker(args: string[], opts?: DockerCliOptions): Promise<string>;
  /** Creates (and by default starts) `count` containers over the API; see ContainerBatchOptions. */
  startContainers(count: number, opts?: ContainerBatchOptions): Promise<BatchContainer[]>;
  /** Turns the engine into a single-node swarm manager (idempotent). */
  enableSwarm(): Promise<SwarmInfo>;
  /** Creates a replicated service (default: 1 × busybox `sleep 3600`) and waits until it runs. */
  createService(opts?: ServiceOptions): Promise<ServiceInfo>;
  /** Tears everything down. Idempotent; safe to call after a failed start. */
  stop(): Promise<void>;
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const log = opts.log ?? (() => undefined);
  const t0 = Date.now();
  const tools = await ensureInstalled(log);
  await reapStaleSandboxes(log);

  const dir = mkdtempSync(path.join(os.tmpdir(), SANDBOX_PREFIX));
  writeOwner(dir);
  // Last resort if the process exits without stop(): synchronous kill-and-remove.
  const onExit = () => teardownSync(dir);
  process.on('exit', onExit);

  let dockerd: Dockerd | undefined;
  let podman: Podman | undefined;
  let registry: Registry | undefined;
  let sshd: Sshd | undefined;
  let swarm: Promise<SwarmInfo> | undefined;
  let stopping: Promise<void> | undefined;

  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      const t = Date.now();
      if (dockerd) {
        const socket = dockerd.socketPath;
        // Through the daemon first, so it stops with nothing to wait for: swarm tasks and
        // `sleep` containers would each sit out their 10 s stop timeout at daemon shutdown.
        // Only containers with processes are removed; stopped ones are just files in the
        // data-root, and removing 1,000 of them one by one would take ~10 s.
        try {
          if (swarm) await leaveSwarm(socket);
          log(`sandbox stop: swarm left at ${Date.now() - t} ms`);
          await removeContainers(socket, await containerIds(socket, 'live'));
          log(`sandbox stop: containers removed at ${Date.now() - t} ms`);
        } catch (e) {
          log(`sandbox stop: engine-side cleanup failed, continuing: ${(e as Error).message}`);
        }
        await dockerd.stop();
        log(`sandbox stop: dockerd stopped at ${Date.now() - t} ms`);
      }
      if (podman) {
        try {
          await removeContainers(podman.socketPath, await containerIds(podman.socketPath, 'all'));
        } catch (e) {
          log(`sandbox stop: podman-side cleanup failed, continuing: ${(e as Error).message}`);
        }
        await podman.stop();
        log(`sandbox stop: podman stopped at ${Date.now() - t} ms`);
      }
      await sshd?.stop();
      await registry?.stop();
      await teardown(dir);
      process.off('exit', onExit);
      log(`sandbox stopped in ${Date.now() - t} ms`);
    })();
    return stopping;
  };

  try {
    const [d, r] = await Promise.all([
      startDockerd(tools.dockerd, dir, { storageDriver: opts.storageDriver, startTimeoutMs: opts.startTimeoutMs, tmpfs: opts.tmpfs }),
      startRegistry(tools, dir),
    ]);
    dockerd = d;
    registry = r;
    log(`engine and registry up in ${Date.now() - t0} ms`);
    sshd = await startSshd(tools, dir, d.dockerHost);

    const configDir = path.join(dir, 'docker-config');
    mkdirSync(configDir, { recursive: true });
    const docker = dockerCli(tools.docker, d.dockerHost, configDir);
    const login = { address: r.address, username: r.username, password: r.password };
    const images = await prepareImages(docker, tools.busybox, login);
    const clientConfigDir = path.join(dir, 'client-config');
    writeClientConfig(clientConfigDir, login);
    log(`images ready in ${Date.now() - t0} ms`);
    if (opts.podman) {
      podman = await startPodman(tools, dir, Number(r.address.split(':').at(-1)));
      log(`podman up in ${Date.now() - t0} ms`);
    }
    const podmanSide = podman ? await preparePodman(podman, tools, login) : undefined;

    const socketPath = d.socketPath;
    const sandbox: Sandbox = {
      dir,
      dockerHost: d.dockerHost,
      socketPath,
      apiVersion: d.apiVersion,
      registry: login,
      images,
      clientConfigDir,
      dockerCliPath: tools.docker,
      env: () => ({
        [SANDBOX_ENV.dockerHost]: d.dockerHost,
        [SANDBOX_ENV.dir]: dir,
        [SANDBOX_ENV.registry]: r.address,
        [SANDBOX_ENV.registryUser]: r.username,
        [SANDBOX_ENV.registryPassword]: r.password,
        [SANDBOX_ENV.busybox]: images.busybox,
        [SANDBOX_ENV.registryBusybox]: images.registryBusybox,
        [SANDBOX_ENV.multiLayer]: images.multiLayer,
        [SANDBOX_ENV.clientConfig]: clientConfigDir,
        [SANDBOX_ENV.dockerCli]: tools.docker,
        [SANDBOX_ENV.engine]: 'docker',
        [SANDBOX_ENV.sshHost]: sshd!.host,
        [SANDBOX_ENV.sshCommand]: sshd!.sshCommand,
      }),
      sshPort: sshd.port,
      podman:
        podman && podmanSide
          ? {
              ...podmanSide,
              registry: { ...login, address: podman.registryAddress },
              networkProblem: podman.networkProblem,
              restoreNetwork: podman.restoreNetwork,
            }
          : undefined,
      docker,
      startContainers: (count, batchOpts) => startContainers(socketPath, count, batchOpts),
      enableSwarm: () => {
        swarm ??= enableSwarm(socketPath, dir);
        return swarm;
      },
      createService: async (serviceOpts) => {
        if (!swarm) throw new Error('createService() needs enableSwarm() first');
        await swarm;
        return createService(socketPath, serviceOpts);
      },
      stop,
    };
    return sandbox;
  } catch (e) {
    await stop();
    throw e;
  }
}

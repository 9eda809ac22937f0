/**
 * A second, throwaway dockerd whose data-root is a small tmpfs that tests fill on purpose: the
 * engine then answers commits, pulls and creates with its own "no space left on device". It
 * lives in a dir of its own inside the sandbox's dir, so the sandbox's teardown (processes
 * mentioning the dir, mounts under it) catches whatever `stop` does not; `stop` tears it down
 * by itself, cgroup included.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, statfsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { containerIds, removeContainers } from './containers.ts';
import { dockerCli, type DockerCli } from './docker-cli.ts';
import { startDockerd } from './dockerd.ts';
import { run } from './exec.ts';
import { LOCAL_BUSYBOX } from './images.ts';
import { ensureInstalled } from './install.ts';
import { teardown } from './cleanup.ts';

export interface SmallDiskEngine {
  dir: string;
  socketPath: string;
  /** `unix://…`, for DOCKER_HOST. */
  dockerHost: string;
  /** The docker CLI against this engine, with the sandbox's registry login. */
  docker: DockerCli;
  /** Bytes free on the data-root's file system. */
  freeBytes(): number;
  /** Fills the data-root until `leaveBytes` are free (a file of zeros beside the engine's own). */
  fill(leaveBytes?: number): Promise<void>;
  /** Removes the filler: room again. */
  unfill(): void;
  stop(): Promise<void>;
}

export interface SmallDiskOptions {
  /** Size of the data-root (default 96 MiB: room for the engine's own files and busybox). */
  bytes?: number;
  /** The sandbox's CLI config dir (logged in to its registry), for `docker`. */
  configDir?: string;
}

/**
 * Starts the engine under `sandboxDir` and loads the sandbox's busybox image into it from the
 * sandbox engine at `sandboxSocket` (no registry, no network).
 */
export async function startSmallDiskEngine(sandboxDir: string, sandboxSocket: string, opts: SmallDiskOptions = {}): Promise<SmallDiskEngine> {
  const tools = await ensureInstalled();
  // Short: containerd's socket paths below it must stay under 108 bytes. Unique: its cgroup
  // parent is named after it, and other sandboxes may run one too.
  const dir = path.join(sandboxDir, `d${randomBytes(3).toString('hex')}`);
  mkdirSync(dir);
  const dataRoot = path.join(dir, 'data');
  const filler = path.join(dataRoot, 'berth-filler');
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      rmSync(filler, { force: true });
      try {
        await removeContainers(socketPath, await containerIds(socketPath, 'live'));
      } catch {
        // Teardown below kills whatever is left.
      }
      await dockerd?.stop(5000).catch(() => undefined);
      await teardown(dir, 1000);
    })());
  let dockerd: Awaited<ReturnType<typeof startDockerd>> | undefined;
  const socketPath = path.join(dir, 'docker.sock');
  try {
    dockerd = await startDockerd(tools.dockerd, dir, { tmpfsBytes: opts.bytes ?? 96 * 1024 * 1024 });
    await copyImage(sandboxSocket, dockerd.socketPath, LOCAL_BUSYBOX);
  } catch (error) {
    await stop();
    throw error;
  }
  const freeBytes = () => {
    const stats = statfsSync(dataRoot);
    return stats.bavail * stats.bsize;
  };
  return {
    dir,
    socketPath,
    dockerHost: dockerd.dockerHost,
    docker: dockerCli(tools.docker, dockerd.dockerHost, opts.configDir ?? path.join(sandboxDir, 'docker-config')),
    freeBytes,
    async fill(leaveBytes = 0) {
      const grow = freeBytes() - leaveBytes;
      if (grow <= 0) return;
      // fallocate takes the pages at once (a sparse file would take nothing on tmpfs).
      await run('fallocate', ['-o', String(await sizeOf(filler)), '-l', String(grow), filler]);
    },
    unfill() {
      rmSync(filler, { force: true });
    },
    stop,
  };
}

async function sizeOf(file: string): Promise<number> {
  try {
    const { stdout } = await run('stat', ['-c', '%s', file]);
    return Number(stdout.trim());
  } catch {
    return 0;
  }
}

/** `docker save | docker load` between two engines, over their sockets. */
function copyImage(fromSocket: string, toSocket: string, image: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const source = http.get({ socketPath: fromSocket, path: `/images/${encodeURIComponent(image)}/get`, headers: { Host: 'docker' }, agent: false }, (saved) => {
      if (saved.statusCode !== 200) {
        saved.resume();
        reject(new Error(`saving ${image} answered ${saved.statusCode}`));
        return;
      }
      const load = http.request(
        { socketPath: toSocket, method: 'POST', path: '/images/load?quiet=1', headers: { Host: 'docker', 'Content-Type': 'application/x-tar' }, agent: false },
        (loaded) => {
          const chunks: Buffer[] = [];
          loaded.on('data', (chunk: Buffer) => chunks.push(chunk));
          loaded.on('end', () => {
            const body = Buffer.concat(chunks).toString('utf8');
            if (loaded.statusCode === 200 && !/"error"/.test(body)) resolve();
            else reject(new Error(`loading ${image} answered ${loaded.statusCode}: ${body.slice(0, 300)}`));
          });
          loaded.on('error', reject);
        },
      );
      load.on('error', reject);
      saved.pipe(load);
    });
    source.on('error', reject);
  });
}

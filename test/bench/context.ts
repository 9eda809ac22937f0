/**
 * What every figure shares: the one sandbox, a private copy of the bundle, launching berth and
 * comparison commands in a pty, and the engine fixtures (50 running containers, 1,000 in all,
 * 500 image tags), each made once, the first time a figure asks for it.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import { engineJson } from '../sandbox/engine-http.ts';
import { createTar, type TarEntry } from '../sandbox/tar.ts';
import { LOCAL_BUSYBOX } from '../sandbox/images.ts';
import type { Sandbox } from '../sandbox/sandbox.ts';
import { berthBin, ensureBuilt, PtySession } from '../support/pty.ts';
import { machineQuiet } from './proc.ts';

export interface BenchOptions {
  quick: boolean;
  /** How long B5 watches before its second reading. */
  b5Minutes: number;
  log: (line: string) => void;
  /** BERTH_TUNING_OFF for every berth started (src/tuning/levers.ts). */
  tuningOff?: string;
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const RUNNING_PREFIX = 'bench-run';
export const CREATED_PREFIX = 'bench-idle';
export const RUNNING_COUNT = 50;
export const TOTAL_COUNT = 1000;
export const IMAGE_TAGS = 500;
/** B11's lists: 10,000 containers in all (50 running), 2,000 image tags. */
/**
 * BERTH_BENCH_NODE_ARGS: node flags for every berth the bench starts, to look inside a figure
 * (`--cpu-prof --cpu-prof-dir=DIR`); Node refuses those in NODE_OPTIONS. Never set for a figure
 * that is reported.
 */
const EXTRA_NODE_ARGS = (process.env.BERTH_BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
/**
 * The all-containers view showing at least `count` (the fixture's): other figures' own
 * containers (B14's big log, kept for both Nodes) may be there too.
 */
export const allShown =
  (count: number) =>
  (view: { text: string }): boolean => {
    const shown = /\ball: (\d+)/.exec(view.text);
    return shown !== null && Number(shown[1]) >= count;
  };
export const MASS_PREFIX = 'bench-mass';
export const MASS_COUNT = 10_000;
export const MASS_TAGS = 2000;
/** B6's image: busybox and this many layers of random bytes (incompressible), each this size. */
export const LARGE_LAYERS = 10;
export const LARGE_LAYER_MIB = 20;
/** Any of the running batch's names: what "a frame with container data" shows. */
export const RUNNING_NAME = new RegExp(`${RUNNING_PREFIX}-\\d+`);

export class Bench {
  private readonly sessions = new Set<PtySession>();
  private running?: Promise<void>;
  private thousand?: Promise<void>;
  private images?: Promise<void>;
  private mass?: Promise<void>;
  private massImages?: Promise<void>;
  /** Figures other figures compare with (B11's first frame with B1's), by id and Node label, when measured in this run. */
  readonly medians = new Map<string, number>();
  /**
   * The Node berth runs on for the figure being measured (run.ts measures each figure on Node 22
   * and Node 24 in turn): its label for the table and its binary.
   */
  berthNode: { label: string; path: string } = { label: `Node ${process.versions.node}`, path: process.execPath };
  private sea?: Promise<string>;
  private large?: Promise<string>;

  private constructor(
    readonly sandbox: Sandbox,
    readonly options: BenchOptions,
    /** dist/ copied aside: other work rebuilding dist/ mid-run must not pull it from under berth. */
    private readonly bundleDir: string,
  ) {}

  static create(sandbox: Sandbox, options: BenchOptions): Bench {
    ensureBuilt();
    const bundleDir = mkdtempSync(path.join(os.tmpdir(), 'berth-bench-'));
    const dist = path.dirname(berthBin);
    for (let attempt = 0; ; attempt++) {
      cpSync(dist, bundleDir, { recursive: true });
      const copied = path.join(bundleDir, 'berth.cjs');
      if (existsSync(copied) && statSync(copied).size > 0) break;
      if (attempt > 5) throw new Error('could not copy dist/ (is something rebuilding it?)');
      ensureBuilt();
    }
    return new Bench(sandbox, options, bundleDir);
  }

  /** Set by run.ts for a figure `--full` names: that figure runs at full length in a --quick run. */
  fullLength = false;

  get quick(): boolean {
    return this.options.quick && !this.fullLength;
  }

  log(line: string): void {
    this.options.log(line);
  }

  get bundle(): string {
    return path.join(this.bundleDir, 'berth.cjs');
  }

  /** The whole bundle: the entry is a small stub, the app is in the chunks it imports. */
  get bundleBytes(): number {
    return readdirSync(this.bundleDir)
      .filter((f) => f.endsWith('.cjs'))
      .reduce((sum, f) => sum + statSync(path.join(this.bundleDir, f)).size, 0);
  }

  /**
   * berth reads the sandbox engine and the registry credentials, never the host's, and keeps
   * its code cache with the bench's copy of the bundle.
   */
  berthEnv(): Record<string, string | undefined> {
    return {
      DOCKER_HOST: this.sandbox.dockerHost,
      DOCKER_CONFIG: this.sandbox.clientConfigDir,
      XDG_CACHE_HOME: path.join(this.bundleDir, 'cache'),
      // A machine-wide extra CA bundle makes Node parse every certificate at each start (on this
      // machine ~140 of them): not berth's cost, so not in its figures.
      NODE_EXTRA_CA_CERTS: undefined,
      BERTH_TUNING_OFF: this.options.tuningOff,
    };
  }

  /** The sandbox's own (logged-in) CLI config, for the docker comparisons. */
  dockerEnv(): Record<string, string> {
    return { DOCKER_HOST: this.sandbox.dockerHost, DOCKER_CONFIG: path.join(this.sandbox.dir, 'docker-config'), DOCKER_CLI_HINTS: 'false' };
  }

  /**
   * berth from the bench's copy of the bundle, on `berthNode` unless `node` names another, or
   * `executable` (the single executable) on its own; `env` adds to berthEnv().
   */
  launchBerth(opts: { cols?: number; rows?: number; args?: string[]; nodeArgs?: string[]; node?: string; executable?: string; env?: Record<string, string> } = {}): PtySession {
    return this.track(
      new PtySession({
        command: opts.executable ?? opts.node ?? this.berthNode.path,
        args: [...(opts.executable ? [] : [...(opts.nodeArgs ?? []), ...EXTRA_NODE_ARGS, this.bundle]), ...(opts.args ?? [])],
        env: { ...this.berthEnv(), ...opts.env },
        cols: opts.cols,
        rows: opts.rows,
      }),
    );
  }

  /** dist-sea/berth (`npm run build:sea`), built once per bench run and copied aside like the bundle. */
  singleExecutable(): Promise<string> {
    this.sea ??= (async () => {
      const t = Date.now();
      await new Promise<void>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'test/tools/build-sea.ts')], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
        let stderr = '';
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        child.on('error', reject);
        child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build:sea failed (${code}): ${stderr.trim().split('\n').slice(-3).join(' ')}`))));
      });
      const exe = path.join(this.bundleDir, 'berth-sea');
      cpSync(path.join(ROOT, 'dist-sea', 'berth'), exe);
      this.log(`single executable built in ${Date.now() - t} ms (${(statSync(exe).size / 1e6).toFixed(0)} MB)`);
      return exe;
    })();
    return this.sea;
  }

  /**
   * lazydocker (BERTH_BENCH_LAZYDOCKER names its binary; ../shared/tools has v0.25.2): the anchor
   * some figures compare with, on the same engine at the same size. Undefined: no comparison.
   */
  get lazydocker(): string | undefined {
    const binary = process.env.BERTH_BENCH_LAZYDOCKER;
    return binary && existsSync(binary) ? binary : undefined;
  }

  /**
   * lazydocker on the sandbox engine, with a config directory of its own (it writes state there).
   * Its PATH holds the docker CLI alone: when `docker compose` is missing, lazydocker 0.25.2 runs
   * `docker-compose config --quiet` before its first frame (config.yml does not stop it), and the
   * sandbox installs Debian's Python docker-compose for berth's compose tests — ~0.4 s of every
   * lazydocker start here, a cost of this machine's packages rather than of lazydocker.
   */
  launchLazydocker(binary: string, cols?: number, rows?: number): PtySession {
    const config = path.join(this.bundleDir, 'lazydocker-config');
    const bin = path.join(this.bundleDir, 'lazydocker-bin');
    if (!existsSync(path.join(bin, 'docker'))) {
      mkdirSync(bin, { recursive: true });
      symlinkSync(this.sandbox.dockerCliPath, path.join(bin, 'docker'));
    }
    return this.track(new PtySession({ command: binary, args: [], env: { ...this.dockerEnv(), PATH: bin, CONFIG_DIR: config, XDG_CONFIG_HOME: config, XDG_STATE_HOME: config }, cols, rows }));
  }

  launchCommand(command: string, args: string[], env: Record<string, string | undefined> = {}, cols?: number): PtySession {
    return this.track(new PtySession({ command, args, env, cols }));
  }

  /** Presses q and waits for the exit; kills it if it does not go. Resolves with the exit time. */
  async quit(session: PtySession, timeoutMs = 3000): Promise<number | undefined> {
    let exitedAt: number | undefined;
    try {
      session.write('q');
      const result = await Promise.race([session.exited.then(() => performance.now()), delay(timeoutMs, undefined, { ref: false })]);
      exitedAt = result;
    } finally {
      await this.dispose(session);
    }
    return exitedAt;
  }

  async dispose(session: PtySession): Promise<void> {
    this.sessions.delete(session);
    await session.stop();
  }

  async disposeAll(): Promise<void> {
    for (const session of [...this.sessions]) await this.dispose(session);
  }

  removeBundle(): void {
    rmSync(this.bundleDir, { recursive: true, force: true });
  }

  api<T>(method: string, apiPath: string, body?: unknown, timeoutMs?: number): Promise<T> {
    return engineJson<T>(this.sandbox.socketPath, method, apiPath, body, timeoutMs);
  }

  dockerdPid(): number {
    return Number(readFileSync(path.join(this.sandbox.dir, 'dockerd.pid'), 'utf8').trim());
  }

  /**
   * 50 running containers (`bench-run-N`), with an init so they stop at once at teardown. Made
   * once; every later call starts again any of them that a bench before left stopped (the run of
   * 12-03 found 48 of 50 running when B16 and B22 came, which wait for all 50), and says so.
   */
  async ensureRunning(): Promise<void> {
    const made = this.running !== undefined;
    this.running ??= (async () => {
      const t = Date.now();
      // Up for a day: a full run (every figure on two Nodes) takes longer than the sandbox's default hour.
      await this.sandbox.startContainers(RUNNING_COUNT, { namePrefix: RUNNING_PREFIX, init: true, cmd: ['sleep', '86400'] });
      this.log(`fixture: ${RUNNING_COUNT} running containers in ${Date.now() - t} ms`);
      await this.settle();
    })();
    await this.running;
    if (made) await this.restartStoppedRunning();
  }

  private async restartStoppedRunning(): Promise<void> {
    const filters = encodeURIComponent(JSON.stringify({ name: [`^/${RUNNING_PREFIX}-`] }));
    const all = await this.api<{ Id: string; Names?: string[]; State: string; Status: string }[]>('GET', `/containers/json?all=1&filters=${filters}`);
    const stopped = all.filter((c) => c.State !== 'running');
    if (stopped.length === 0) return;
    this.log(`fixture: ${stopped.length} of the running containers found not running (${stopped.map((c) => `${c.Names?.[0] ?? c.Id}: ${c.Status}`).join('; ')}); started again`);
    await Promise.all(stopped.map((c) => this.startAgain(c.Id)));
    await this.settle();
  }

  /**
   * Starts a stopped fixture container again. dockerd answered "id already in use" to the start
   * of one that had exited 255 twenty seconds before (16:05 UTC, 12-03: containerd still held its
   * task), and every figure after it failed on the fixture: a few tries a second apart, then the
   * container made again under its name from its own configuration.
   */
  private async startAgain(id: string): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        await this.api('POST', `/containers/${id}/start`, undefined, 60_000);
        return;
      } catch (error) {
        this.log(`fixture: starting ${id.slice(0, 12)} again failed (${error instanceof Error ? error.message : String(error)})`);
        await delay(1000);
      }
    }
    const old = await this.api<{ Name: string; Config: Record<string, unknown>; HostConfig: Record<string, unknown> }>('GET', `/containers/${id}/json`);
    await this.api('DELETE', `/containers/${id}?force=1`);
    const made = await this.api<{ Id: string }>('POST', `/containers/create?name=${encodeURIComponent(old.Name.replace(/^\//, ''))}`, { ...old.Config, HostConfig: old.HostConfig });
    await this.api('POST', `/containers/${made.Id}/start`, undefined, 60_000);
    this.log(`fixture: ${old.Name} made again (${made.Id.slice(0, 12)})`);
  }

  /** 1,000 containers in all: the 50 running ones and 950 created, never started. */
  ensureThousand(): Promise<void> {
    this.thousand ??= (async () => {
      await this.ensureRunning();
      const t = Date.now();
      await this.sandbox.startContainers(TOTAL_COUNT - RUNNING_COUNT, { namePrefix: CREATED_PREFIX, start: false });
      this.log(`fixture: ${TOTAL_COUNT - RUNNING_COUNT} created containers in ${Date.now() - t} ms`);
      await this.settle();
    })();
    return this.thousand;
  }

  /** 500 image tags of the busybox image: a long image list costs berth the same as 500 images. */
  ensureImages(): Promise<void> {
    this.images ??= (async () => {
      const t = Date.now();
      await this.tagBusybox(0, IMAGE_TAGS);
      this.log(`fixture: ${IMAGE_TAGS} image tags in ${Date.now() - t} ms`);
      await this.settle();
    })();
    return this.images;
  }

  /** 10,000 containers in all: the thousand, then 9,000 more created, never started (B11). */
  ensureMass(): Promise<void> {
    this.mass ??= (async () => {
      await this.ensureThousand();
      const t = Date.now();
      await this.sandbox.startContainers(MASS_COUNT - TOTAL_COUNT, { namePrefix: MASS_PREFIX, start: false });
      this.log(`fixture: ${MASS_COUNT - TOTAL_COUNT} more created containers in ${Date.now() - t} ms`);
      await this.settle();
    })();
    return this.mass;
  }

  /** 2,000 image tags in all (B11). */
  ensureMassImages(): Promise<void> {
    this.massImages ??= (async () => {
      await this.ensureImages();
      const t = Date.now();
      await this.tagBusybox(IMAGE_TAGS, MASS_TAGS);
      this.log(`fixture: ${MASS_TAGS - IMAGE_TAGS} more image tags in ${Date.now() - t} ms`);
      await this.settle();
    })();
    return this.massImages;
  }

  /**
   * `<registry>/berth/large:latest`, in the sandbox registry only (B6): ~200 MB in 10 layers, so
   * a pull takes seconds and its fixed costs no longer decide the figure.
   */
  ensureLargeImage(): Promise<string> {
    this.large ??= (async () => {
      const t = Date.now();
      const reference = `${this.sandbox.registry.address}/berth/large:latest`;
      const layers = Array.from({ length: LARGE_LAYERS }, (_, i) => `layer${i + 1}.bin`);
      const dockerfile = [`FROM ${LOCAL_BUSYBOX}`, ...layers.map((f) => `COPY ${f} /data/${f}`), 'CMD ["/bin/sh"]', ''].join('\n');
      const context = createTar([
        { type: 'file', name: 'Dockerfile', data: Buffer.from(dockerfile) },
        ...layers.map((f): TarEntry => ({ type: 'file', name: f, data: randomBytes(LARGE_LAYER_MIB * 1024 * 1024) })),
      ]);
      await this.sandbox.docker(['build', '--quiet', '--tag', reference, '-'], { input: context, timeoutMs: 600_000 });
      await this.sandbox.docker(['push', '--quiet', reference], { timeoutMs: 600_000 });
      await this.sandbox.docker(['rmi', reference]);
      this.log(`fixture: ${LARGE_LAYERS} × ${LARGE_LAYER_MIB} MiB image pushed in ${Date.now() - t} ms`);
      await this.settle();
      return reference;
    })();
    return this.large;
  }

  /** Tags `bench/tag-<from>` … `bench/tag-<to - 1>` on the busybox image, 8 at a time. */
  private async tagBusybox(from: number, to: number): Promise<void> {
    let next = from;
    const worker = async () => {
      while (next < to) {
        const i = next++;
        await this.api('POST', `/images/${LOCAL_BUSYBOX}/tag?repo=${encodeURIComponent(`bench/tag-${i}`)}&tag=latest`);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
  }

  /** After a fixture: let the engine's own follow-up work die down before anything is timed. */
  private async settle(): Promise<void> {
    const t = Date.now();
    const busy = await machineQuiet();
    this.log(`fixture: machine ${Math.round((1 - busy) * 100)} % idle after ${Date.now() - t} ms`);
  }

  private track(session: PtySession): PtySession {
    this.sessions.add(session);
    return session;
  }
}

/** A pause of base..base+jitter ms, so key presses do not fall into step with a render timer. */
export function jitter(base: number, spread: number): Promise<void> {
  return delay(base + Math.random() * spread);
}

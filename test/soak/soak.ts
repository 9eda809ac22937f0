/**
 * `npm run soak [-- --minutes=N] [--events=N]`: berth left running under load, the way people
 * leave it running all day. Not part of `npm test`.
 *
 * A private sandbox engine produces about `--events` container events a minute (default 1,000:
 * containers created, started and removed, paused and unpaused, renamed) and berth pulls the
 * registry's multi-layer image through its own pull dialog once a minute, for `--minutes`
 * (default 10). berth's RSS and open descriptors are read after a warm-up (the first minute)
 * and at the end: each may grow by at most 10 %. Then two heap snapshots a minute apart, still
 * under load, show whether live objects grow. Every error berth shows on screen is collected.
 * Prints a report and exits non-zero when a limit is passed, berth died, or an error was seen.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { engineJson, engineRequest } from '../sandbox/engine-http.ts';
import { watchLauncher } from '../sandbox/lifeline.ts';
import { startSandbox, type Sandbox } from '../sandbox/sandbox.ts';
import { berthBin, ensureBuilt, key, PtySession } from '../support/pty.ts';
import { berthNode } from '../support/node-binaries.ts';
import { FAULTS, isFaultName, runFaultSoak, type FaultName } from './fault-soak.ts';
import { runRestartSoak } from './restart-soak.ts';
import { alive, liveHeap, openFds, rssKb } from '../support/process-stats.ts';

const USAGE = `usage: npm run soak [-- --minutes=N] [--events=N] [--fault=list-500,events-end,slow] [--restarts[=N]]
  --minutes=N    how long the load (or each fault) runs (default 10; fractions allowed, e.g. 0.5)
  --events=N     container events per minute to produce (default 1000)
  --fault=LIST   instead of the load on the sandbox engine, run berth against the fake engine
                 misbehaving in these ways, one after the other (see test/soak/fault-soak.ts)
  --restarts[=N] instead of the load, kill and restart the sandbox engine N times (default 30)
                 under one berth (see test/soak/restart-soak.ts)
`;

interface Options {
  minutes: number;
  eventsPerMinute: number;
  faults: FaultName[];
  /** Engine outages to run instead of the load; 0: the load. */
  restarts: number;
}

function parse(argv: readonly string[]): Options | string {
  const options: Options = { minutes: 10, eventsPerMinute: 1000, faults: [], restarts: 0 };
  for (const arg of argv) {
    const [name, value] = arg.split('=');
    const number = Number(value);
    if (name === '--fault') {
      for (const fault of (value ?? '').split(',')) {
        if (!isFaultName(fault)) return `unknown fault: ${fault} (known: ${Object.keys(FAULTS).join(', ')})`;
        options.faults.push(fault);
      }
    } else if (name === '--restarts') options.restarts = value === undefined ? 30 : Number.isInteger(number) && number > 0 ? number : -1;
    else if (name === '--minutes' && number > 0) options.minutes = number;
    else if (name === '--events' && number > 0) options.eventsPerMinute = number;
    else return `bad argument: ${arg}`;
  }
  if (options.restarts < 0) return '--restarts=N needs a whole number above 0';
  return options;
}

const log = (line: string) => process.stderr.write(`[soak ${new Date().toISOString().slice(11, 19)}] ${line}\n`);

// ---- the load ----------------------------------------------------------------------------

const LABEL = 'org.berth.soak';

/** Produces container events at a steady rate through the engine API, until stopped. */
class EventLoad {
  private stopped = false;
  private readonly pool: string[] = [];
  private readonly paused = new Set<string>();
  private readonly busy = new Set<string>();
  private readonly recent: string[] = [];
  private issued = 0;
  private renames = 0;
  errors = 0;
  lastError = '';
  private runner: Promise<void> | undefined;

  constructor(
    private readonly socket: string,
    private readonly image: string,
    private readonly perMinute: number,
  ) {}

  async start(): Promise<void> {
    // A few long-lived containers to pause, unpause and rename: one event per call, no processes started.
    for (let i = 0; i < 6; i++) this.pool.push(await this.create(`soak-pool-${i}`));
    const t0 = Date.now();
    this.runner = (async () => {
      while (!this.stopped) {
        const due = ((Date.now() - t0) / 60_000) * this.perMinute;
        const batch: Array<Promise<void>> = [];
        while (this.issued < due && batch.length < 8) batch.push(this.step());
        await Promise.all(batch);
        await delay(50);
      }
    })();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.runner;
  }

  /** One or more events: a container's life (create, start; later kill, die, destroy), or a pause, unpause or rename. */
  private async step(): Promise<void> {
    const turn = this.issued % 10;
    try {
      if (turn === 0) {
        this.issued += 2; // create, start
        this.recent.push(await this.create());
        if (this.recent.length > 3) {
          this.issued += 3; // kill, die, destroy
          await this.call('DELETE', `/containers/${this.recent.shift()}?force=1`);
        }
        return;
      }
      this.issued += 1;
      // One call at a time per container: a pause and an unpause racing would fail.
      const id = [...this.pool.slice(turn % this.pool.length), ...this.pool].find((candidate) => !this.busy.has(candidate));
      if (id === undefined) return;
      this.busy.add(id);
      try {
        await this.poolStep(id, turn);
      } finally {
        this.busy.delete(id);
      }
    } catch (error) {
      this.errors += 1;
      this.lastError = error instanceof Error ? error.message : String(error);
    }
  }

  private async poolStep(id: string, turn: number): Promise<void> {
    if (turn % 3 === 0) {
      this.renames += 1;
      await this.call('POST', `/containers/${id}/rename?name=soak-${turn}-${this.renames}`);
    } else if (this.paused.has(id)) {
      this.paused.delete(id);
      await this.call('POST', `/containers/${id}/unpause`);
    } else {
      this.paused.add(id);
      await this.call('POST', `/containers/${id}/pause`);
    }
  }

  private async create(name?: string): Promise<string> {
    const query = name ? `?name=${name}` : '';
    const { Id } = await engineJson<{ Id: string }>(this.socket, 'POST', `/containers/create${query}`, {
      Image: this.image,
      Cmd: ['sleep', '3600'],
      Labels: { [LABEL]: '1' },
      StopTimeout: 1,
      HostConfig: { NetworkMode: 'none' },
    });
    await this.call('POST', `/containers/${Id}/start`);
    return Id;
  }

  private async call(method: string, url: string): Promise<void> {
    const res = await engineRequest(this.socket, method, url);
    if (res.status >= 400) throw new Error(`${method} ${url} → ${res.status} ${res.body.trim().slice(0, 200)}`);
  }
}

/** Counts the container events the engine really emitted, from its own /events stream. */
function countEvents(socket: string): { count: () => number; stop: () => void } {
  let count = 0;
  const filters = encodeURIComponent(JSON.stringify({ type: ['container'] }));
  const req = http.get({ socketPath: socket, path: `/events?filters=${filters}`, headers: { Host: 'docker' } }, (res) => {
    res.on('data', (chunk: Buffer) => {
      for (const byte of chunk) if (byte === 0x0a) count += 1;
    });
    res.on('error', () => undefined);
  });
  req.on('error', () => undefined);
  return { count: () => count, stop: () => req.destroy() };
}

// ---- berth's side ----------------------------------------------------------------------------

const ERROR_LINE = /cannot reach|^engine: |✗ |unexpected error|error:/i;

/** Pulls the image through berth's dialog and waits for its block to end; returns how it ended. */
async function pullThroughBerth(b: PtySession, reference: string): Promise<string> {
  await b.type('1', 'p');
  await b.waitFor('Pull an image', 10_000);
  b.write(reference);
  await b.waitFor((s) => /credentials: (?!looking|found for the image)/.test(s), 15_000);
  await b.type(key.enter);
  // A pull that fails before the registry answered is said in the dialog, which stays open.
  const ended = /› [✓✗–] \S*berth\/layers:latest\s+(pulled|failed|up to date|cancelled)|Pull an image[\s\S]*✗ /;
  const screen = await b.waitFor((s) => ended.test(s), 120_000);
  const outcome = ended.exec(screen)?.[1] ?? 'failed';
  if (screen.includes('Pull an image')) await b.type(key.escape);
  await b.type('1');
  return outcome;
}

// ---- main ------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const options = parse(process.argv.slice(2));
  if (typeof options === 'string') {
    process.stderr.write(`${options}\n${USAGE}`);
    return 2;
  }
  if (options.faults.length > 0) return faultSoaks(options.faults, options.minutes);
  if (options.restarts > 0) return restartSoak(options.restarts);
  const durationMs = options.minutes * 60_000;
  const warmupMs = Math.min(60_000, durationMs / 5);
  const heapGapMs = Math.min(60_000, Math.max(durationMs / 10, 15_000));

  let sandbox: Sandbox | undefined;
  let session: PtySession | undefined;
  let load: EventLoad | undefined;
  let events: ReturnType<typeof countEvents> | undefined;
  const diagnostics = mkdtempSync(path.join(os.tmpdir(), 'berth-soak-'));
  let stopping = false;
  const cleanup = async () => {
    if (stopping) return;
    stopping = true;
    events?.stop();
    await load?.stop().catch(() => undefined);
    await session?.stop().catch(() => undefined);
    await sandbox?.stop().catch((e: unknown) => log(`sandbox stop failed: ${String(e)}`));
    rmSync(diagnostics, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      log(`${signal}: stopping`);
      void cleanup().then(() => process.exit(130));
    });
  }
  watchLauncher(() => void cleanup().then(() => process.exit(143)));

  try {
    log('starting the sandbox engine…');
    sandbox = await startSandbox({ log: (line) => log(`sandbox: ${line}`) });
    ensureBuilt();
    const socket = sandbox.socketPath;
    const reference = sandbox.images.multiLayer;

    session = new PtySession({
      command: await berthNode(log),
      args: [berthBin],
      cols: 120,
      rows: 40,
      env: { DOCKER_HOST: sandbox.dockerHost, DOCKER_CONFIG: sandbox.clientConfigDir, NODE_OPTIONS: `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${diagnostics}` },
    });
    const b = session;
    const pid = b.pty.pid;
    await b.waitFor('● live', 30_000);
    log(`berth is up (pid ${pid}); load: ${options.eventsPerMinute} events/min and a pull a minute for ${options.minutes} min`);

    events = countEvents(socket);
    load = new EventLoad(socket, sandbox.images.busybox, options.eventsPerMinute);
    await load.start();

    const errors = new Map<string, number>();
    const pulls: string[] = [];
    const t0 = Date.now();
    let start: { rss: number; fds: number } | undefined;
    let peakRss = 0;
    let nextPull = t0;
    while (Date.now() - t0 < durationMs) {
      if (!alive(pid)) throw new Error('berth died');
      for (const line of b.screen().split('\n')) if (ERROR_LINE.test(line)) errors.set(line.trim(), (errors.get(line.trim()) ?? 0) + 1);
      peakRss = Math.max(peakRss, rssKb(pid));
      if (!start && Date.now() - t0 >= warmupMs) {
        start = { rss: rssKb(pid), fds: openFds(pid) };
        log(`after the warm-up: RSS ${(start.rss / 1024).toFixed(1)} MB, ${start.fds} open descriptors`);
      }
      if (Date.now() >= nextPull) {
        nextPull += 60_000;
        await engineRequest(socket, 'DELETE', `/images/${encodeURIComponent(reference)}?force=1`).catch(() => undefined);
        const outcome = await pullThroughBerth(b, reference).catch((e: unknown) => `did not finish (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`);
        pulls.push(outcome);
        log(`pull ${pulls.length}: ${outcome}; ${events.count()} events so far; RSS ${(rssKb(pid) / 1024).toFixed(1)} MB, ${openFds(pid)} fds`);
        continue;
      }
      await delay(1000);
    }
    const end = { rss: rssKb(pid), fds: openFds(pid) };
    const elapsedMin = (Date.now() - t0) / 60_000;
    const eventCount = events.count();

    // Live heap, still under load: two snapshots a while apart (a snapshot makes V8 track
    // objects from then on, which is why this comes after the RSS readings).
    const heapA = await liveHeap(pid, diagnostics);
    await delay(heapGapMs);
    const heapB = await liveHeap(pid, diagnostics);
    await load.stop();

    // Still responsive at the end: help opens and closes.
    await b.type('?');
    await b.waitFor(/help/i, 10_000);
    await b.type(key.escape);
    const responsive = alive(pid);

    const base = start ?? end;
    const rssGrowth = (end.rss - base.rss) / base.rss;
    const fdGrowth = (end.fds - base.fds) / base.fds;
    const heapGrowth = (heapB - heapA) / heapA;
    const failedPulls = pulls.filter((p) => p !== 'pulled' && p !== 'up to date');
    const ok = rssGrowth <= 0.1 && fdGrowth <= 0.1 && heapGrowth <= 0.1 && failedPulls.length === 0 && errors.size === 0 && load.errors === 0 && responsive;
    const report = [
      '',
      `berth soak — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} cores, Node ${process.version}, engine API ${sandbox.apiVersion}`,
      `load: ${elapsedMin.toFixed(1)} min, ${eventCount} container events (${Math.round(eventCount / elapsedMin)}/min), ${pulls.length} pulls of ${reference.replace(/^[^/]+\//, '')} through the dialog (${pulls.join(', ')})`,
      `RSS:        ${(base.rss / 1024).toFixed(1)} MB after ${(warmupMs / 1000).toFixed(0)} s → ${(end.rss / 1024).toFixed(1)} MB at the end (${(rssGrowth * 100).toFixed(1)} %, limit 10 %; peak ${(peakRss / 1024).toFixed(1)} MB)`,
      `descriptors: ${base.fds} → ${end.fds} (${(fdGrowth * 100).toFixed(1)} %, limit 10 %)`,
      `live heap:  ${(heapA / 1024 / 1024).toFixed(2)} MB → ${(heapB / 1024 / 1024).toFixed(2)} MB over ${(heapGapMs / 1000).toFixed(0)} s more load (${(heapGrowth * 100).toFixed(1)} %)`,
      `errors seen on screen: ${errors.size === 0 ? 'none' : [...errors].map(([line, n]) => `${line} (×${n})`).join('; ')}`,
      `load generator errors: ${load.errors === 0 ? 'none' : `${load.errors} (last: ${load.lastError})`}`,
      `berth: ${responsive ? 'alive and responsive at the end' : 'NOT responsive at the end'}`,
      `result: ${ok ? 'PASS' : 'FAIL'}`,
      '',
    ];
    process.stdout.write(report.join('\n'));
    return ok ? 0 : 1;
  } catch (error) {
    log(`soak failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    if (session) log(`last screen:\n${session.screen()}`);
    return 1;
  } finally {
    await cleanup();
  }
}

/** The engine killed and restarted under one berth, on a sandbox of its own. */
async function restartSoak(cycles: number): Promise<number> {
  let sandbox: Sandbox | undefined;
  const stop = async () => {
    await sandbox?.stop().catch((e: unknown) => log(`sandbox stop failed: ${String(e)}`));
    sandbox = undefined;
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop().then(() => process.exit(130)));
  watchLauncher(() => void stop().then(() => process.exit(143)));
  try {
    log('starting the sandbox engine…');
    sandbox = await startSandbox({ log: (line) => log(`sandbox: ${line}`) });
    const report = await runRestartSoak(sandbox, cycles, log);
    const ok = report.failures.length === 0;
    const head = `berth restart soak — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} cores, Node ${process.version}, engine API ${sandbox.apiVersion}`;
    process.stdout.write(`\n${[head, ...report.lines, ...report.failures.map((f) => `OVER: ${f}`), `result: ${ok ? 'PASS' : 'FAIL'}`, ''].join('\n')}`);
    return ok ? 0 : 1;
  } catch (error) {
    log(`soak failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 1;
  } finally {
    await stop();
  }
}

/** The fault soaks, one after the other; one report for all. */
async function faultSoaks(faults: readonly FaultName[], minutes: number): Promise<number> {
  const reports: string[] = [`berth fault soak — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} cores, Node ${process.version}, fake engine`];
  let ok = true;
  for (const fault of faults) {
    try {
      const report = await runFaultSoak(fault, minutes, log);
      reports.push(...report.lines);
      ok &&= report.ok;
    } catch (error) {
      reports.push(`fault ${fault}: did not finish (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`, '  result:      FAIL');
      ok = false;
    }
  }
  reports.push(`result: ${ok ? 'PASS' : 'FAIL'}`, '');
  process.stdout.write(`\n${reports.join('\n')}`);
  return ok ? 0 : 1;
}

process.exit(await main());

/**
 * B21's bulk stop of 50 (b21-bulk-stop.ts) for builds of berth side by side, in interleaved
 * rounds (`npx tsx test/tools/build.ts DIR` for each), with `docker stop` of the same 50 once a
 * round as the yardstick:
 *
 *   npx tsx test/bench/bulk-ab.ts [--node=22] [--rounds=5] DIR:LABEL[:LEVERS] …
 *
 * (LEVERS: that build runs with `BERTH_TUNING_OFF=LEVERS`, src/tuning/levers.ts.)
 * Each berth run reads Enter → "stopped 50 containers", berth's CPU in that window (its threads'
 * schedstat) and its writes to the terminal, and from the engine's own event stream when its
 * first `kill` and its last `stop` event came (after Enter): what berth adds before the engine
 * starts and after it has finished. PROF=1 runs berth under `--cpu-prof` (200 µs samples) and
 * prints each run's profile of the window (window-profile.ts); the profiler's thread inflates the
 * CPU read, so compare times without it.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { engineRequest } from '../sandbox/engine-http.ts';
import { removeContainers, startContainers } from '../sandbox/containers.ts';
import { nodeForMajor, type NodeMajor } from '../support/node-binaries.ts';
import { PtySession } from '../support/pty.ts';
import { COUNT, dockerStop, driveStop, PREFIX, SIZE, startAll } from './b21-bulk-stop.ts';
import type { Bench } from './context.ts';
import { threadCpuMs } from './proc.ts';
import { onBenchSandbox } from './sandbox-script.ts';
import { summarize } from './stats.ts';
import { windowProfile } from './window-profile.ts';

const args = process.argv.slice(2);
const major = Number(args.find((a) => a.startsWith('--node='))?.slice(7) ?? 22) as NodeMajor;
const rounds = Number(args.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 5);
const builds = args
  .filter((a) => !a.startsWith('--'))
  .map((a) => {
    const [dir = '', label = dir, off] = a.split(':');
    return { dir: path.resolve(dir), label, off };
  });
if (builds.length === 0) throw new Error('usage: bulk-ab.ts [--node=22] [--rounds=5] DIR:LABEL[:LEVERS] …');
const profiling = process.env.PROF === '1';

const log = (line: string) => process.stderr.write(`[bulk-ab] ${line}\n`);

interface Run {
  ms: number;
  cpu: number;
  writes: number;
  /** Enter → the engine's first kill event, and its last stop event → the final frame. */
  lead: number;
  tail: number;
}

interface EngineEvent {
  Action?: string;
  timeNano?: number;
  Actor?: { Attributes?: Record<string, string> };
}

/** The engine's kill and stop events of the 50 between two wall-clock times (ms). */
async function engineTimes(bench: Bench, fromMs: number, toMs: number): Promise<{ firstKill: number; lastStop: number; kills: number[]; stops: number[] }> {
  const filters = encodeURIComponent(JSON.stringify({ type: ['container'], event: ['kill', 'stop'] }));
  const { body } = await engineRequest(bench.sandbox.socketPath, 'GET', `/events?since=${(fromMs / 1000).toFixed(3)}&until=${(toMs / 1000 + 1).toFixed(3)}&filters=${filters}`, undefined, 30_000);
  const events = body
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as EngineEvent)
    .filter((e) => e.Actor?.Attributes?.name?.startsWith(`${PREFIX}-`));
  const at = (e: EngineEvent) => (e.timeNano ?? 0) / 1e6;
  const kills = events.filter((e) => e.Action === 'kill').map(at);
  const stops = events.filter((e) => e.Action === 'stop').map(at);
  return { firstKill: Math.min(...kills), lastStop: Math.max(...stops), kills, stops };
}

async function berthRun(bench: Bench, node: string, dir: string, off: string | undefined): Promise<Run> {
  const profDir = mkdtempSync(path.join(tmpdir(), 'berth-bulk-ab-'));
  const config = mkdtempSync(path.join(tmpdir(), 'berth-bulk-ab-config-'));
  const prof = profiling ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`, '--cpu-prof-interval=200'] : [];
  const session = new PtySession({ command: node, args: [...prof, path.join(dir, 'berth.cjs')], env: { ...bench.berthEnv(), XDG_CONFIG_HOME: config, ...(off !== undefined && { BERTH_TUNING_OFF: off }) }, ...SIZE });
  let writes = 0;
  let counting = false;
  const writeTimes: number[] = [];
  const listening = session.pty.onData(() => {
    if (!counting) return;
    writes++;
    writeTimes.push(Date.now());
  });
  let c0 = 0;
  let wall0 = 0;
  const cpuSteps: number[] = [];
  let sampler: NodeJS.Timeout | undefined;
  let fromUs = 0;
  try {
    const ms = await driveStop(session, () => {
      c0 = threadCpuMs(session.pty.pid);
      wall0 = Date.now();
      fromUs = Number(process.hrtime.bigint() / 1000n);
      counting = true;
      let last = c0;
      sampler = setInterval(() => {
        const now = threadCpuMs(session.pty.pid);
        cpuSteps.push(now - last);
        last = now;
      }, 100);
    });
    const toUs = Number(process.hrtime.bigint() / 1000n);
    const wall1 = Date.now();
    const cpu = threadCpuMs(session.pty.pid) - c0;
    counting = false;
    clearInterval(sampler);
    const { firstKill, lastStop, kills, stops } = await engineTimes(bench, wall0, wall1);
    if (process.env.TIMELINE === '1') {
      const rel = (ts: number[]) => ts.sort((a, b) => a - b).map((t) => (t - wall0).toFixed(0)).join(' ');
      log(`Enter at ${wall0}; frame +${wall1 - wall0} ms\n  kills +${rel(kills)}\n  stops +${rel(stops)}\n  writes +${writeTimes.map((t) => t - wall0).join(' ')}\n  berth's CPU a 100 ms: ${cpuSteps.map((c) => c.toFixed(0)).join(' ')}`);
    }
    const run = { ms, cpu, writes, lead: firstKill - wall0, tail: wall1 - lastStop };
    session.write('\u001b');
    await delay(100);
    await bench.quit(session);
    if (profiling) {
      await delay(500);
      const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
      log(file ? windowProfile(path.join(profDir, file), fromUs, toUs, 60) : 'no profile written');
    }
    return run;
  } finally {
    clearInterval(sampler);
    listening.dispose();
    await bench.dispose(session);
    rmSync(profDir, { recursive: true, force: true });
    rmSync(config, { recursive: true, force: true });
  }
}

const load = async () => (await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ');

await onBenchSandbox(log, async (bench) => {
  const node = await nodeForMajor(major);
  const batch = await startContainers(bench.sandbox.socketPath, COUNT, { namePrefix: PREFIX, init: true, cmd: ['sleep', '86400'] });
  const names = batch.map((c) => c.name);
  const runs = new Map<string, Run[]>(builds.map((b) => [b.label, []]));
  const docker: number[] = [];
  try {
    // Round 0 warms the engine and the page cache up; it is not counted.
    for (let round = 0; round <= rounds; round++) {
      // Each round in another order, so neither build always goes first after docker stop.
      const order = round % 2 === 0 ? builds : [...builds].reverse();
      for (const build of order) {
        await startAll(bench, batch);
        const run = await berthRun(bench, node, build.dir, build.off);
        log(`round ${round}, ${build.label}: ${run.ms.toFixed(0)} ms, CPU ${run.cpu.toFixed(0)} ms, ${run.writes} writes; Enter → first kill ${run.lead.toFixed(0)} ms, first kill → last stop ${(run.ms - run.lead - run.tail).toFixed(0)} ms, last stop → frame ${run.tail.toFixed(0)} ms (load ${await load()})`);
        if (round > 0) runs.get(build.label)?.push(run);
      }
      await startAll(bench, batch);
      const spawned = Date.now();
      const d = await dockerStop(bench, names);
      const { firstKill, lastStop } = await engineTimes(bench, spawned, Date.now());
      log(`round ${round}, docker stop: ${d.toFixed(0)} ms; spawn → first kill ${(firstKill - spawned).toFixed(0)} ms, first kill → last stop ${(lastStop - firstKill).toFixed(0)} ms`);
      if (round > 0) docker.push(d);
    }
  } finally {
    await removeContainers(bench.sandbox.socketPath, batch.map((c) => c.id)).catch(() => undefined);
  }
  const med = (xs: number[]) => summarize(xs).median.toFixed(0);
  const dm = summarize(docker).median;
  log(`docker stop: median ${dm.toFixed(0)} ms (${docker.map((d) => d.toFixed(0)).join(', ')})`);
  for (const [label, rs] of runs) {
    const ms = rs.map((r) => r.ms);
    log(`${label}: median ${med(ms)} ms (${ms.map((m) => m.toFixed(0)).join(', ')}), ${(summarize(ms).median / dm).toFixed(2)}× docker stop; CPU ${med(rs.map((r) => r.cpu))} ms; writes ${med(rs.map((r) => r.writes))}; Enter → first kill ${med(rs.map((r) => r.lead))} ms; last stop → frame ${med(rs.map((r) => r.tail))} ms`);
  }
});

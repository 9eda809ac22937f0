/**
 * B4: idle cost. berth watches 50 running containers with nothing changing; berth's CPU time
 * (utime + stime of its node process) over the window, and dockerd's over the same window
 * against an equal window without berth — half before berth starts, half after it quits, so a
 * drift in the engine's own background work does not land on one side only. The window starts
 * once start-up is over (SETTLE_MS). Then once more with the 50 restarted 3 s before the window:
 * containers younger than a minute all through it, whose Status ("Up 12 seconds") the engine
 * rewrites on every answer and berth shows to the second. With BERTH_BENCH_LAZYDOCKER, lazydocker
 * is measured the same way in the same run (its own CPU, and what it costs dockerd), beside the
 * first window.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { RUNNING_NAME, type Bench } from './context.ts';
import { ScreenProbe } from './probe.ts';
import type { PtySession } from '../support/pty.ts';
import { cpuMs, threadCpuMs } from './proc.ts';
import { summarize } from './stats.ts';
import { pct, ratio, spread, verdict, type Row } from './table.ts';

const SLICES = 6;

/** CPU ms of pid over a wall window (read with `cpu`), and the wall time it really took. */
async function window(pid: number, ms: number, cpu: (pid: number) => number = cpuMs): Promise<{ cpu: number; wall: number }> {
  const c0 = cpu(pid);
  const w0 = performance.now();
  await delay(ms);
  return { cpu: cpu(pid) - c0, wall: performance.now() - w0 };
}

/** What one idle window measured: berth's CPU (and per slice), and dockerd's with and without berth. */
export interface IdleCost {
  berthPct: number;
  berthCpu: number;
  berthWall: number;
  slices: number[];
  withPct: number;
  withoutPct: number;
  caused: number;
  windowMs: number;
}

export interface IdleSetup {
  /** Done after the engine's window without berth, just before berth starts. */
  beforeLaunch?: () => Promise<void>;
  /** What the first frame with data shows (default: one of the 50 running containers). */
  first?: RegExp;
  /** Keys typed once the first frame with data is there (e.g. M for the resource columns). */
  keys?: readonly string[];
  /** What the screen shows once the setup took effect; the window starts after it. */
  ready?: RegExp;
  /** Done once settled, with berth running; the window starts 3 s later (B4 restarts the 50 here). */
  beforeWindow?: () => Promise<void>;
  /** Done after the window, with berth still running (B15 reads its incidents then). */
  afterWindow?: (session: PtySession) => Promise<void>;
  /** What is measured instead of berth (lazydocker, the anchor); it quits on q as berth does. */
  launch?: () => PtySession;
  /** The process measured may end threads inside the window (Go's runtime): its CPU in ticks, as dockerd's. */
  threadsMayEnd?: true;
}

/**
 * berth left alone for the window (after its start-up, and after `setup` took effect), and the
 * engine's CPU over the same window against an equal window without berth.
 */
export async function idleCost(bench: Bench, setup: IdleSetup = {}): Promise<IdleCost> {
  await bench.ensureRunning();
  const windowMs = bench.quick ? 15_000 : 60_000;
  const dockerd = bench.dockerdPid();
  // Let the fixture's own start-up work in the engine die down first.
  await delay(2000);

  const before = await window(dockerd, windowMs / 2);

  await setup.beforeLaunch?.();
  const session = setup.launch?.() ?? bench.launchBerth();
  const probe = new ScreenProbe(session);
  const slices: number[] = [];
  let berthCpu = 0;
  let berthWall = 0;
  let engineWith = { cpu: 0, wall: 0 };
  try {
    const first = setup.first ?? RUNNING_NAME;
    await probe.until((v) => first.test(v.text), 15_000);
    for (const key of setup.keys ?? []) session.write(key);
    const ready = setup.ready;
    if (ready) await probe.until((v) => ready.test(v.text), 15_000);
    probe.dispose();
    // Start-up work (module compilation, the first lists, GC of start-up garbage) is B1's.
    await delay(SETTLE_MS);
    if (setup.beforeWindow) {
      await setup.beforeWindow();
      await delay(3000);
    }
    const pid = session.pty.pid;
    const e0 = cpuMs(dockerd);
    const w0 = performance.now();
    // berth's node keeps its threads for its whole life: its CPU to the nanosecond, not in 10 ms
    // ticks (a young window's ~100 ms moved by a tick either way).
    const cpu = setup.threadsMayEnd ? cpuMs : threadCpuMs;
    for (let i = 0; i < SLICES; i++) {
      const slice = await window(pid, windowMs / SLICES, cpu);
      slices.push((slice.cpu / slice.wall) * 100);
      berthCpu += slice.cpu;
      berthWall += slice.wall;
    }
    engineWith = { cpu: cpuMs(dockerd) - e0, wall: performance.now() - w0 };
    await setup.afterWindow?.(session);
  } finally {
    await bench.quit(session);
  }
  await delay(1000);
  const after = await window(dockerd, windowMs / 2);

  const berthPct = (berthCpu / berthWall) * 100;
  const withPct = (engineWith.cpu / engineWith.wall) * 100;
  const withoutPct = ((before.cpu + after.cpu) / (before.wall + after.wall)) * 100;
  return { berthPct, berthCpu, berthWall, slices, withPct, withoutPct, caused: withPct - withoutPct, windowMs };
}

/** The 50 running containers restarted, all at once: each is then seconds old. */
async function restartRunning(bench: Bench): Promise<void> {
  const running = await bench.api<{ Id: string; Names?: string[] }[]>('GET', '/containers/json');
  const ours = running.filter((c) => c.Names?.some((n) => RUNNING_NAME.test(n)));
  await Promise.all(ours.map((c) => bench.api('POST', `/containers/${c.Id}/restart?t=0`, undefined, 60_000)));
}

/** B4's budget, % of a core: B16 reads a fleet against it when one engine read nothing at all. */
export const BUDGET = 0.2;
/**
 * An idle window measures the cost of watching, once start-up is over: it starts 15 s after the
 * setup, when the start-up release (1.5 s of quiet: collections that give memory back and flush
 * start-up's code, which what runs next compiles again) and V8's memory reducer after it (~8 s)
 * have run. With 3 s, as before, that one-off work (40–90 ms, more since code-flush) fell inside
 * the window.
 */
export const SETTLE_MS = 15_000;

export async function b4(bench: Bench): Promise<Row[]> {
  const { berthPct, berthCpu, berthWall, slices, withPct, withoutPct, caused, windowMs } = await idleCost(bench);
  const seconds = Math.round(windowMs / 1000);
  bench.log(`B4: berth ${pct(berthPct)} (${berthCpu.toFixed(1)} ms CPU in ${Math.round(berthWall)} ms); dockerd ${pct(withPct)} with, ${pct(withoutPct)} without`);
  const s = summarize(slices);
  // The 50 restarted once berth has settled, 3 s before the window: seconds old all through it.
  // The restarts' own work in the engine lands in its windows: only berth's figure is kept.
  const young = await idleCost(bench, { beforeWindow: () => restartRunning(bench) });
  bench.log(`B4 young: berth ${pct(young.berthPct)} (${young.berthCpu.toFixed(1)} ms CPU in ${Math.round(young.berthWall)} ms)`);
  const sy = summarize(young.slices);
  // The anchor, in the same run: lazydocker left alone on the same 50, and what it costs dockerd.
  const binary = bench.lazydocker;
  const anchor = binary ? await idleCost(bench, { launch: () => bench.launchLazydocker(binary), threadsMayEnd: true }) : undefined;
  if (anchor) bench.log(`B4 lazydocker: ${pct(anchor.berthPct)} (${anchor.berthCpu} ms CPU); dockerd ${pct(anchor.withPct)} with, ${pct(anchor.withoutPct)} without`);
  return [
    {
      id: 'B4',
      figure: `idle CPU of berth, ${seconds} s, 50 running`,
      berth: `${pct(berthPct)} of a core`,
      spread: `${spread(s, pct)} (${seconds / SLICES} s slices)`,
      comparison: anchor ? `lazydocker ${pct(anchor.berthPct)}` : '—',
      ratio: anchor ? `${ratio(berthPct, anchor.berthPct)} lazydocker` : '—',
      budget: `≤ ${BUDGET} %`,
      verdict: verdict(berthPct, BUDGET),
    },
    {
      id: 'B4',
      figure: `idle CPU of berth, ${seconds} s, 50 running, restarted 3 s before the window (younger than a minute)`,
      berth: `${pct(young.berthPct)} of a core`,
      spread: `${spread(sy, pct)} (${seconds / SLICES} s slices)`,
      comparison: '—',
      ratio: '—',
      budget: `≤ ${BUDGET} %`,
      verdict: verdict(young.berthPct, BUDGET),
    },
    {
      id: 'B4',
      figure: `idle CPU berth causes dockerd, ${seconds} s`,
      berth: `${pct(caused)} of a core`,
      spread: `with berth ${pct(withPct)}`,
      comparison: `without berth ${pct(withoutPct)}${anchor ? `; lazydocker causes ${pct(anchor.caused)}` : ''}`,
      ratio: `${ratio(withPct, withoutPct)}${anchor ? `; ${ratio(caused, anchor.caused)} lazydocker's` : ''}`,
      budget: '≤ 0.3 %',
      verdict: verdict(caused, 0.3),
    },
  ];
}

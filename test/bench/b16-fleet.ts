/**
 * B16: a fleet of four engines (issue 36). The sandbox dockerd and two private dockerds of the
 * bench's own (each on its own socket, 50 running busybox containers each), and the sandbox
 * engine once more over the sandbox's sshd (ssh://berth-sandbox, its rows told apart by the
 * ENGINE column). Figures, each against a baseline measured in the same run, interleaved:
 * - start → the first frame showing rows of all three local engines, against berth on the
 *   sandbox engine alone (B1's figure): ≤ 1.5×;
 * - start → the ssh engine's rows, against ssh's connect alone (`ssh … true`, spawn → exit):
 *   ≤ that + 100 ms; beside it `ssh … docker version` (the remote CLI and a round trip) and berth
 *   on the ssh engine alone, which tell the ssh transport's cost from the fleet's;
 * - idle CPU of berth watching the four, against berth watching one (B4's figure): ≤ 2×;
 * - keypress → frame (j) with one private dockerd frozen (SIGSTOP), within B3's budget.
 * The private engines are stopped, and the frozen one thawed, whatever happens.
 */
import { readFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { startContainers } from '../sandbox/containers.ts';
import { LOCAL_BUSYBOX } from '../sandbox/images.ts';
import { startSmallDiskEngine, type SmallDiskEngine } from '../sandbox/small-disk.ts';
import { SANDBOX_ENV } from '../sandbox/env-vars.ts';
import type { PtySession } from '../support/pty.ts';
import { jitter, RUNNING_COUNT, RUNNING_NAME, type Bench } from './context.ts';
import { ScreenProbe, timeMoves, type ScreenView } from './probe.ts';
import { BUDGET as B4_BUDGET, SETTLE_MS } from './b4-idle.ts';
import { cpuMs } from './proc.ts';
import { summarize } from './stats.ts';
import { ms, pct, ratio, spread, verdict, type Row } from './table.ts';

/** The two private engines' container names: `fleet-a-N`, `fleet-b-N`. */
const PRIVATE_PREFIXES = ['fleet-a', 'fleet-b'] as const;
/** What the fleet calls the ssh engine (the host of ssh://berth-sandbox). */
const SSH_NAME = 'berth-sandbox';
/**
 * For the first-frame figures: tall enough that all 200 rows are on screen at once, so "rows of
 * every engine" needs no scrolling (the one-engine baseline is drawn at the same size). Idle and
 * keys are measured at the default size, as B3 and B4 are.
 */
export const TALL = { cols: 160, rows: 220 };
/** B3's budget for a move. */
const MOVE_BUDGET_MS = 30;

export interface PrivateEngine {
  engine: SmallDiskEngine;
  pid: number;
}

/** A private dockerd under the sandbox's dir, busybox loaded, 50 running containers named `prefix-N`. */
export async function startPrivate(bench: Bench, prefix: string): Promise<PrivateEngine> {
  // Room for busybox and 50 containers' layers; a tmpfs takes only the pages written.
  const engine = await startSmallDiskEngine(bench.sandbox.dir, bench.sandbox.socketPath, { bytes: 512 * 1024 * 1024 });
  try {
    await startContainers(engine.socketPath, RUNNING_COUNT, { image: LOCAL_BUSYBOX, namePrefix: prefix, init: true, cmd: ['sleep', '86400'] });
    return { engine, pid: Number(readFileSync(`${engine.dir}/dockerd.pid`, 'utf8').trim()) };
  } catch (error) {
    await engine.stop();
    throw error;
  }
}

export const hasLocalRows = (v: ScreenView) => RUNNING_NAME.test(v.text) && PRIVATE_PREFIXES.every((p) => new RegExp(`${p}-\\d+`).test(v.text));
/** The Containers pane's count says at least `n` running: every engine's rows are in, whatever fits on screen. */
const runningAtLeast = (n: number) => (v: ScreenView) => Number(/running: (\d+)/.exec(v.text)?.[1] ?? 0) >= n;
const hasSshRows = (v: ScreenView) => v.lines.some((line) => line.includes(SSH_NAME) && RUNNING_NAME.test(line));

/** Spawn → the first frame for which `done` holds; berth quits after. */
/** `withinMs`: how long to wait for `done` before the figure is an error (B22's twenty logins on a loaded machine take longer). */
export async function timeTo(bench: Bench, launch: () => PtySession, done: (v: ScreenView) => boolean, withinMs = 20_000): Promise<number> {
  const t0 = performance.now();
  const session = launch();
  const probe = new ScreenProbe(session);
  try {
    return (await probe.until(done, withinMs)) - t0;
  } finally {
    probe.dispose();
    await bench.quit(session);
  }
}

/** Spawn → exit of a command (ssh's connect and nothing else). */
async function timeToExit(bench: Bench, command: string, args: string[]): Promise<number> {
  const t0 = performance.now();
  const session = bench.launchCommand(command, args);
  try {
    const { exitCode } = await session.exited;
    if (exitCode !== 0) throw new Error(`${command} ${args.join(' ')} exited ${exitCode}`);
    return performance.now() - t0;
  } finally {
    await bench.dispose(session);
  }
}

/** berth's CPU share over an idle window once `ready` shows (start-up is B1's, so SETTLE_MS are left out first, as in B4). */
export async function idlePct(bench: Bench, launch: () => PtySession, ready: (v: ScreenView) => boolean, withinMs = 20_000): Promise<number> {
  const windowMs = bench.quick ? 15_000 : 60_000;
  const session = launch();
  const probe = new ScreenProbe(session);
  try {
    await probe.until(ready, withinMs);
    probe.dispose();
    await delay(SETTLE_MS);
    const pid = session.pty.pid;
    const c0 = cpuMs(pid);
    const w0 = performance.now();
    await delay(windowMs);
    return ((cpuMs(pid) - c0) / (performance.now() - w0)) * 100;
  } finally {
    probe.dispose();
    await bench.quit(session);
  }
}

export async function b16(bench: Bench): Promise<Row[]> {
  await bench.ensureRunning();
  const env = bench.sandbox.env();
  const sshHost = env[SANDBOX_ENV.sshHost];
  const sshCommand = env[SANDBOX_ENV.sshCommand];
  if (!sshHost || !sshCommand) throw new Error('the sandbox has no sshd');
  const privates: PrivateEngine[] = [];
  let frozen: number | undefined;
  try {
    for (const prefix of PRIVATE_PREFIXES) privates.push(await startPrivate(bench, prefix));
    bench.log(`B16: ${privates.length} private dockerds with ${RUNNING_COUNT} running each`);
    const localArgs = ['-H', bench.sandbox.dockerHost, ...privates.flatMap((p) => ['-H', p.engine.dockerHost])];
    const fourArgs = { args: [...localArgs, '-H', sshHost], env: { BERTH_SSH_COMMAND: sshCommand } };
    const one = () => bench.launchBerth({ ...TALL });
    const local = () => bench.launchBerth({ ...TALL, args: localArgs });
    const four = () => bench.launchBerth({ ...TALL, ...fourArgs });
    const [sshBinary = 'ssh', ...sshArgs] = sshCommand.split(' ');
    const sshHostAlias = sshHost.replace(/^ssh:\/\//, '');

    const runs = bench.quick ? 3 : 9;
    const single: number[] = [];
    const fleet: number[] = [];
    const sshRows: number[] = [];
    const sshConnect: number[] = [];
    const sshDocker: number[] = [];
    const sshAlone: number[] = [];
    for (let i = -1; i < runs; i++) {
      const s = await timeTo(bench, one, (v) => RUNNING_NAME.test(v.text));
      const f = await timeTo(bench, local, hasLocalRows);
      const r = await timeTo(bench, four, hasSshRows);
      // berth on the ssh engine alone: what the fleet adds to it, or not.
      const a = await timeTo(bench, () => bench.launchBerth({ ...TALL, args: ['-H', sshHost], env: { BERTH_SSH_COMMAND: sshCommand } }), (v) => RUNNING_NAME.test(v.text));
      const c = await timeToExit(bench, sshBinary, [...sshArgs, sshHostAlias, 'true']);
      // What every ssh engine costs besides the connect: the remote docker CLI starting, and a round trip.
      const d = await timeToExit(bench, sshBinary, [...sshArgs, sshHostAlias, 'docker', 'version', '--format', '{{.Server.Version}}']);
      if (i < 0) continue;
      sshDocker.push(d);
      sshAlone.push(a);
      single.push(s);
      fleet.push(f);
      sshRows.push(r);
      sshConnect.push(c);
      bench.log(`B16 run ${i + 1}/${runs}: one engine ${ms(s)}, three local ${ms(f)}, ssh rows ${ms(r)} (alone ${ms(a)}), ssh connect ${ms(c)}, ssh + docker version ${ms(d)}`);
    }

    const idleOne = await idlePct(bench, () => bench.launchBerth(), (v) => RUNNING_NAME.test(v.text));
    const idleFour = await idlePct(bench, () => bench.launchBerth(fourArgs), runningAtLeast(4 * RUNNING_COUNT));
    bench.log(`B16 idle: one engine ${pct(idleOne)}, four ${pct(idleFour)}`);
    // One engine can read nothing at all in a quick window (berth had nothing to do): no ratio
    // then, and four are held to twice B4's budget instead.
    const oneReadNothing = idleOne < 0.005;

    // Key → frame with a private dockerd frozen: its rows stay, its refreshes wait, keys must not.
    const keys: number[] = [];
    const session = bench.launchBerth({ args: localArgs });
    const probe = new ScreenProbe(session);
    try {
      await probe.until(runningAtLeast(3 * RUNNING_COUNT), 20_000);
      const victim = privates[privates.length - 1];
      if (!victim) throw new Error('no private engine to freeze');
      process.kill(victim.pid, 'SIGSTOP');
      frozen = victim.pid;
      // Long enough for a refresh of the frozen engine to be under way and waiting.
      await delay(2000);
      keys.push(...(await timeMoves(probe, (k) => session.write(k), bench.quick ? 15 : 40, () => jitter(60, 100))));
    } finally {
      probe.dispose();
      if (frozen !== undefined) process.kill(frozen, 'SIGCONT');
      frozen = undefined;
      await bench.quit(session);
    }

    const sOne = summarize(single);
    const sFleet = summarize(fleet);
    const sRows = summarize(sshRows);
    const sConnect = summarize(sshConnect);
    const sDocker = summarize(sshDocker);
    const sAlone = summarize(sshAlone);
    const k = summarize(keys);
    return [
      {
        id: 'B16',
        figure: `start → first frame with rows of 3 local engines (${RUNNING_COUNT} running each)`,
        berth: `${ms(sFleet.median)} median`,
        spread: spread(sFleet, ms),
        comparison: `one engine (B1) ${ms(sOne.median)}`,
        ratio: ratio(sFleet.median, sOne.median),
        budget: '≤ 1.5× one engine',
        verdict: verdict(sFleet.median / sOne.median, 1.5),
      },
      {
        id: 'B16',
        figure: 'start → the ssh engine’s rows, in a fleet of 4',
        berth: `${ms(sRows.median)} median`,
        spread: spread(sRows, ms),
        comparison: `ssh connect ${ms(sConnect.median)}; + docker version ${ms(sDocker.median)}; berth on it alone ${ms(sAlone.median)}`,
        ratio: ratio(sRows.median, sConnect.median),
        // Issue 52 (was ssh connect + 100 ms).
        budget: '≤ 1.5× ssh connect',
        verdict: verdict(sRows.median, 1.5 * sConnect.median),
      },
      {
        id: 'B16',
        figure: `idle CPU of berth, ${bench.quick ? 15 : 60} s, fleet of 4 (200 running)`,
        berth: `${pct(idleFour)} of a core`,
        spread: '—',
        comparison: `one engine (B4) ${pct(idleOne)}${oneReadNothing ? `: nothing in the window, so against 2× B4's budget (${2 * B4_BUDGET} %)` : ''}`,
        ratio: oneReadNothing ? '—' : ratio(idleFour, idleOne),
        budget: '≤ 2× one engine',
        verdict: oneReadNothing ? verdict(idleFour, 2 * B4_BUDGET) : verdict(idleFour / idleOne, 2),
      },
      {
        id: 'B16',
        figure: 'keypress → frame: move (j), 3 local engines, one frozen (SIGSTOP)',
        berth: `${ms(k.p95)} p95 (median ${ms(k.median)})`,
        spread: spread(k, ms),
        comparison: '—',
        ratio: '—',
        budget: `p95 ≤ ${MOVE_BUDGET_MS} ms (B3)`,
        verdict: verdict(k.p95, MOVE_BUDGET_MS),
      },
    ];
  } finally {
    if (frozen !== undefined) process.kill(frozen, 'SIGCONT');
    for (const p of privates) {
      // A frozen engine cannot stop: thaw first, whatever happened above.
      try {
        process.kill(p.pid, 'SIGCONT');
      } catch {
        // Already gone.
      }
    }
    await Promise.all(privates.map((p) => p.engine.stop().catch((e: unknown) => bench.log(`B16: stopping a private dockerd failed: ${String(e)}`))));
  }
}

/**
 * B21: a bulk stop of 50 running containers (issue 52). berth: filter the 50, mark them all
 * (Ctrl-A), `s`, and Enter on "Stop 50 marked containers?" — timed from that Enter to the frame
 * saying "stopped 50 containers" (all went well: the dialog closes saying so). Against `docker
 * stop` of the same 50 names (spawn → exit: the CLI stops them all in parallel and returns once
 * every one has stopped). Interleaved, the 50 started again before each; they run with an init,
 * so SIGTERM ends each at once and the figure is what each tool adds to the engine's own work.
 * Its own 50 (`bench-bulk-N`), so the 50 that the other figures watch stay running.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { engineJson } from '../sandbox/engine-http.ts';
import { removeContainers, startContainers, type BatchContainer } from '../sandbox/containers.ts';
import type { PtySession } from '../support/pty.ts';
import type { Bench } from './context.ts';
import { ScreenProbe } from './probe.ts';
import { summarize } from './stats.ts';
import { ms, ratio, spread, verdict, type Row } from './table.ts';

export const PREFIX = 'bench-bulk';
export const COUNT = 50;
const BUDGET = 1.2;
/** Tall enough that the filtered 50 are all on screen (not needed for the marks, but the frame is the same size as B1's tall ones). */
export const SIZE = { cols: 160, rows: 60 };

/** Starts every one of them and waits until the engine says all 50 run. */
export async function startAll(bench: Bench, batch: readonly BatchContainer[]): Promise<void> {
  const socket = bench.sandbox.socketPath;
  await Promise.all(batch.map((c) => engineJson(socket, 'POST', `/containers/${c.id}/start`).catch(() => undefined)));
  // Up to a minute: on a loaded machine dockerd took more than 10 s to start the 50 at once.
  for (let i = 0; i < 600; i++) {
    const running = await engineJson<unknown[]>(socket, 'GET', `/containers/json?filters=${encodeURIComponent(JSON.stringify({ name: [PREFIX], status: ['running'] }))}`);
    if (running.length === COUNT) return;
    await delay(100);
  }
  throw new Error(`the ${COUNT} ${PREFIX} containers did not all start`);
}

/** berth: Enter on the bulk stop's question → the frame saying all 50 stopped. */
async function berthStop(bench: Bench): Promise<number> {
  const session = bench.launchBerth(SIZE);
  try {
    return await driveStop(session);
  } finally {
    session.write('\u001b');
    await delay(100);
    await bench.quit(session);
  }
}

/**
 * In a berth just started: filter the 50, mark them, `s`, and Enter on the question; resolves
 * with the time from that Enter to the frame "stopped 50 containers" (bulk-ab.ts drives its own
 * builds with it; `onEnter` marks the window's start for a profile).
 */
export async function driveStop(session: PtySession, onEnter?: () => void): Promise<number> {
  const probe = new ScreenProbe(session);
  try {
    await probe.until(new RegExp(`${PREFIX}-\\d+`), 20_000);
    session.write('/');
    await probe.until('filter', 5000);
    session.write(`${PREFIX}-`);
    session.write('\r');
    await probe.until((v) => v.text.includes(`filter "${PREFIX}-"`) && v.text.includes('q quit'), 5000);
    session.write('\u0001');
    await probe.until(`${COUNT} marked`, 5000);
    session.write('s');
    await probe.until(`Stop ${COUNT} marked containers?`, 5000);
    onEnter?.();
    const t0 = performance.now();
    session.write('\r');
    return (await probe.until(`stopped ${COUNT} containers`, 60_000)) - t0;
  } finally {
    probe.dispose();
  }
}

/** `docker stop` of the 50 names: spawn → exit. */
export async function dockerStop(bench: Bench, names: readonly string[]): Promise<number> {
  const t0 = performance.now();
  const session = bench.launchCommand(bench.sandbox.dockerCliPath, ['stop', ...names], bench.dockerEnv());
  try {
    const { exitCode } = await session.exited;
    if (exitCode !== 0) throw new Error(`docker stop exited ${exitCode}`);
    return performance.now() - t0;
  } finally {
    await bench.dispose(session);
  }
}

export async function b21(bench: Bench): Promise<Row[]> {
  await bench.ensureRunning();
  const batch = await startContainers(bench.sandbox.socketPath, COUNT, { namePrefix: PREFIX, init: true, cmd: ['sleep', '86400'] });
  const names = batch.map((c) => c.name);
  try {
    const runs = bench.quick ? 3 : 7;
    const berth: number[] = [];
    const docker: number[] = [];
    // One warm-up of each (the engine's and the page cache's first time), then interleaved.
    for (let i = -1; i < runs; i++) {
      await startAll(bench, batch);
      const b = await berthStop(bench);
      await startAll(bench, batch);
      const d = await dockerStop(bench, names);
      if (i < 0) continue;
      berth.push(b);
      docker.push(d);
      bench.log(`B21 run ${i + 1}/${runs}: berth ${ms(b)}, docker stop ${ms(d)}`);
    }
    const sb = summarize(berth);
    const sd = summarize(docker);
    return [
      {
        id: 'B21',
        figure: `bulk stop of ${COUNT} running containers (marked, s, Enter → "stopped ${COUNT} containers")`,
        berth: `${ms(sb.median)} median`,
        spread: spread(sb, ms),
        comparison: `docker stop of the same ${COUNT} ${ms(sd.median)}`,
        ratio: ratio(sb.median, sd.median),
        budget: `≤ ${BUDGET}× docker stop`,
        verdict: verdict(sb.median / sd.median, BUDGET),
      },
    ];
  } finally {
    await removeContainers(bench.sandbox.socketPath, batch.map((c) => c.id)).catch((e: unknown) => bench.log(`B21: removing its containers failed: ${String(e)}`));
  }
}

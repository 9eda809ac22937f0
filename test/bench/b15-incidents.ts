/**
 * B15 and B15p: what noticing trouble costs. 50 running containers of which 5 crash-loop (exit 1
 * with `--restart always`) for the window: berth's CPU and the CPU it causes dockerd, with the
 * incidents on (always) and the pulse line off (B15) or on (B15p: every running container
 * measured, from its cgroup files on this host's engine, by a stats stream each otherwise, so it
 * is reported against B9); the loops run through the windows without
 * berth as well, so the engine's figure is what berth adds. Then whether every crash is counted:
 * 5 more loops made with berth up crash for 10 s and stop, and the crashes berth's Incidents pane
 * shows for them must equal the `die` events with a non-zero exit the engine reports for them.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { engineRequest } from '../sandbox/engine-http.ts';
import type { PtySession } from '../support/pty.ts';
import { idleCost, type IdleCost } from './b4-idle.ts';
import { cpuRows } from './b9-stats.ts';
import type { Bench } from './context.ts';
import { pct, type Row } from './table.ts';

const LOOPERS = 5;
/** The loops whose CPU is measured (running through every window, berth or not). */
const LOOP = 'bench-loop-';
/** The loops whose crashes are counted (made once berth is up, so both sides see every death). */
const COUNT = 'bench-count-';
/** How long the counted loops crash before they are stopped. */
const COUNT_MS = 10_000;

interface Counted {
  berth: number;
  engine: number;
}

async function startLoopers(bench: Bench, prefix: string): Promise<void> {
  for (let i = 1; i <= LOOPERS; i++) {
    const name = `${prefix}${i}`;
    await bench.api('DELETE', `/containers/${name}?force=1`).catch(() => undefined);
    await bench.api('POST', `/containers/create?name=${name}`, {
      Image: 'berth-test/busybox:latest',
      Cmd: ['sh', '-c', 'echo boom; exit 1'],
      HostConfig: { RestartPolicy: { Name: 'always' }, NetworkMode: 'none' },
    });
    await bench.api('POST', `/containers/${name}/start`);
  }
}

async function removeLoopers(bench: Bench, prefix: string): Promise<void> {
  for (let i = 1; i <= LOOPERS; i++) await bench.api('DELETE', `/containers/${prefix}${i}?force=1`).catch(() => undefined);
}

/**
 * Its restart policy set to none. The engine refuses to update a container caught between its
 * death and its restart ("cannot update a stopped container", "… a deleted process", "container
 * not running", "task … not found", by the moment): asked again a moment later.
 */
async function noRestart(bench: Bench, name: string): Promise<void> {
  for (let tries = 0; ; tries++) {
    try {
      await bench.api('POST', `/containers/${name}/update`, { RestartPolicy: { Name: 'no' } });
      return;
    } catch (error) {
      if (tries >= 400) throw error;
      await delay(50);
    }
  }
}

/** The loops stopped (no restart policy, then not running): no crash arrives after this. */
async function stopLoopers(bench: Bench, prefix: string): Promise<void> {
  for (let i = 1; i <= LOOPERS; i++) await noRestart(bench, `${prefix}${i}`);
  for (let tries = 0; tries < 200; tries++) {
    const states = await Promise.all(Array.from({ length: LOOPERS }, (_, i) => bench.api<{ State?: { Running?: boolean; Restarting?: boolean } }>('GET', `/containers/${prefix}${i + 1}/json`)));
    if (states.every((s) => !s.State?.Running && !s.State?.Restarting)) return;
    await delay(100);
  }
}

/** The engine's non-zero `die` events of the loops since `sinceS` (from its event buffer: 256 events). */
async function engineCrashes(bench: Bench, prefix: string, sinceS: number, untilS = Date.now() / 1000 + 1): Promise<number> {
  const filters = encodeURIComponent(JSON.stringify({ event: ['die'], container: [prefix] }));
  const until = untilS.toFixed(3);
  const { body } = await engineRequest(bench.sandbox.socketPath, 'GET', `/events?since=${sinceS.toFixed(3)}&until=${until}&filters=${filters}`, undefined, 30_000);
  return body
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { Actor?: { Attributes?: Record<string, string> } })
    .filter((e) => (e.Actor?.Attributes?.exitCode ?? '0') !== '0').length;
}

/** The crashes the Incidents pane shows for the loops (a row says "N×", or nothing for one). */
function berthCrashes(screen: string, prefix: string): number | undefined {
  // The table's rows (a mark, then the time): not the notice line, which may name one too.
  const rows = screen.split('\n').filter((line) => line.includes(prefix) && /^.\s\d\d:\d\d:\d\d\s/.test(line));
  if (rows.length < LOOPERS) return undefined;
  return rows.reduce((sum, row) => sum + Number(/(\d+)×/.exec(row)?.[1] ?? 1), 0);
}

/** With berth up: loops made now crash for a while, then stop; berth's count against the engine's. */
async function countCrashes(bench: Bench, session: PtySession): Promise<Counted> {
  const sinceS = Date.now() / 1000;
  await startLoopers(bench, COUNT);
  await delay(COUNT_MS);
  await stopLoopers(bench, COUNT);
  // A restart the engine had already scheduled may still come: the count once it holds still.
  let engine = await engineCrashes(bench, COUNT, sinceS);
  for (let tries = 0; tries < 10; tries++) {
    await delay(1500);
    const again = await engineCrashes(bench, COUNT, sinceS);
    if (again === engine) break;
    engine = again;
  }
  const counted: Counted = { berth: -1, engine };
  session.write('9');
  for (const ch of `/${COUNT}\r`) session.write(ch);
  // Until berth shows the last death (or a while: then it missed some).
  for (let tries = 0; tries < 100; tries++) {
    counted.berth = berthCrashes(session.screen(), COUNT) ?? -1;
    if (counted.berth === counted.engine) break;
    await delay(100);
  }
  await removeLoopers(bench, COUNT);
  return counted;
}

/**
 * What the window measured, and the loops' crashes within it: where they fall in their restart
 * backoff moves the window's CPU by several times, so berth's CPU a crash is the figure to compare
 * runs by (a loaded machine's noise aside).
 */
interface Measured {
  cost: IdleCost;
  counted: Counted;
  windowCrashes: number;
}

async function measure(bench: Bench, keys: string[], ready: RegExp | undefined): Promise<Measured> {
  let counted: Counted = { berth: -1, engine: -1 };
  let windowEndS = 0;
  // The loops run through the windows without berth too: what berth causes is its own.
  await bench.ensureRunning();
  await startLoopers(bench, LOOP);
  try {
    const cost = await idleCost(bench, {
      keys,
      ready,
      afterWindow: async (session: PtySession) => {
        windowEndS = Date.now() / 1000;
        counted = await countCrashes(bench, session);
      },
    });
    const windowCrashes = await engineCrashes(bench, LOOP, windowEndS - cost.berthWall / 1000, windowEndS);
    return { cost, counted, windowCrashes };
  } finally {
    await removeLoopers(bench, LOOP);
  }
}

function rows(id: string, what: string, { cost, counted, windowCrashes }: Measured, berthBudget: number, engineBudget: number): Row[] {
  return [
    ...cpuRows(id, what, cost, berthBudget, engineBudget),
    {
      id,
      figure: `${what}: berth CPU a crash in the window`,
      berth: windowCrashes > 0 ? `${(cost.berthCpu / windowCrashes).toFixed(1)} ms` : '—',
      spread: `${windowCrashes} crashes, ${cost.berthCpu.toFixed(0)} ms`,
      comparison: '—',
      ratio: '—',
      budget: '—',
      verdict: '—',
    },
    {
      id,
      figure: `${what}: crashes counted`,
      berth: `${counted.berth}`,
      spread: '—',
      comparison: `engine die events (exit ≠ 0): ${counted.engine}`,
      ratio: '—',
      budget: 'equal',
      verdict: counted.berth === counted.engine ? 'PASS' : 'OVER',
    },
  ];
}

export async function b15(bench: Bench): Promise<Row[]> {
  const measured = await measure(bench, [], undefined);
  const { cost, counted } = measured;
  bench.log(`B15: berth ${pct(cost.berthPct)} (${cost.berthCpu.toFixed(0)} ms, ${measured.windowCrashes} crashes in the window); dockerd ${pct(cost.withPct)} with, ${pct(cost.withoutPct)} without; crashes ${counted.berth} / ${counted.engine}`);
  return rows('B15', `incidents on, ${LOOPERS} of 50 crash-looping`, measured, 0.5, 0.5);
}

export async function b15p(bench: Bench): Promise<Row[]> {
  const measured = await measure(bench, ['H'], /disk \S+, \S+ reclaimable/);
  const { cost, counted } = measured;
  bench.log(`B15p: berth ${pct(cost.berthPct)} (${cost.berthCpu.toFixed(0)} ms, ${measured.windowCrashes} crashes in the window); dockerd ${pct(cost.withPct)} with, ${pct(cost.withoutPct)} without; crashes ${counted.berth} / ${counted.engine}`);
  // The pulse measures every running container as the resource columns do: B9's budgets.
  return rows('B15p', `incidents on, pulse on (vs B9), ${LOOPERS} of 50 crash-looping`, measured, 1, 1.5);
}

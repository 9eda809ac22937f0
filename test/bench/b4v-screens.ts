/**
 * B4v: idle cost while each screen this wave added is shown (issue 52: "the split panel and the
 * new screens of this wave within the idle budget while shown"; the split panel is B4w). One
 * berth watches the 50 running containers; each screen is opened on the selected container (or
 * the first image), left alone for the window, and closed, one after another in the same session.
 * berth's CPU over each window, to the nanosecond (its threads' scheduler time, as B4). The first
 * window waits out start-up as B4's does (SETTLE_MS); the others 5 s after their screen shows
 * (what opening it asked of the engine is over by then).
 */
import { setTimeout as delay } from 'node:timers/promises';
import { RUNNING_NAME, type Bench } from './context.ts';
import { SETTLE_MS } from './b4-idle.ts';
import { ScreenProbe } from './probe.ts';
import { threadCpuMs } from './proc.ts';
import { pct, verdict, type Row } from './table.ts';

const BUDGET = 0.2;
const ESCAPE = '\u001b';

interface Screen {
  name: string;
  /** Typed one at a time (a lone Esc has its own read, and so does each key here). */
  keys: readonly string[];
  ready: RegExp;
  /** Typed after Esc to come back to the containers (the layer explorer is the Images pane's). */
  back?: string;
  /** Why it may read above the budget by design. */
  note?: string;
}

const SCREENS: readonly Screen[] = [
  { name: 'disk view (W)', keys: ['W'], ready: /disk usage \(Enter lists/ },
  { name: 'describe (v)', keys: ['v'], ready: /^describe .* \(Esc closes\)/m },
  { name: 'health (h)', keys: ['h'], ready: /^health of .* \(Esc closes\)/m, note: 'reads the engine every 2 s while open, as it says' },
  { name: 'relations (L)', keys: ['L'], ready: /^relations of .* \(Esc closes\)/m },
  { name: 'ports (b)', keys: ['b'], ready: /^ports of .* \(Enter\/o opens/m },
  { name: 'forwards (B)', keys: ['B'], ready: /^Forwards \(x ends one/m },
  { name: 'column chooser (,)', keys: [','], ready: /^Columns of Containers/m },
  { name: 'layer explorer (2, L)', keys: ['2', 'L'], ready: /dive: wasted/, back: '1' },
];

async function type(session: { write: (data: string) => void }, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    session.write(key);
    await delay(150);
  }
}

export async function b4v(bench: Bench): Promise<Row[]> {
  await bench.ensureRunning();
  const windowMs = bench.quick ? 15_000 : 60_000;
  const session = bench.launchBerth();
  const probe = new ScreenProbe(session);
  const rows: Row[] = [];
  try {
    await probe.until((v) => RUNNING_NAME.test(v.text), 15_000);
    let settle = SETTLE_MS;
    for (const screen of SCREENS) {
      await type(session, screen.keys);
      await probe.until((v) => screen.ready.test(v.text), 30_000);
      await delay(settle);
      settle = 5000;
      const pid = session.pty.pid;
      const c0 = threadCpuMs(pid);
      const w0 = performance.now();
      await delay(windowMs);
      const cpu = threadCpuMs(pid) - c0;
      const wall = performance.now() - w0;
      const share = (cpu / wall) * 100;
      bench.log(`B4v ${screen.name}: berth ${pct(share)} (${cpu.toFixed(1)} ms CPU in ${Math.round(wall)} ms)`);
      rows.push({
        id: 'B4v',
        figure: `idle CPU of berth, ${Math.round(wall / 1000)} s, 50 running, ${screen.name} shown`,
        berth: `${pct(share)} of a core`,
        spread: `${cpu.toFixed(1)} ms CPU`,
        comparison: screen.note ?? '—',
        ratio: '—',
        budget: `≤ ${BUDGET} % (B4's)`,
        verdict: verdict(share, BUDGET),
      });
      session.write(ESCAPE);
      await delay(300);
      if (screen.back) await type(session, [screen.back]);
      await probe.until((v) => RUNNING_NAME.test(v.text) && !screen.ready.test(v.text), 15_000);
    }
  } finally {
    probe.dispose();
    await bench.quit(session);
  }
  return rows;
}

/**
 * B3: keypress → frame with 1,000 containers listed (`a` shows all). Each key is written to the
 * pty alone, then the figure waits for the frame that shows its effect: the inverse (selected)
 * row changed for j and PgDn, the summary naming the new filter text for typing after `/`.
 * Keys are spaced like a fast typist's (60–160 ms), not phase-locked to any render timer.
 */
import { allShown, jitter, RUNNING_NAME, TOTAL_COUNT, type Bench } from './context.ts';
import { ScreenProbe, type ScreenView } from './probe.ts';
import { summarize, type Summary } from './stats.ts';
import { ms, spread, verdict, type Row } from './table.ts';

const PAGE_DOWN = '\u001b[6~';
const ESCAPE = '\u001b';

export async function press(probe: ScreenProbe, key: string, changed: (view: ScreenView) => boolean): Promise<number> {
  const t0 = performance.now();
  probe.session.write(key);
  return (await probe.until(changed, 5000)) - t0;
}

/**
 * The selection is on the first row under the table header. `a` keeps the selection on the same
 * container, which in the all-containers order may sit near the end, so each phase starts at g.
 */
export function atTop(view: ScreenView): boolean {
  const header = view.lines.findIndex((line) => line.startsWith('CONTAINER ID'));
  return header >= 0 && view.selected?.y === header + 1;
}

export function selectionMoved(probe: ScreenProbe): (view: ScreenView) => boolean {
  const before = probe.view().selected?.text;
  return (v) => v.selected !== undefined && v.selected.text !== before;
}

/**
 * The keypress phases B3 and B11 share, in a list shown whole: from the top, `presses` × j, then
 * from the top again PgDn (at most 40), then each query typed after `/` a key at a time and
 * cleared with Esc. Returns each key's time to the frame that shows its effect.
 */
export async function movePageFilter(probe: ScreenProbe, presses: number, queries: readonly string[]): Promise<{ move: number[]; page: number[]; filter: number[] }> {
  const session = probe.session;
  const move: number[] = [];
  const page: number[] = [];
  const filter: number[] = [];
  session.write('g');
  await probe.until(atTop, 5000);
  await jitter(500, 0);
  for (let i = 0; i < presses; i++) {
    move.push(await press(probe, 'j', selectionMoved(probe)));
    await jitter(60, 100);
  }
  session.write('g');
  await probe.until(atTop, 5000);
  await jitter(200, 0);
  for (let i = 0; i < Math.min(presses, 40); i++) {
    page.push(await press(probe, PAGE_DOWN, selectionMoved(probe)));
    await jitter(60, 100);
  }
  // Queries that narrow the rows step by step, down to one or a few.
  for (const query of queries) {
    filter.push(await press(probe, '/', (v) => v.text.includes('█  (Enter keeps')));
    await jitter(60, 100);
    for (let c = 1; c <= query.length; c++) {
      const text = query.slice(0, c);
      filter.push(await press(probe, query[c - 1] ?? '', (v) => v.text.includes(`filter "${text}"`)));
      await jitter(60, 100);
    }
    session.write(ESCAPE);
    await probe.until((v) => !v.text.includes('filter "'), 5000);
    await jitter(200, 0);
  }
  return { move, page, filter };
}

export async function b3(bench: Bench): Promise<Row[]> {
  await bench.ensureThousand();
  const presses = bench.quick ? 20 : 60;
  const session = bench.launchBerth();
  const probe = new ScreenProbe(session);
  const move: number[] = [];
  const page: number[] = [];
  const filter: number[] = [];
  try {
    await probe.until((v) => RUNNING_NAME.test(v.text), 15_000);
    session.write('a');
    await probe.until(allShown(TOTAL_COUNT), 10_000);
    const times = await movePageFilter(probe, presses, ['bench-idle-123', 'idle-9', 'run-4', 'bench-idle-77', 'dle-5', 'bench-run-17'].slice(0, bench.quick ? 2 : 6));
    move.push(...times.move);
    page.push(...times.page);
    filter.push(...times.filter);
  } finally {
    probe.dispose();
    await bench.quit(session);
  }
  bench.log(`B3: move p95 ${ms(summarize(move).p95)}, page p95 ${ms(summarize(page).p95)}, filter p95 ${ms(summarize(filter).p95)}`);
  const row = (figure: string, s: Summary, limit: number): Row => ({
    id: 'B3',
    figure,
    berth: `${ms(s.p95)} p95 (median ${ms(s.median)})`,
    spread: spread(s, ms),
    comparison: '—',
    ratio: '—',
    budget: `p95 ≤ ${limit} ms`,
    verdict: verdict(s.p95, limit),
  });
  return [
    row('keypress → frame: move (j), 1,000 rows', summarize(move), 30),
    row('keypress → frame: page (PgDn), 1,000 rows', summarize(page), 30),
    row('keypress → frame: filter typing, 1,000 rows', summarize(filter), 50),
  ];
}

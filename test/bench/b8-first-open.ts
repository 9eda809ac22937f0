/**
 * B8: key → first frame of each dialog (run, stop, commit, pull, remove) and of the help and
 * inspect views, the key pressed as soon as berth's first frame with data is on screen: what a
 * person who knows what they want sees on their first key. Each run is a fresh berth, so each
 * open is the first one (the dialog's code loads lazily, preloaded right after the first frame).
 * Runs interleave the targets, so drifting load hits them all alike.
 */
import { RUNNING_NAME, type Bench } from './context.ts';
import { ScreenProbe } from './probe.ts';
import { summarize } from './stats.ts';
import { ms, spread, verdict, type Row } from './table.ts';

interface Target {
  name: string;
  key: string;
  /** The text of the opened view's first frame. */
  shows: RegExp;
}

const TARGETS: readonly Target[] = [
  { name: 'run dialog (r)', key: 'r', shows: /Run a container/ },
  { name: 'stop dialog (s)', key: 's', shows: /Stop bench-run-\d+ \([0-9a-f]{12}\)\?/ },
  { name: 'commit dialog (c)', key: 'c', shows: /Commit bench-run-\d+ .* to an image/ },
  { name: 'pull dialog (p)', key: 'p', shows: /Pull an image/ },
  { name: 'remove dialog (d)', key: 'd', shows: /Remove container bench-run-\d+/ },
  { name: 'help (?)', key: '?', shows: /Keys \(Esc closes\)/ },
  { name: 'inspect (i)', key: 'i', shows: /inspect bench-run-\d+ \(Esc closes\)/ },
];

const BUDGET_MS = 50;

async function firstOpen(bench: Bench, target: Target): Promise<number> {
  const session = bench.launchBerth();
  const probe = new ScreenProbe(session);
  try {
    await probe.until((v) => RUNNING_NAME.test(v.text), 15_000);
    const t0 = performance.now();
    session.write(target.key);
    return (await probe.until((v) => target.shows.test(v.text), 5000)) - t0;
  } finally {
    probe.dispose();
    await bench.quit(session);
  }
}

export async function b8(bench: Bench): Promise<Row[]> {
  await bench.ensureRunning();
  const rounds = bench.quick ? 3 : 7;
  const times = new Map<string, number[]>(TARGETS.map((t) => [t.name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const target of TARGETS) {
      const t = await firstOpen(bench, target);
      times.get(target.name)?.push(t);
    }
    bench.log(`B8 round ${round + 1}/${rounds}: ${TARGETS.map((t) => `${t.key} ${ms(times.get(t.name)?.at(-1) ?? Number.NaN)}`).join(', ')}`);
  }
  return TARGETS.map((target) => {
    const s = summarize(times.get(target.name) ?? []);
    return {
      id: 'B8',
      figure: `first key → frame: ${target.name}`,
      berth: `${ms(s.median)} median`,
      spread: spread(s, ms),
      comparison: '—',
      ratio: '—',
      budget: `median ≤ ${BUDGET_MS} ms`,
      verdict: verdict(s.median, BUDGET_MS),
    };
  });
}

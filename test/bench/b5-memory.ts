/**
 * B5: memory with 1,000 containers and 500 image tags. RSS once start-up has settled, then
 * berth is shown all containers and the images pane (so both lists have been rendered) and left
 * watching for N minutes, sampled every few seconds; the second figure is the last sample.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { IMAGE_TAGS, RUNNING_NAME, TOTAL_COUNT, type Bench } from './context.ts';
import { ScreenProbe } from './probe.ts';
import { rssBytes } from './proc.ts';
import { summarize } from './stats.ts';
import { mb, verdict, type Row } from './table.ts';

export async function b5(bench: Bench): Promise<Row[]> {
  await bench.ensureThousand();
  await bench.ensureImages();
  const watchMs = bench.options.b5Minutes * 60_000;
  const session = bench.launchBerth();
  const probe = new ScreenProbe(session);
  const pid = session.pty.pid;
  const samples: number[] = [];
  let startup = Number.NaN;
  try {
    await probe.until((v) => RUNNING_NAME.test(v.text), 15_000);
    await delay(2000);
    startup = rssBytes(pid);
    session.write('a');
    await probe.until(`all: ${TOTAL_COUNT}`, 10_000);
    session.write('2');
    await probe.until(/\d{3,} tags/, 10_000);
    session.write('1');
    await probe.until(`all: ${TOTAL_COUNT}`, 10_000);
    probe.dispose();
    const step = Math.min(10_000, Math.max(watchMs / 10, 1000));
    const until = performance.now() + watchMs;
    do {
      await delay(Math.min(step, Math.max(until - performance.now(), 0)));
      samples.push(rssBytes(pid));
    } while (performance.now() < until);
  } finally {
    await bench.quit(session);
  }
  const s = summarize(samples);
  const last = samples[samples.length - 1] ?? Number.NaN;
  const minutes = bench.options.b5Minutes;
  const span = minutes >= 1 ? `${minutes} min` : `${Math.round(minutes * 60)} s`;
  bench.log(`B5: RSS ${mb(startup)} after start-up, ${mb(last)} after ${span} (max ${mb(s.max)})`);
  const what = `${TOTAL_COUNT} containers, ${IMAGE_TAGS} tags`;
  return [
    { id: 'B5', figure: `RSS after start-up, ${what}`, berth: mb(startup), spread: '1 run', comparison: '—', ratio: '—', budget: '≤ 80 MB', verdict: verdict(startup, 80 * 1024 * 1024) },
    {
      id: 'B5',
      figure: `RSS after ${span} watching, ${what}`,
      berth: mb(last),
      spread: `${mb(s.min)}–${mb(s.max)} over the window, n=${s.n}`,
      comparison: '—',
      ratio: '—',
      budget: '≤ 80 MB',
      verdict: verdict(Math.max(last, s.max), 80 * 1024 * 1024),
    },
  ];
}

/**
 * B5: memory with 1,000 containers and 500 image tags. RSS once start-up has settled (4 s after
 * the first frame: berth gives start-up's memory back 1.5 s after things went quiet), the median
 * of three sessions — one reading moves by several MB between sessions with nothing changed;
 * then, in the last session, berth is shown all containers and the images pane (so both lists
 * have been rendered) and left watching for N minutes, sampled every few seconds; the second
 * figure is the last sample.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { allShown, IMAGE_TAGS, RUNNING_NAME, TOTAL_COUNT, type Bench } from './context.ts';
import { ScreenProbe } from './probe.ts';
import { rssBytes } from './proc.ts';
import { summarize } from './stats.ts';
import { mb, verdict, type Row } from './table.ts';

/** Issue 39's budget (it was 80 MB). */
const BUDGET_MB = 70;

/** Sessions whose RSS after start-up is read; the figure is their median. */
const SESSIONS = 3;

/** One session's RSS after start-up; the session is left running when `keep`. */
async function startupRss(bench: Bench, keep: boolean): Promise<{ rss: number; session?: ReturnType<Bench['launchBerth']> }> {
  const session = bench.launchBerth();
  const probe = new ScreenProbe(session);
  try {
    await probe.until((v) => RUNNING_NAME.test(v.text), 15_000);
    await delay(4000);
    return { rss: rssBytes(session.pty.pid), session: keep ? session : undefined };
  } finally {
    probe.dispose();
    if (!keep) await bench.quit(session);
  }
}

export async function b5(bench: Bench): Promise<Row[]> {
  await bench.ensureThousand();
  await bench.ensureImages();
  const watchMs = bench.options.b5Minutes * 60_000;
  const startups: number[] = [];
  for (let i = 0; i < SESSIONS - 1; i++) startups.push((await startupRss(bench, false)).rss);
  const last = await startupRss(bench, true);
  startups.push(last.rss);
  const session = last.session ?? bench.launchBerth();
  const probe = new ScreenProbe(session);
  const pid = session.pty.pid;
  const samples: number[] = [];
  const sessions = summarize(startups);
  const startup = sessions.median;
  try {
    session.write('a');
    await probe.until(allShown(TOTAL_COUNT), 10_000);
    session.write('2');
    await probe.until(/\d{3,} tags/, 10_000);
    session.write('1');
    await probe.until(allShown(TOTAL_COUNT), 10_000);
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
  const lastSample = samples[samples.length - 1] ?? Number.NaN;
  const minutes = bench.options.b5Minutes;
  const span = minutes >= 1 ? `${minutes} min` : `${Math.round(minutes * 60)} s`;
  bench.log(`B5: RSS ${mb(startup)} after start-up (${startups.map(mb).join(', ')}), ${mb(lastSample)} after ${span} (max ${mb(s.max)})`);
  const what = `${TOTAL_COUNT} containers, ${IMAGE_TAGS} tags`;
  return [
    { id: 'B5', figure: `RSS after start-up, ${what}`, berth: `${mb(startup)} median`, spread: `${mb(sessions.min)}–${mb(sessions.max)}, n=${sessions.n} sessions`, comparison: '—', ratio: '—', budget: `≤ ${BUDGET_MB} MB`, verdict: verdict(startup, BUDGET_MB * 1024 * 1024) },
    {
      id: 'B5',
      figure: `RSS after ${span} watching, ${what}`,
      berth: mb(lastSample),
      spread: `${mb(s.min)}–${mb(s.max)} over the window, n=${s.n}`,
      comparison: '—',
      ratio: '—',
      budget: `≤ ${BUDGET_MB} MB`,
      verdict: verdict(Math.max(lastSample, s.max), BUDGET_MB * 1024 * 1024),
    },
  ];
}

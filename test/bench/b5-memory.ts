/**
 * B5: memory with 1,000 containers and 500 image tags. RSS once start-up has settled (4 s after
 * the first frame: berth gives start-up's memory back 1.5 s after things went quiet), the median
 * of three sessions — one reading moves by several MB between sessions with nothing changed;
 * then, in the last session, berth is shown all containers and the images pane (so both lists
 * have been rendered) and left watching for N minutes, sampled every few seconds; the second
 * figure is the last sample. With BERTH_BENCH_LAZYDOCKER, lazydocker (the anchor) runs beside berth
 * in each session on the same fixture and is read the same way: 4 s after it shows the list, and
 * at the end of the watch (it shows all containers from its start; it is not walked through its
 * images, its memory after the watch is that of its own refreshes).
 */
import { setTimeout as delay } from 'node:timers/promises';
import { allShown, CREATED_PREFIX, IMAGE_TAGS, RUNNING_NAME, RUNNING_PREFIX, TOTAL_COUNT, type Bench } from './context.ts';
import { ScreenProbe } from './probe.ts';
import { rssBytes } from './proc.ts';
import { summarize } from './stats.ts';
import { mb, verdict, type Row } from './table.ts';

/** Issue 52's budget (issue 39's was 70 MB, 80 before it). */
const BUDGET_MB = 65;

/** Sessions whose RSS after start-up is read; the figure is their median. */
const SESSIONS = 3;

type Session = ReturnType<Bench['launchBerth']>;

/** lazydocker's list of 1,000 in its small pane, sorted its own way: any of the fixture's names. */
const FIXTURE_NAME = new RegExp(`(?:${RUNNING_PREFIX}|${CREATED_PREFIX})-\\d+`);

/**
 * One session's RSS after start-up, berth's and (with a binary) lazydocker's, each read 4 s after
 * it showed the list; both sessions are left running when `keep`.
 */
async function startupRss(bench: Bench, keep: boolean): Promise<{ rss: number; lazyRss?: number; session?: Session; lazy?: Session }> {
  const session = bench.launchBerth();
  const probe = new ScreenProbe(session);
  const binary = bench.lazydocker;
  const lazy = binary ? bench.launchLazydocker(binary) : undefined;
  const lazyProbe = lazy ? new ScreenProbe(lazy) : undefined;
  let lazyKept = false;
  try {
    await probe.until((v) => RUNNING_NAME.test(v.text), 15_000);
    const berthShown = performance.now();
    // lazydocker is the comparison, not the figure: one that shows no list in time is left out.
    const lazyShown = await lazyProbe?.until((v) => FIXTURE_NAME.test(v.text), 30_000).then(
      () => performance.now(),
      () => (bench.log('B5: lazydocker showed no container in 30 s; left out of this session'), undefined),
    );
    await delay(Math.max(0, berthShown + 4000 - performance.now()));
    const rss = rssBytes(session.pty.pid);
    if (!lazy || lazyShown === undefined) return { rss, session: keep ? session : undefined };
    await delay(Math.max(0, lazyShown + 4000 - performance.now()));
    lazyKept = keep;
    return { rss, lazyRss: rssBytes(lazy.pty.pid), session: keep ? session : undefined, lazy: keep ? lazy : undefined };
  } finally {
    probe.dispose();
    lazyProbe?.dispose();
    if (!keep) await bench.quit(session);
    if (lazy && !lazyKept) await bench.quit(lazy);
  }
}

export async function b5(bench: Bench): Promise<Row[]> {
  await bench.ensureThousand();
  await bench.ensureImages();
  const watchMs = bench.options.b5Minutes * 60_000;
  let last: Awaited<ReturnType<typeof startupRss>> = { rss: Number.NaN };
  const startups: number[] = [];
  const lazyStartups: number[] = [];
  for (let i = 0; i < SESSIONS; i++) {
    const one = await startupRss(bench, i === SESSIONS - 1);
    startups.push(one.rss);
    if (one.lazyRss !== undefined) lazyStartups.push(one.lazyRss);
    if (i === SESSIONS - 1) last = one;
  }
  const session = last.session ?? bench.launchBerth();
  const lazy = last.lazy;
  let lazyAfter: number | undefined;
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
    if (lazy) lazyAfter = rssBytes(lazy.pty.pid);
  } finally {
    await bench.quit(session);
    if (lazy) await bench.quit(lazy);
  }
  const s = summarize(samples);
  const lastSample = samples[samples.length - 1] ?? Number.NaN;
  const minutes = bench.options.b5Minutes;
  const span = minutes >= 1 ? `${minutes} min` : `${Math.round(minutes * 60)} s`;
  const l = lazyStartups.length > 0 ? summarize(lazyStartups) : undefined;
  const lazyLine = l ? `; lazydocker ${mb(l.median)} after start-up (${lazyStartups.map(mb).join(', ')})${lazyAfter === undefined ? '' : `, ${mb(lazyAfter)} after ${span}`}` : '';
  bench.log(`B5: RSS ${mb(startup)} after start-up (${startups.map(mb).join(', ')}), ${mb(lastSample)} after ${span} (max ${mb(s.max)})${lazyLine}`);
  const what = `${TOTAL_COUNT} containers, ${IMAGE_TAGS} tags`;
  const beside = (berth: number, anchor: number | undefined) => (anchor === undefined ? { comparison: '—', ratio: '—' } : { comparison: `lazydocker ${mb(anchor)}`, ratio: `${(berth / anchor).toFixed(2)}× lazydocker` });
  return [
    { id: 'B5', figure: `RSS after start-up, ${what}`, berth: `${mb(startup)} median`, spread: `${mb(sessions.min)}–${mb(sessions.max)}, n=${sessions.n} sessions`, ...beside(startup, l?.median), budget: `≤ ${BUDGET_MB} MB`, verdict: verdict(startup, BUDGET_MB * 1024 * 1024) },
    {
      id: 'B5',
      figure: `RSS after ${span} watching, ${what}`,
      berth: mb(lastSample),
      spread: `${mb(s.min)}–${mb(s.max)} over the window, n=${s.n}`,
      ...beside(lastSample, lazyAfter),
      budget: `≤ ${BUDGET_MB} MB`,
      verdict: verdict(Math.max(lastSample, s.max), BUDGET_MB * 1024 * 1024),
    },
  ];
}

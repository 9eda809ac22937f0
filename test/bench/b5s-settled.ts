/**
 * B5s and B5f: memory once berth has settled on the screen B1 sees (50 running containers), and
 * the floor it stands on. Each session starts berth and, beside it, an idle `node` on the same
 * binary (a timer, nothing else: B5f), and reads both RSS figures 20 s after their start; the
 * figures are the medians of three sessions. What berth holds above the floor is berth's, Yoga's
 * and React's; the floor is Node's own (its binary's resident pages, V8's heap, ICU, OpenSSL).
 * With BERTH_BENCH_LAZYDOCKER, lazydocker (the anchor) runs in the same sessions on the same 50
 * and is read the same way, 20 s after its start.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { RUNNING_NAME, type Bench } from './context.ts';
import { ScreenProbe } from './probe.ts';
import { rssBytes } from './proc.ts';
import { summarize } from './stats.ts';
import { mb, verdict, type Row } from './table.ts';

const SESSIONS = 3;
/** When both readings are taken, counted from each process's launch. */
const READ_AFTER_MS = 20_000;
const BUDGET_MB = 52;

/** The idle node of B5f: what any Node program holds before it does anything. */
export const IDLE_NODE_SCRIPT = 'setInterval(() => {}, 1000)';

/** One session: berth and the idle node, started together, each read 20 s after its start. */
async function session(bench: Bench): Promise<{ berth: number; floor: number; lazydocker?: number }> {
  const floorStarted = performance.now();
  const floor = bench.launchCommand(bench.berthNode.path, ['-e', IDLE_NODE_SCRIPT], { NODE_EXTRA_CA_CERTS: undefined });
  const berthStarted = performance.now();
  const berth = bench.launchBerth();
  const probe = new ScreenProbe(berth);
  const binary = bench.lazydocker;
  const lazyStarted = performance.now();
  const lazy = binary ? bench.launchLazydocker(binary) : undefined;
  const lazyProbe = lazy ? new ScreenProbe(lazy) : undefined;
  try {
    // The reading is of berth (and lazydocker) showing the list, not of one that could not start.
    await probe.until((v) => RUNNING_NAME.test(v.text), 15_000);
    await lazyProbe?.until((v) => RUNNING_NAME.test(v.text), 15_000);
    await delay(Math.max(0, floorStarted + READ_AFTER_MS - performance.now()));
    const floorRss = rssBytes(floor.pty.pid);
    await delay(Math.max(0, berthStarted + READ_AFTER_MS - performance.now()));
    const berthRss = rssBytes(berth.pty.pid);
    if (!lazy) return { berth: berthRss, floor: floorRss };
    await delay(Math.max(0, lazyStarted + READ_AFTER_MS - performance.now()));
    return { berth: berthRss, floor: floorRss, lazydocker: rssBytes(lazy.pty.pid) };
  } finally {
    probe.dispose();
    lazyProbe?.dispose();
    await bench.quit(berth);
    if (lazy) await bench.quit(lazy);
    await bench.dispose(floor);
  }
}

export async function b5s(bench: Bench): Promise<Row[]> {
  await bench.ensureRunning();
  const berth: number[] = [];
  const floor: number[] = [];
  const lazydocker: number[] = [];
  for (let i = 0; i < SESSIONS; i++) {
    const one = await session(bench);
    berth.push(one.berth);
    floor.push(one.floor);
    if (one.lazydocker !== undefined) lazydocker.push(one.lazydocker);
  }
  const b = summarize(berth);
  const f = summarize(floor);
  const l = lazydocker.length > 0 ? summarize(lazydocker) : undefined;
  bench.log(`B5s: berth ${berth.map(mb).join(', ')}; idle node ${floor.map(mb).join(', ')}${l ? `; lazydocker ${lazydocker.map(mb).join(', ')}` : ''} (20 s after start)`);
  const sessions = (s: typeof b) => `${mb(s.min)}–${mb(s.max)}, n=${s.n} sessions`;
  return [
    {
      id: 'B5s',
      figure: 'RSS 20 s after start, 50 running',
      berth: `${mb(b.median)} median`,
      spread: sessions(b),
      comparison: `idle node ${mb(f.median)} (B5f)${l ? `; lazydocker ${mb(l.median)}` : ''}`,
      ratio: `+${mb(b.median - f.median)} over the floor${l ? `; ${(b.median / l.median).toFixed(2)}× lazydocker` : ''}`,
      budget: `≤ ${BUDGET_MB} MB`,
      verdict: verdict(b.median, BUDGET_MB * 1024 * 1024),
    },
    { id: 'B5f', figure: 'floor: RSS of an idle node (a timer), 20 s after start', berth: `${mb(f.median)} median`, spread: sessions(f), comparison: '—', ratio: '—', budget: '(reported)', verdict: '—' },
  ];
}

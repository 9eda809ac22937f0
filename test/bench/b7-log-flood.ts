/**
 * B7: log flood. A container runs busybox `yes` (as fast as the engine takes it; json-file
 * rotation keeps the sandbox's tmpfs small) and berth follows its logs for 10 s. Meanwhile `f`
 * is pressed every few hundred ms: keypress → a frame whose header says following/paused the
 * other way; RSS is sampled throughout; at the end, `q` → the process has exited.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { LOCAL_BUSYBOX } from '../sandbox/images.ts';
import { jitter, RUNNING_NAME, type Bench } from './context.ts';
import { ScreenProbe, type ScreenView } from './probe.ts';
import { rssBytes } from './proc.ts';
import { summarize } from './stats.ts';
import { mb, ms, spread, verdict, type Row } from './table.ts';

function header(view: ScreenView, name: string): string {
  return view.lines.find((line) => line.startsWith(`logs ${name}`)) ?? '';
}

async function floodRun(bench: Bench, run: number, floodMs: number): Promise<{ keys: number[]; rss: number; quit: number }> {
  const name = `bench-yes-${run}`;
  const { Id: id } = await bench.api<{ Id: string }>('POST', `/containers/create?name=${name}`, {
    Image: LOCAL_BUSYBOX,
    Cmd: ['yes'],
    HostConfig: { Init: true, LogConfig: { Type: 'json-file', Config: { 'max-size': '20m', 'max-file': '2' } } },
  });
  const keys: number[] = [];
  let rss = 0;
  let quit = Number.NaN;
  const session = bench.launchBerth();
  const probe = new ScreenProbe(session);
  const pid = session.pty.pid;
  const sampler = setInterval(() => {
    try {
      rss = Math.max(rss, rssBytes(pid));
    } catch {
      // exited between samples
    }
  }, 100);
  try {
    await bench.api('POST', `/containers/${id}/start`);
    await probe.until((v) => RUNNING_NAME.test(v.text) && v.text.includes(name), 15_000);
    session.write(`/${name}\r`);
    await probe.until(`filter "${name}"`, 5000);
    session.write('\r');
    await probe.until((v) => header(v, name).includes('following'), 10_000);
    const until = performance.now() + floodMs;
    while (performance.now() < until) {
      await jitter(200, 200);
      const wasFollowing = header(probe.view(), name).includes('following');
      const t0 = performance.now();
      session.write('f');
      const at = await probe.until((v) => {
        const h = header(v, name);
        return wasFollowing ? h.includes('paused') : h.includes('following');
      }, 5000);
      keys.push(at - t0);
    }
    clearInterval(sampler);
    rss = Math.max(rss, rssBytes(pid));
    const t0 = performance.now();
    const exitedAt = await bench.quit(session, 5000);
    quit = exitedAt === undefined ? Number.POSITIVE_INFINITY : exitedAt - t0;
  } finally {
    clearInterval(sampler);
    probe.dispose();
    await bench.dispose(session);
    await bench.api('DELETE', `/containers/${id}?force=true`).catch(() => undefined);
  }
  return { keys, rss, quit };
}

export async function b7(bench: Bench): Promise<Row[]> {
  await bench.ensureRunning();
  const runs = bench.quick ? 1 : 3;
  const keys: number[] = [];
  const rss: number[] = [];
  const quit: number[] = [];
  for (let i = 0; i < runs; i++) {
    const r = await floodRun(bench, i, 10_000);
    keys.push(...r.keys);
    rss.push(r.rss);
    quit.push(r.quit);
    bench.log(`B7 run ${i + 1}/${runs}: key p95 ${ms(summarize(r.keys).p95)} (n=${r.keys.length}), RSS max ${mb(r.rss)}, q → exit ${ms(r.quit)}`);
    await delay(1000);
  }
  const sk = summarize(keys);
  const sr = summarize(rss);
  const sq = summarize(quit);
  return [
    {
      id: 'B7',
      figure: 'log flood (yes, 10 s): keypress → frame',
      berth: `${ms(sk.p95)} p95 (median ${ms(sk.median)})`,
      spread: spread(sk, ms),
      comparison: '—',
      ratio: '—',
      budget: 'p95 ≤ 100 ms',
      verdict: verdict(sk.p95, 100),
    },
    {
      id: 'B7',
      figure: 'log flood: peak RSS',
      berth: `${mb(sr.max)} max`,
      spread: spread(sr, mb),
      comparison: '—',
      ratio: '—',
      budget: '≤ 200 MB',
      verdict: verdict(sr.max, 200 * 1024 * 1024),
    },
    {
      id: 'B7',
      figure: 'log flood: q → process exit',
      berth: `${ms(sq.median)} median`,
      spread: spread(sq, ms),
      comparison: '—',
      ratio: '—',
      budget: '≤ 300 ms',
      verdict: verdict(sq.median, 300),
    },
  ];
}

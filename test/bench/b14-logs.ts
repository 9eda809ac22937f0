/**
 * B14: the logs view on a big log. A container writes 1,000,000 lines (~200 MB: odd lines JSON,
 * even lines plain, every 10,000th line holds the word "needle") and berth opens its logs:
 * Enter → the first screen of the tail; `g` → the oldest line on screen; a whole-history search
 * for "needle" → the count on screen. Beside each, in the same run, what the docker CLI takes for
 * the same answer (`docker logs c | head -1`, `docker logs c | grep -c needle`), and the CPU the
 * engine spends for each; berth's RSS is sampled all along (it must never hold the whole log).
 */
import { spawn } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { LOCAL_BUSYBOX } from '../sandbox/images.ts';
import type { Bench } from './context.ts';
import { ScreenProbe } from './probe.ts';
import { CpuMeter, rssBytes, threadCpuMs } from './proc.ts';
import { summarize } from './stats.ts';
import { mb, ms, ratio, spread, verdict, type Row } from './table.ts';

const NAME = 'bench-biglog';
const LINES = 1_000_000;
const NEEDLE_EVERY = 10_000;
// ~200 bytes a line: a JSON object or a plain line, padded.
const PAD = 'p'.repeat(150);
const SCRIPT = `awk 'BEGIN { for (i = 1; i <= ${LINES}; i++) {
  w = (i % ${NEEDLE_EVERY} == 0) ? "needle" : "hay";
  if (i % 2) printf "{\\"i\\":%d,\\"level\\":\\"info\\",\\"word\\":\\"%s\\",\\"pad\\":\\"${PAD}\\"}\\n", i, w;
  else printf "plain %d WARN %s ${PAD}\\n", i, w;
} }'; sleep 86400`;

/** Wall ms of a shell pipeline over the docker CLI, and the engine's CPU ms meanwhile; its stdout. */
async function pipeline(bench: Bench, command: string): Promise<{ ms: number; engineMs: number; out: string }> {
  const engine = new CpuMeter(bench.dockerdPid());
  const t0 = performance.now();
  const child = spawn('/bin/sh', ['-c', command], { env: { ...process.env, ...bench.dockerEnv(), DOCKER: bench.sandbox.dockerCliPath }, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  await new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', () => resolve());
  });
  const wall = performance.now() - t0;
  return { ms: wall, engineMs: engine.read().cpuMs, out: out.trim() };
}

async function ensureBigLog(bench: Bench): Promise<void> {
  const existing = await bench.api<{ State?: { Running?: boolean } }>('GET', `/containers/${NAME}/json`).catch(() => undefined);
  if (!existing?.State?.Running) {
    await bench.api('DELETE', `/containers/${NAME}?force=1`).catch(() => undefined);
    await bench.api('POST', `/containers/create?name=${NAME}`, { Image: LOCAL_BUSYBOX, Cmd: ['sh', '-c', SCRIPT], HostConfig: { NetworkMode: 'none' } });
    await bench.api('POST', `/containers/${NAME}/start`);
  }
  // The engine holds all of it once the last line is in its log.
  for (let tries = 0; tries < 1200; tries++) {
    const last = await pipeline(bench, `"$DOCKER" logs --tail 1 ${NAME}`);
    if (last.out.startsWith(`plain ${LINES} `)) return;
    await delay(250);
  }
  throw new Error(`${NAME} did not write its ${LINES} lines in 5 minutes`);
}

interface Round {
  open: number;
  oldest: number;
  search: number;
  engineOldest: number;
  engineSearch: number;
  /** berth's own CPU (its threads' scheduler time) for `g` and for the search: what the wall time hides on a busy machine. */
  berthOldest: number;
  berthSearch: number;
  head: number;
  grep: number;
  engineHead: number;
  engineGrep: number;
  rss: number;
}

async function round(bench: Bench, expected: number): Promise<Round> {
  // Wide enough for the whole status line (what is loaded, the search's count).
  const session = bench.launchBerth({ cols: 240 });
  const probe = new ScreenProbe(session);
  const pid = session.pty.pid;
  let rss = 0;
  const sample = () => {
    try {
      rss = Math.max(rss, rssBytes(pid));
    } catch {
      // exited between samples
    }
  };
  const sampler = setInterval(sample, 50);
  try {
    await probe.until(NAME, 15_000);
    session.write(`/${NAME}\r`);
    await probe.until(`filter "${NAME}"`, 5000);
    // Enter → the tail's last line on screen, with the status line saying what is loaded.
    let t0 = performance.now();
    session.write('\r');
    const opened = await probe.until((v) => v.text.includes(`plain ${LINES} WARN`) && /lines loaded/.test(v.text), 30_000);
    const open = opened - t0;
    // g → the first line of the log on screen.
    let engine = new CpuMeter(bench.dockerdPid());
    let berthCpu = threadCpuMs(pid);
    t0 = performance.now();
    session.write('g');
    const oldestAt = await probe.until((v) => /lines 1–[\d,]+ (of [\d,]+ )?loaded/.test(v.text) && /"i":\s*1,/.test(v.text), 60_000);
    const oldest = oldestAt - t0;
    const engineOldest = engine.read().cpuMs;
    const berthOldest = threadCpuMs(pid) - berthCpu;
    // A search of the whole history → its count.
    engine = new CpuMeter(bench.dockerdPid());
    berthCpu = threadCpuMs(pid);
    t0 = performance.now();
    session.write('/needle\r');
    const countPattern = /"needle" ([\d,]+) in the whole history/;
    const searchedAt = await probe.until(countPattern, 120_000);
    const search = searchedAt - t0;
    const engineSearch = engine.read().cpuMs;
    const berthSearch = threadCpuMs(pid) - berthCpu;
    const found = Number((countPattern.exec(probe.view().text)?.[1] ?? '').replace(/,/g, ''));
    if (found !== expected) throw new Error(`berth counted ${found} lines with "needle", docker logs | grep ${expected}`);
    sample();
    clearInterval(sampler);
    await bench.quit(session, 5000);
    // The CLI's same answers, right after (same engine, same cache state).
    const head = await pipeline(bench, `"$DOCKER" logs ${NAME} 2>&1 | head -1`);
    const grep = await pipeline(bench, `"$DOCKER" logs ${NAME} 2>&1 | grep -c needle`);
    return { open, oldest, search, engineOldest, engineSearch, berthOldest, berthSearch, head: head.ms, grep: grep.ms, engineHead: head.engineMs, engineGrep: grep.engineMs, rss };
  } finally {
    clearInterval(sampler);
    probe.dispose();
    await bench.dispose(session);
  }
}

export async function b14(bench: Bench): Promise<Row[]> {
  await ensureBigLog(bench);
  const expected = Number((await pipeline(bench, `"$DOCKER" logs ${NAME} 2>&1 | grep -c needle`)).out);
  const runs = bench.quick ? 1 : 3;
  const rounds: Round[] = [];
  for (let i = 0; i < runs; i++) {
    const r = await round(bench, expected);
    rounds.push(r);
    bench.log(`B14 run ${i + 1}/${runs}: open ${ms(r.open)}, g ${ms(r.oldest)} (berth's CPU ${ms(r.berthOldest)}; head -1 ${ms(r.head)}), search ${ms(r.search)} (berth's CPU ${ms(r.berthSearch)}; grep -c ${ms(r.grep)}), RSS max ${mb(r.rss)}`);
  }
  const s = (pick: (r: Round) => number) => summarize(rounds.map(pick));
  const open = s((r) => r.open);
  const oldest = s((r) => r.oldest);
  const head = s((r) => r.head);
  const search = s((r) => r.search);
  const grep = s((r) => r.grep);
  const rss = s((r) => r.rss);
  const cpu = (pick: (r: Round) => number) => ms(s(pick).median);
  return [
    { id: 'B14', figure: `logs of ${LINES.toLocaleString('en-US')} lines (~200 MB): Enter → first screen`, berth: `${ms(open.median)} median`, spread: spread(open, ms), comparison: '—', ratio: '—', budget: '≤ 150 ms', verdict: verdict(open.median, 150) },
    {
      id: 'B14',
      figure: "g → the oldest line on screen (engine CPU; berth's)",
      berth: `${ms(oldest.median)} median (engine ${cpu((r) => r.engineOldest)}; berth ${cpu((r) => r.berthOldest)})`,
      spread: spread(oldest, ms),
      comparison: `docker logs | head -1 ${ms(head.median)} (engine ${cpu((r) => r.engineHead)})`,
      ratio: ratio(oldest.median, head.median),
      budget: '≤ 1.5× head -1',
      verdict: verdict(oldest.median, 1.5 * head.median),
    },
    {
      id: 'B14',
      figure: "a word in 1 of 10,000 lines, whole history → count (engine CPU; berth's)",
      berth: `${ms(search.median)} median (engine ${cpu((r) => r.engineSearch)}; berth ${cpu((r) => r.berthSearch)})`,
      spread: spread(search, ms),
      comparison: `docker logs | grep -c ${ms(grep.median)} (engine ${cpu((r) => r.engineGrep)})`,
      ratio: ratio(search.median, grep.median),
      budget: '≤ 1.5× grep -c',
      verdict: verdict(search.median, 1.5 * grep.median),
    },
    { id: 'B14', figure: 'berth RSS through all of it', berth: `${mb(rss.max)} max`, spread: spread(rss, mb), comparison: '—', ratio: '—', budget: '≤ 150 MB', verdict: verdict(rss.max, 150 * 1024 * 1024) },
  ];
}

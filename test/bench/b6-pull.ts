/**
 * B6: pull overhead. A ~200 MB image in 10 layers of random bytes, in the sandbox registry,
 * pulled through berth's pull dialog — from Enter to the pull's block saying "pulled" —
 * against `docker pull` of the same image in a pty (spawn → exit), each from a clean image store.
 * Runs alternate which goes first so a warm registry or page cache favours neither.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { LARGE_LAYER_MIB, LARGE_LAYERS, RUNNING_NAME, type Bench } from './context.ts';
import { ScreenProbe } from './probe.ts';
import { CpuMeter, machineQuiet } from './proc.ts';
import { medianInterval, summarize } from './stats.ts';
import { ms, pct, spread, verdict, type Row } from './table.ts';

async function clean(bench: Bench, reference: string): Promise<void> {
  await bench.sandbox.docker(['rmi', '--force', reference]).catch(() => undefined);
  await bench.sandbox.docker(['image', 'prune', '--force']);
  // The last pull's 200 MB of layers are still being written back (and their removal too): left
  // to the kernel, that writeback lands in whichever pull comes next, berth's or docker's.
  await promisify(execFile)('sync');
  await machineQuiet();
}

async function berthPull(bench: Bench, reference: string): Promise<{ wall: number; cpu: number }> {
  const session = bench.launchBerth();
  const probe = new ScreenProbe(session);
  try {
    await probe.until((v) => RUNNING_NAME.test(v.text), 15_000);
    session.write('p');
    await probe.until('Pull an image', 5000);
    session.write(reference);
    // The credential lookup has answered: what a person waits for before pressing Enter.
    await probe.until((v) => v.text.includes(`pulls ${reference.slice(0, 20)}`) && /credentials: (?!looking|found for the image)/.test(v.text), 15_000);
    const meter = new CpuMeter(session.pty.pid);
    const t0 = performance.now();
    session.write('\r');
    const done = await probe.until((v) => v.lines.some((line) => line.includes('✓') && / pulled /.test(line)), 120_000);
    const cpu = meter.read();
    return { wall: done - t0, cpu: cpu.percent };
  } finally {
    probe.dispose();
    await bench.quit(session);
  }
}

async function dockerPull(bench: Bench, reference: string): Promise<number> {
  const t0 = performance.now();
  const session = bench.launchCommand(bench.sandbox.dockerCliPath, ['pull', reference], bench.dockerEnv());
  try {
    const exit = await session.exited;
    if (exit.exitCode !== 0) throw new Error(`docker pull exited ${exit.exitCode}: ${session.raw.slice(-300)}`);
    return performance.now() - t0;
  } finally {
    await bench.dispose(session);
  }
}

/** The budget's margin over `docker pull`: ratio ≤ 1 + MARGIN. */
const MARGIN = 0.03;
const MIN_PAIRS = 20;
const MAX_PAIRS = 60;

export async function b6(bench: Bench): Promise<Row[]> {
  await bench.ensureRunning();
  const reference = await bench.ensureLargeImage();
  // dockerd's own pull time varies by ±5 % from one pull to the next (1635–1789 ms for the same
  // `docker pull`, back to back), more than the budget's 3 %: the ratio is judged per pair (a
  // berth pull and the `docker pull` beside it, so a slow stretch of the machine hits both), and
  // pairs are added until the 95 % interval of their median is narrower than the budget's margin
  // (±3 %) — 15 pairs left it at ±6–8 %, 25 at ±3.1 % — or until MAX_PAIRS, when the table shows
  // the wider interval as it is.
  const [minPairs, maxPairs] = bench.quick ? [2, 2] : [MIN_PAIRS, MAX_PAIRS];
  const berth: number[] = [];
  const docker: number[] = [];
  const cpu: number[] = [];
  const pairRatios = () => berth.map((b, i) => b / (docker[i] ?? Number.NaN));
  const narrowEnough = () => {
    const { low, high } = medianInterval(pairRatios());
    return (high - low) / 2 < MARGIN;
  };
  for (let i = 0; i < maxPairs && (i < minPairs || !narrowEnough()); i++) {
    const order = i % 2 === 0 ? (['docker', 'berth'] as const) : (['berth', 'docker'] as const);
    for (const who of order) {
      await clean(bench, reference);
      if (who === 'docker') docker.push(await dockerPull(bench, reference));
      else {
        const r = await berthPull(bench, reference);
        berth.push(r.wall);
        cpu.push(r.cpu);
      }
    }
    bench.log(`B6 pair ${i + 1} (of ${minPairs}–${maxPairs}): berth ${ms(berth[i] ?? NaN)} (CPU ${pct(cpu[i] ?? NaN)}), docker pull ${ms(docker[i] ?? NaN)}`);
  }
  await clean(bench, reference);
  const sb = summarize(berth);
  const sd = summarize(docker);
  const sc = summarize(cpu);
  const pairs = pairRatios();
  const wallRatio = summarize(pairs).median;
  const interval = medianInterval(pairs);
  return [
    {
      id: 'B6',
      figure: `pull ${LARGE_LAYERS * LARGE_LAYER_MIB} MiB image (${LARGE_LAYERS} layers): wall`,
      berth: `${ms(sb.median)} median`,
      spread: spread(sb, ms),
      comparison: `docker pull ${ms(sd.median)} (${ms(sd.min)}–${ms(sd.max)})`,
      ratio: `${wallRatio.toFixed(3)}× median of ${pairs.length} pairs (95 % interval ${interval.low.toFixed(3)}–${interval.high.toFixed(3)})`,
      budget: `ratio ≤ ${1 + MARGIN}`,
      verdict: verdict(wallRatio, 1 + MARGIN),
    },
    {
      id: 'B6',
      figure: 'pull: berth CPU during the pull',
      berth: `${pct(sc.median)} of a core median`,
      spread: spread(sc, pct),
      comparison: '—',
      ratio: '—',
      // Issue 52 (was 15 %).
      budget: '≤ 10 %',
      verdict: verdict(sc.median, 10),
    },
  ];
}

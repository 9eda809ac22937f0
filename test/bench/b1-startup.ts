/**
 * B1: start → first frame showing container data, with 50 running containers. Compared in the
 * same run with `docker ps` (spawn → a container name on screen) and `node -e 0` (spawn → exit:
 * the floor any Node program pays). Runs interleave so drifting load hits all three alike.
 */
import { RUNNING_NAME, type Bench } from './context.ts';
import { ScreenProbe } from './probe.ts';
import { summarize } from './stats.ts';
import { ms, ratio, spread, verdict, type Row } from './table.ts';

/** Spawn → the first frame showing a running container's name (B1, B12). */
export async function timeToScreen(bench: Bench, launch: () => ReturnType<Bench['launchBerth']>, isBerth: boolean): Promise<number> {
  const t0 = performance.now();
  const session = launch();
  const probe = new ScreenProbe(session);
  try {
    const at = await probe.until((v) => RUNNING_NAME.test(v.text), 15_000);
    return at - t0;
  } finally {
    probe.dispose();
    if (isBerth) await bench.quit(session);
    else {
      await Promise.race([session.exited, new Promise((r) => setTimeout(r, 5000))]);
      await bench.dispose(session);
    }
  }
}

async function timeToExit(bench: Bench, command: string, args: string[]): Promise<number> {
  const t0 = performance.now();
  const session = bench.launchCommand(command, args);
  try {
    await session.exited;
    return performance.now() - t0;
  } finally {
    await bench.dispose(session);
  }
}

export async function b1(bench: Bench): Promise<Row[]> {
  await bench.ensureRunning();
  const runs = bench.quick ? 5 : 11;
  const berth: number[] = [];
  const ps: number[] = [];
  const floor: number[] = [];
  const docker = bench.sandbox.dockerCliPath;
  // One unmeasured round first: the page cache and the engine's own caches warm up.
  for (let i = -1; i < runs; i++) {
    const b = await timeToScreen(bench, () => bench.launchBerth(), true);
    // docker ps's rows are ~150 columns: in 120 they wrap and split the name the probe looks for.
    const p = await timeToScreen(bench, () => bench.launchCommand(docker, ['ps'], bench.dockerEnv(), 250), false);
    const n = await timeToExit(bench, process.execPath, ['-e', '0']);
    if (i < 0) continue;
    berth.push(b);
    ps.push(p);
    floor.push(n);
    bench.log(`B1 run ${i + 1}/${runs}: berth ${ms(b)}, docker ps ${ms(p)}, node -e 0 ${ms(n)}`);
  }
  const s = summarize(berth);
  const sp = summarize(ps);
  const sf = summarize(floor);
  return [
    {
      id: 'B1',
      figure: 'start → first frame with data (50 running)',
      berth: `${ms(s.median)} median`,
      spread: spread(s, ms),
      comparison: `docker ps ${ms(sp.median)}; node -e 0 ${ms(sf.median)}`,
      ratio: `${ratio(s.median, sp.median)} docker ps; ${ratio(s.median, sf.median)} node`,
      budget: 'median ≤ 200 ms',
      verdict: verdict(s.median, 200),
    },
  ];
}

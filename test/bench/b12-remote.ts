/**
 * B12: a remote engine. berth reaches the sandbox engine through a proxy that delivers every
 * chunk the engine sends 100 ms late, as over a link with 100 ms added round-trip time (ssh or
 * tcp to another host): start → first frame with data (50 running), compared in the same run
 * with `docker ps` over the same link; and keypress → frame (move, j), which must not wait on
 * the network at all.
 */
import { startLatencyProxy } from '../support/latency-proxy.ts';
import { timeToScreen } from './b1-startup.ts';
import { jitter, RUNNING_NAME, type Bench } from './context.ts';
import { ScreenProbe, timeMoves } from './probe.ts';
import { summarize } from './stats.ts';
import { ms, ratio, spread, verdict, type Row } from './table.ts';

const LATENCY_MS = 100;

export async function b12(bench: Bench): Promise<Row[]> {
  await bench.ensureRunning();
  const proxy = await startLatencyProxy(bench.sandbox.socketPath, LATENCY_MS);
  const env = { DOCKER_HOST: proxy.dockerHost };
  const runs = bench.quick ? 3 : 9;
  const first: number[] = [];
  const ps: number[] = [];
  const keys: number[] = [];
  try {
    for (let i = -1; i < runs; i++) {
      const b = await timeToScreen(bench, () => bench.launchBerth({ env }), true);
      const p = await timeToScreen(bench, () => bench.launchCommand(bench.sandbox.dockerCliPath, ['ps'], { ...bench.dockerEnv(), ...env }, 250), false);
      if (i < 0) continue;
      first.push(b);
      ps.push(p);
      bench.log(`B12 run ${i + 1}/${runs}: berth ${ms(b)}, docker ps ${ms(p)}`);
    }
    const session = bench.launchBerth({ env });
    const probe = new ScreenProbe(session);
    try {
      await probe.until((v) => RUNNING_NAME.test(v.text), 15_000);
      keys.push(...(await timeMoves(probe, (k) => session.write(k), bench.quick ? 15 : 40, () => jitter(60, 100))));
    } finally {
      probe.dispose();
      await bench.quit(session);
    }
  } finally {
    await proxy.close();
  }
  const s = summarize(first);
  const sp = summarize(ps);
  const k = summarize(keys);
  return [
    {
      id: 'B12',
      figure: `start → first frame with data, engine ${LATENCY_MS} ms away`,
      berth: `${ms(s.median)} median`,
      spread: spread(s, ms),
      comparison: `docker ps ${ms(sp.median)}`,
      ratio: ratio(s.median, sp.median),
      // B1's budget plus the two round trips no client can avoid (version, then the list).
      budget: `median ≤ ${200 + 2 * LATENCY_MS} ms`,
      verdict: verdict(s.median, 200 + 2 * LATENCY_MS),
    },
    {
      id: 'B12',
      figure: `keypress → frame: move (j), engine ${LATENCY_MS} ms away`,
      berth: `${ms(k.p95)} p95 (median ${ms(k.median)})`,
      spread: spread(k, ms),
      comparison: '—',
      ratio: '—',
      budget: 'p95 ≤ 30 ms',
      verdict: verdict(k.p95, 30),
    },
  ];
}

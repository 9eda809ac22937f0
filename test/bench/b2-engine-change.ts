/**
 * B2: engine change → frame. While berth watches the 50 running containers, a new container is
 * created and started over the API (what `docker run -d` does, without the CLI's start-up); the
 * figure is the time from the start call's return to a frame showing the new row as running.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { LOCAL_BUSYBOX } from '../sandbox/images.ts';
import { jitter, RUNNING_NAME, type Bench } from './context.ts';
import { ScreenProbe } from './probe.ts';
import { summarize } from './stats.ts';
import { ms, spread, verdict, type Row } from './table.ts';

export async function b2(bench: Bench): Promise<Row[]> {
  await bench.ensureRunning();
  const runs = bench.quick ? 5 : 11;
  const session = bench.launchBerth();
  const probe = new ScreenProbe(session);
  const times: number[] = [];
  try {
    await probe.until((v) => RUNNING_NAME.test(v.text), 15_000);
    await delay(1000);
    for (let i = -1; i < runs; i++) {
      const name = `bench-new-${i + 1}`;
      const { Id: id } = await bench.api<{ Id: string }>('POST', `/containers/create?name=${name}`, {
        Image: LOCAL_BUSYBOX,
        Cmd: ['sleep', '3600'],
        HostConfig: { Init: true },
      });
      await bench.api('POST', `/containers/${id}/start`);
      const t0 = performance.now();
      const shown = await probe.until((v) => v.lines.some((line) => line.includes(name) && line.includes('running')), 10_000);
      if (i >= 0) {
        times.push(shown - t0);
        bench.log(`B2 run ${i + 1}/${runs}: ${ms(shown - t0)}`);
      }
      await bench.api('DELETE', `/containers/${id}?force=true`);
      await probe.until((v) => !v.text.includes(name), 10_000);
      await jitter(300, 300);
    }
  } finally {
    probe.dispose();
    await bench.quit(session);
  }
  const s = summarize(times);
  return [
    {
      id: 'B2',
      figure: 'engine change → frame (run -d → row running)',
      berth: `${ms(s.median)} median`,
      spread: spread(s, ms),
      comparison: '—',
      ratio: '—',
      budget: 'median ≤ 150 ms',
      verdict: verdict(s.median, 150),
    },
  ];
}

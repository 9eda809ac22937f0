/**
 * B17: the disk view (`W`) on an engine with 200 volumes (10 kB each): key → the frame with the
 * four kinds' figures (the view asks `/system/df`, which walks every volume), against `docker
 * system df -v` on the same engine, start to exit. Budget (issue 49): within 1.5× the CLI.
 * Interleaved rounds, so drifting load hits both alike; the volumes are removed afterwards.
 */
import { RUNNING_NAME, type Bench } from './context.ts';
import { ScreenProbe } from './probe.ts';
import type { PtySession } from '../support/pty.ts';
import { summarize } from './stats.ts';
import { ms, ratio, spread, verdict, type Row } from './table.ts';
import { LOCAL_BUSYBOX } from '../sandbox/images.ts';

const VOLUMES = 200;
const BUDGET = 1.5;
const name = (i: number) => `bench-disk-${i}`;

/** The view's figures are on screen: the four kinds' rows, no longer computing. */
const SHOWN = (text: string) => /Local Volumes\s+\d+/.test(text) && /Build Cache\s+\d+/.test(text) && !text.includes('computing…');

/**
 * One open: W → the figures (each open asks `/system/df` afresh: the view shows `computing…` from
 * its first frame until the answer), then Esc → the panes again.
 */
async function openView(session: PtySession, probe: ScreenProbe): Promise<number> {
  const t0 = performance.now();
  session.write('W');
  const at = (await probe.until((v) => SHOWN(v.text), 60_000)) - t0;
  session.write('\u001b');
  await probe.until((v) => !v.text.includes('Local Volumes'), 10_000);
  return at;
}

async function cli(bench: Bench): Promise<number> {
  const t0 = performance.now();
  const session = bench.launchCommand(bench.sandbox.dockerCliPath, ['system', 'df', '-v'], bench.dockerEnv(), 150);
  try {
    await session.exited;
    return performance.now() - t0;
  } finally {
    await bench.dispose(session);
  }
}

export async function b17(bench: Bench): Promise<Row[]> {
  await bench.ensureRunning();
  const names = Array.from({ length: VOLUMES }, (_, i) => name(i));
  // One container makes and fills them all (a named volume is made as it is mounted).
  await bench.sandbox.docker(['run', '--rm', '--network', 'none', ...names.flatMap((n) => ['-v', `${n}:/v/${n}`]), LOCAL_BUSYBOX, 'sh', '-c', 'for d in /v/*; do head -c 10000 /dev/zero > $d/f; done'], { timeoutMs: 300_000 });
  try {
    const rounds = bench.quick ? 3 : 7;
    const view: number[] = [];
    const docker: number[] = [];
    // One berth, opened once it drew its first frame (what a start costs is B1's, not this);
    // one unmeasured round first: the page cache and the engine's caches warm up.
    const session = bench.launchBerth({ cols: 150, rows: 40 });
    const probe = new ScreenProbe(session);
    try {
      await probe.until((v) => RUNNING_NAME.test(v.text), 15_000);
      for (let round = -1; round < rounds; round++) {
        const v = await openView(session, probe);
        const d = await cli(bench);
        if (round >= 0) {
          view.push(v);
          docker.push(d);
        }
        bench.log(`B17 round ${round + 1}/${rounds}: view ${ms(v)}, docker system df -v ${ms(d)}`);
      }
    } finally {
      probe.dispose();
      await bench.quit(session);
    }
    const s = summarize(view);
    const d = summarize(docker);
    return [
      {
        id: 'B17',
        figure: `W → disk view's figures, ${VOLUMES} volumes`,
        berth: `${ms(s.median)} median`,
        spread: spread(s, ms),
        comparison: `docker system df -v ${ms(d.median)}`,
        ratio: ratio(s.median, d.median),
        budget: `≤ ${BUDGET}× docker system df -v`,
        verdict: verdict(s.median / d.median, BUDGET),
      },
    ];
  } finally {
    for (let i = 0; i < names.length; i += 50) await bench.sandbox.docker(['volume', 'rm', '-f', ...names.slice(i, i + 50)]).catch(() => undefined);
  }
}

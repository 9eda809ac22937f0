/**
 * B17: builds. (a) While a build's RUN prints 10,000 lines in 10 s, berth in a pty (the Pulls
 * pane showing the build): the frames it draws a second (Ink wraps each frame in a synchronized
 * update, `CSI ? 2026 h`: counted) and its CPU. (b) A 200 MB context: berth's context code
 * (state/builds: the .dockerignore walk, node-tar streaming it as the request's body, through
 * the engine client) against `curl --data-binary` of the same tar made beforehand, each sending
 * it to the engine's classic builder with a Dockerfile that does next to nothing: throughput
 * ratio, in alternating pairs. The docker CLI here has no buildx, so no BuildKit progress of its
 * own to compare with.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { EngineClient } from '../../src/engine/client.ts';
import { contextStream, readContext } from '../../src/state/builds/context-tar.ts';
import type { Bench } from './context.ts';
import { ScreenProbe } from './probe.ts';
import { CpuMeter, machineQuiet } from './proc.ts';
import { summarize } from './stats.ts';
import { ms, pct, spread, verdict, type Row } from './table.ts';

const run = promisify(execFile);
const SYNC_BEGIN = '\u001b[?2026h';
const CONTEXT_MB = 200;

function occurrences(text: string, what: string): number {
  let n = 0;
  for (let at = text.indexOf(what); at !== -1; at = text.indexOf(what, at + what.length)) n++;
  return n;
}

async function floodFigures(bench: Bench, root: string): Promise<{ fps: number; cpu: number; seconds: number }> {
  const dir = path.join(root, 'flood');
  mkdirSync(dir, { recursive: true });
  // 100 lines every 0.1 s: 10,000 lines in ~10 s.
  writeFileSync(path.join(dir, 'Dockerfile'), 'FROM berth-test/busybox:latest\nRUN i=0; while [ $i -lt 10000 ]; do echo flood-line-$i; i=$((i+1)); if [ $((i % 100)) -eq 0 ]; then sleep 0.1; fi; done\n');
  const session = bench.launchBerth({ cols: 160, rows: 50 });
  const probe = new ScreenProbe(session);
  let frames = 0;
  let counting = false;
  const listener = session.pty.onData((data) => {
    if (counting) frames += occurrences(data, SYNC_BEGIN);
  });
  try {
    await probe.until((v) => v.text.includes('● live'), 15_000);
    session.write('2');
    session.write('b');
    await probe.until('Build an image from', 5000);
    session.write(dir);
    session.write('\t\t\u0015bench-flood:1\r');
    await probe.until((v) => v.text.includes('flood-line-'), 60_000);
    counting = true;
    const meter = new CpuMeter(session.pty.pid);
    const t0 = performance.now();
    await probe.until((v) => /✓ build bench-flood:1 .* built/.test(v.text), 120_000);
    const seconds = (performance.now() - t0) / 1000;
    counting = false;
    return { fps: frames / seconds, cpu: meter.read().percent, seconds };
  } finally {
    listener.dispose();
    probe.dispose();
    await bench.quit(session);
    await bench.sandbox.docker(['rmi', '--force', 'bench-flood:1']).catch(() => undefined);
  }
}

const QUERY = 'version=1&dockerfile=Dockerfile&rm=1&forcerm=1';

async function berthSend(bench: Bench, dir: string): Promise<number> {
  const client = new EngineClient({ host: bench.sandbox.dockerHost });
  try {
    const context = await readContext(dir);
    const t0 = performance.now();
    for await (const message of client.buildImage({ context: contextStream(context), builder: 'classic', dockerfile: 'Dockerfile', signal: AbortSignal.timeout(300_000) })) void message;
    return performance.now() - t0;
  } finally {
    await client.close();
  }
}

async function curlSend(bench: Bench, tar: string): Promise<number> {
  const socket = bench.sandbox.dockerHost.replace(/^unix:\/\//, '');
  const t0 = performance.now();
  await run('curl', ['-sS', '--fail', '--unix-socket', socket, '-H', 'Content-Type: application/x-tar', '--data-binary', `@${tar}`, `http://localhost/v1.41/build?${QUERY}`, '-o', '/dev/null'], { maxBuffer: 1 << 20 });
  return performance.now() - t0;
}

export async function b17(bench: Bench): Promise<Row[]> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'berth-bench-build-'));
  try {
    const flood = await floodFigures(bench, root);
    bench.log(`B17 flood: ${flood.fps.toFixed(1)} frames/s, CPU ${pct(flood.cpu)} over ${flood.seconds.toFixed(1)} s`);

    const dir = path.join(root, 'context');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'Dockerfile'), 'FROM berth-test/busybox:latest\nLABEL bench=context\n');
    for (let i = 0; i < CONTEXT_MB / 20; i++) writeFileSync(path.join(dir, `part${i}.bin`), randomBytes(20 * 1024 * 1024));
    const tar = path.join(root, 'context.tar');
    await run('tar', ['-cf', tar, '-C', dir, '.']);
    const pairs = bench.quick ? 2 : 5;
    const berth: number[] = [];
    const curl: number[] = [];
    for (let i = 0; i < pairs; i++) {
      const order = i % 2 === 0 ? (['curl', 'berth'] as const) : (['berth', 'curl'] as const);
      for (const who of order) {
        await machineQuiet();
        if (who === 'curl') curl.push(await curlSend(bench, tar));
        else berth.push(await berthSend(bench, dir));
      }
      bench.log(`B17 context pair ${i + 1}/${pairs}: berth ${ms(berth[i] ?? NaN)}, curl ${ms(curl[i] ?? NaN)}`);
    }
    const sb = summarize(berth);
    const sc = summarize(curl);
    const ratio = sc.median / sb.median;
    return [
      { id: 'B17', figure: 'build: a RUN printing 10,000 lines in 10 s, frames drawn', berth: `${flood.fps.toFixed(1)} frames/s`, spread: `over ${flood.seconds.toFixed(1)} s`, comparison: '—', ratio: '—', budget: '≤ 10 frames/s', verdict: verdict(flood.fps, 10) },
      { id: 'B17', figure: 'build: a RUN printing 10,000 lines in 10 s, berth CPU', berth: `${pct(flood.cpu)} of a core`, spread: '—', comparison: '—', ratio: '—', budget: '≤ 15 %', verdict: verdict(flood.cpu, 15) },
      {
        id: 'B17',
        figure: `build: a ${CONTEXT_MB} MB context sent to the engine (classic builder, LABEL only)`,
        berth: `${ms(sb.median)} median`,
        spread: spread(sb, ms),
        comparison: `curl --data-binary ${ms(sc.median)} (${ms(sc.min)}–${ms(sc.max)})`,
        ratio: `${ratio.toFixed(2)}× curl's throughput`,
        budget: '≥ 0.8× curl',
        verdict: ratio >= 0.8 ? 'PASS' : 'OVER',
      },
    ];
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

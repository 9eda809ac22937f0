/**
 * Where an idle fleet's CPU goes (B22, issue 52): berth on the 20 ssh aliases of B22, left alone
 * until every engine's rows are in plus B4's settling time, then a window (60 s, or WINDOW_MS)
 * under `--cpu-prof` (200 µs samples) with the samples summed by function, the HTTP requests
 * berth sent in the window by kind (a preload), and the writes to the terminal. A
 * development tool, not a figure (the profiler inflates CPU; B22 gives the figure).
 *
 *   npx tsx test/bench/b22-profile.ts 22:BUNDLE_DIR:LABEL …
 *
 * For names that read, build the bundle aside without minifying. NOPROF=1 measures without the
 * profiler; PREWAIT_MS waits that long first (the fixture's containers older than a minute draw
 * a frame a minute, not every few seconds); ENGINES=N watches the first N aliases; DIFF=1 logs each write's changed screen lines.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { nodeForMajor, NODE_VERSIONS, type NodeMajor } from '../support/node-binaries.ts';
import { PtySession } from '../support/pty.ts';
import { SANDBOX_ENV } from '../sandbox/env-vars.ts';
import { SETTLE_MS } from './b4-idle.ts';
import { ALIASES, fleetSshCommand } from './b22-ssh-fleet.ts';
import { RUNNING_COUNT, type Bench } from './context.ts';
import { threadCpuMs } from './proc.ts';
import { onBenchSandbox } from './sandbox-script.ts';
import { windowProfile } from './window-profile.ts';

const WINDOW_MS = Number(process.env.WINDOW_MS ?? 60_000);
const ENGINES = Number(process.env.ENGINES ?? ALIASES.length);
/**
 * Preloaded into berth (written to the run's temp directory): the HTTP requests berth sends, by
 * method and path, with their monotonic times (undici's diagnostics channel), written to
 * $BERTH_COUNTS_FILE when berth exits.
 */
const PRELOAD = `'use strict';
const dc = require('node:diagnostics_channel');
const fs = require('node:fs');
const seen = [];
dc.subscribe('undici:request:create', ({ request }) => {
  seen.push([Number(process.hrtime.bigint() / 1000n), request.method + ' ' + String(request.path).replace(/\\?.*/, '')]);
});
process.on('exit', () => fs.writeFileSync(process.env.BERTH_COUNTS_FILE, JSON.stringify(seen)));
`;
const log = (line: string) => process.stderr.write(`[b22-profile] ${line}\n`);

async function measure(bench: Bench, arg: string): Promise<void> {
  const [major, dir, label] = arg.split(':');
  if (!major || !(major in NODE_VERSIONS) || !dir || !label) throw new Error(`bad argument ${arg}`);
  const node = await nodeForMajor(Number(major) as NodeMajor);
  const sshCommand = bench.sandbox.env()[SANDBOX_ENV.sshCommand];
  if (!sshCommand) throw new Error('the sandbox has no sshd');
  const work = mkdtempSync(path.join(tmpdir(), 'berth-b22-profile-'));
  const countsFile = path.join(work, 'counts.json');
  const preload = path.join(work, 'counts-preload.cjs');
  writeFileSync(preload, PRELOAD);
  const profArgs = process.env.NOPROF ? [] : ['--cpu-prof', `--cpu-prof-dir=${work}`, '--cpu-prof-interval=200'];
  const session = new PtySession({
    command: node,
    args: [...profArgs, '--require', preload, path.join(dir, 'berth.cjs'), ...ALIASES.slice(0, ENGINES).flatMap((a) => ['-H', `ssh://${a}`])],
    env: { ...bench.berthEnv(), XDG_CONFIG_HOME: work, BERTH_SSH_COMMAND: fleetSshCommand(bench, sshCommand), BERTH_COUNTS_FILE: countsFile },
    cols: 160,
    rows: 60,
  });
  let from = 0;
  let to = 0;
  try {
    const started = performance.now();
    const want = ENGINES * RUNNING_COUNT;
    while (Number(/running: (\d+)/.exec(session.screen())?.[1] ?? 0) < want) {
      if (performance.now() - started > 90_000) throw new Error(`${label}: not every engine's rows within 90 s`);
      await delay(100);
    }
    await delay(SETTLE_MS);
    const pid = session.pty.pid;
    let writes = 0;
    let last = session.screen().split('\n');
    const t0 = performance.now();
    const listening = session.pty.onData(() => {
      writes++;
      if (!process.env.DIFF) return;
      setTimeout(() => {
        const now = session.screen().split('\n');
        const from = (a: string, b: string) => [...a].findIndex((c, i) => c !== b[i]);
        const changed = now.map((l, i) => (l !== last[i] ? `${i}: …${l.slice(Math.max(0, from(l, last[i] ?? '') - 20)).trim().slice(0, 100)}` : '')).filter(Boolean);
        log(`write at ${((performance.now() - t0) / 1000).toFixed(1)} s: ${changed.length} lines changed\n    ${changed.slice(0, 4).join('\n    ')}`);
        last = now;
      }, 30);
    });
    const c0 = threadCpuMs(pid);
    from = Number(process.hrtime.bigint() / 1000n);
    await delay(WINDOW_MS);
    to = Number(process.hrtime.bigint() / 1000n);
    const cpu = threadCpuMs(pid) - c0;
    listening.dispose();
    log(`${label}, Node ${major}, ${ENGINES} engines: ${cpu.toFixed(1)} ms CPU in ${WINDOW_MS} ms (${((cpu / WINDOW_MS) * 100).toFixed(3)} %), ${writes} writes`);
  } finally {
    session.write('q');
    await Promise.race([session.exited, delay(5000)]);
    await session.stop();
  }
  await delay(500);
  try {
    const seen = JSON.parse(readFileSync(countsFile, 'utf8')) as Array<[number, string]>;
    const kinds = new Map<string, number>();
    for (const [t, kind] of seen) if (t >= from && t <= to) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    const perMin = (n: number) => ((n * 60_000) / WINDOW_MS).toFixed(1);
    log(`requests in the window (per minute, all engines):\n${[...kinds.entries()].sort((a, b) => b[1] - a[1]).map(([k, n]) => `  ${perMin(n).padStart(7)}  ${k}`).join('\n')}`);
  } catch (error) {
    log(`no request counts: ${String(error)}`);
  }
  const file = readdirSync(work).find((f) => f.endsWith('.cpuprofile'));
  if (file) log(windowProfile(path.join(work, file), from, to));
  rmSync(work, { recursive: true, force: true });
}

const args = process.argv.slice(2);
if (args.length === 0) throw new Error('usage: npx tsx test/bench/b22-profile.ts NODE_MAJOR:BUNDLE_DIR:LABEL …');
await onBenchSandbox(log, async (bench) => {
  // The fixture's containers are seconds old: their ages would draw a frame every few seconds.
  await delay(Number(process.env.PREWAIT_MS ?? 0));
  for (const arg of args) await measure(bench, arg);
});

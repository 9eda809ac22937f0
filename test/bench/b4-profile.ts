/**
 * Where an idle berth's CPU goes (B4, B4w): berth on the sandbox's 50 running containers, left
 * alone for 15 s of start-up and then a window (60 s, or WINDOW_MS) — plain, young (the 50
 * restarted 3 s before it) or split (the panel on, following the selected row's logs) — under
 * `--cpu-prof` (200 µs samples), and the samples inside the window summed by function, self and
 * inclusive. A development tool, not a figure: the profiler's own thread inflates the CPU it
 * reads, so compare shares, not totals (young-window.ts and the bench give the figures).
 *
 *   npx tsx test/bench/b4-profile.ts 22:BUNDLE_DIR:LABEL[:plain|:young|:split] …
 *
 * The bundle is minified: for names that read, build one aside without minifying (test/tools/
 * build.ts with `minify: false` for the app). NOPROF=1 measures without the profiler; DIFF=1 logs
 * each write's changed screen lines (what drew, and when); STRACE=1 counts berth's system calls
 * over the window (`strace -f -c`).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { nodeForMajor, NODE_VERSIONS, type NodeMajor } from '../support/node-binaries.ts';
import { PtySession } from '../support/pty.ts';
import { SETTLE_MS } from './b4-idle.ts';
import { RUNNING_NAME, type Bench } from './context.ts';
import { onBenchSandbox } from './sandbox-script.ts';
import { windowProfile } from './window-profile.ts';
import { threadCpuMs } from './proc.ts';

const WINDOW_MS = Number(process.env.WINDOW_MS ?? 60_000);

interface Spec {
  major: NodeMajor;
  dir: string;
  label: string;
  mode: 'plain' | 'young' | 'split';
}

function parse(arg: string): Spec {
  const [major, dir, label, mode = 'plain'] = arg.split(':');
  if (!major || !(major in NODE_VERSIONS) || !dir || !label || !['plain', 'young', 'split'].includes(mode)) throw new Error(`bad argument ${arg}`);
  return { major: Number(major) as NodeMajor, dir, label, mode: mode as Spec['mode'] };
}

const log = (line: string) => process.stderr.write(`[b4-profile] ${line}\n`);


async function measure(bench: Bench, spec: Spec): Promise<void> {
  const node = await nodeForMajor(spec.major);
  const profDir = mkdtempSync(path.join(tmpdir(), 'berth-b4-profile-'));
  const config = mkdtempSync(path.join(tmpdir(), 'berth-b4-profile-config-'));
  const session = new PtySession({ command: node, args: [...(process.env.NOPROF ? [] : ['--cpu-prof', `--cpu-prof-dir=${profDir}`, '--cpu-prof-interval=200']), path.join(spec.dir, 'berth.cjs')], env: { ...bench.berthEnv(), XDG_CONFIG_HOME: config } });
  let from = 0;
  let to = 0;
  try {
    const started = performance.now();
    while (!RUNNING_NAME.test(session.screen())) {
      if (performance.now() - started > 15_000) throw new Error(`${spec.label}: no first frame with data`);
      await delay(100);
    }
    if (spec.mode === 'split') {
      session.write('|');
      while (!/logs · .*\(following\)/.test(session.screen())) await delay(100);
    }
    await delay(SETTLE_MS);
    if (spec.mode === 'young') {
      const running = await bench.api<{ Id: string; Names?: string[] }[]>('GET', '/containers/json');
      const ours = running.filter((c) => c.Names?.some((n) => RUNNING_NAME.test(n)));
      await Promise.all(ours.map((c) => bench.api('POST', `/containers/${c.Id}/restart?t=0`, undefined, 60_000)));
      await delay(3000);
    }
    const pid = session.pty.pid;
    let writes = 0;
    let last = session.screen().split('\n');
    const t0 = performance.now();
    const listening = session.pty.onData(() => {
      writes++;
      setTimeout(() => {
        const now = session.screen().split('\n');
        const changed = now.map((l, i) => (l !== last[i] ? `${i}: ${l.trim().slice(0, 110)}` : '')).filter(Boolean);
        if (process.env.DIFF) log(`write at ${((performance.now() - t0) / 1000).toFixed(1)} s: ${changed.length} lines changed\n    ${changed.slice(0, 4).join('\n    ')}`);
        last = now;
      }, 30);
    });
    const strace = process.env.STRACE ? spawn('strace', ['-f', '-c', '-p', String(pid)], { stdio: ['ignore', 'ignore', 'pipe'] }) : undefined;
    let straced = '';
    strace?.stderr?.on('data', (d: Buffer) => (straced += d.toString()));
    const c0 = threadCpuMs(pid);
    from = Number(process.hrtime.bigint() / 1000n);
    await delay(WINDOW_MS);
    to = Number(process.hrtime.bigint() / 1000n);
    const cpu = threadCpuMs(pid) - c0;
    listening.dispose();
    if (strace) {
      strace.kill('SIGINT');
      await new Promise((r) => strace.once('exit', r));
      log(straced);
    }
    log(`${spec.label}, Node ${spec.major}, ${spec.mode}: ${cpu.toFixed(1)} ms CPU in ${WINDOW_MS} ms (${((cpu / WINDOW_MS) * 100).toFixed(3)} %), ${writes} writes`);
  } finally {
    await bench.quit(session);
  }
  await delay(500);
  const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
  if (file) log(windowProfile(path.join(profDir, file), from, to));
  else if (!process.env.NOPROF) log('no profile written');
  rmSync(profDir, { recursive: true, force: true });
  rmSync(config, { recursive: true, force: true });
}

const specs = process.argv.slice(2).map(parse);
if (specs.length === 0) throw new Error('usage: npx tsx test/bench/b4-profile.ts NODE_MAJOR:BUNDLE_DIR:LABEL[:plain|:young|:split] …');
await onBenchSandbox(log, async (bench) => {
  for (const spec of specs) await measure(bench, spec);
});

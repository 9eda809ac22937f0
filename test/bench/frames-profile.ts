/**
 * Where berth's CPU goes in B10 (the stats view), B15 and B15p (five crash loops; the pulse on)
 * and B6 (a pull): like b4-profile.ts, a window under `--cpu-prof` (200 µs samples) summed by
 * function, with berth's writes to the terminal counted. Each argument is one session, run in
 * turn on one sandbox: give two bundles alternately (A B B A …) for an interleaved A/B.
 *
 *   npx tsx test/bench/frames-profile.ts 22:BUNDLE_DIR:LABEL:stats|loops|pulse|pull …
 *
 * stats: `m` on the first row, a window (WINDOW_MS, default 30 s) after B4's settling. loops and
 * pulse: five `--restart always` loops made before berth starts, the window after settling, and
 * the loops' crashes in it (berth's CPU a crash, the figure to compare: where the loops are in
 * their backoff moves the crashes in a window several times). pull: B6's pull of the large image,
 * from Enter to "pulled", split at the first progress frame; FIRST=1 profiles that first part.
 * NOPROF=1 measures without the profiler (whose own thread inflates the CPU read); DIFF=1 logs
 * each write's changed screen lines; KEEP=1 keeps the profile.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { nodeForMajor, NODE_VERSIONS, type NodeMajor } from '../support/node-binaries.ts';
import { PtySession } from '../support/pty.ts';
import { SETTLE_MS } from './b4-idle.ts';
import { RUNNING_NAME, type Bench } from './context.ts';
import { ScreenProbe } from './probe.ts';
import { onBenchSandbox } from './sandbox-script.ts';
import { windowProfile } from './window-profile.ts';
import { engineRequest } from '../sandbox/engine-http.ts';
import { threadCpuMs } from './proc.ts';

const WINDOW_MS = Number(process.env.WINDOW_MS ?? 30_000);
const MODES = ['stats', 'loops', 'pulse', 'pull'] as const;
type Mode = (typeof MODES)[number];

interface Spec {
  major: NodeMajor;
  dir: string;
  label: string;
  mode: Mode;
}

function parse(arg: string): Spec {
  const [major, dir, label, mode = 'stats'] = arg.split(':');
  if (!major || !(major in NODE_VERSIONS) || !dir || !label || !(MODES as readonly string[]).includes(mode)) throw new Error(`bad argument ${arg}`);
  return { major: Number(major) as NodeMajor, dir, label, mode: mode as Mode };
}

const log = (line: string) => process.stderr.write(`[frames-profile] ${line}\n`);


const LOOP = 'bench-loop-';
async function loopers(bench: Bench, on: boolean): Promise<void> {
  for (let i = 1; i <= 5; i++) {
    const name = `${LOOP}${i}`;
    await bench.api('DELETE', `/containers/${name}?force=1`).catch(() => undefined);
    if (!on) continue;
    await bench.api('POST', `/containers/create?name=${name}`, { Image: 'berth-test/busybox:latest', Cmd: ['sh', '-c', 'echo boom; exit 1'], HostConfig: { RestartPolicy: { Name: 'always' }, NetworkMode: 'none' } });
    await bench.api('POST', `/containers/${name}/start`);
  }
}

async function measure(bench: Bench, spec: Spec): Promise<void> {
  const node = await nodeForMajor(spec.major);
  const profDir = mkdtempSync(path.join(tmpdir(), 'berth-frames-profile-'));
  const config = mkdtempSync(path.join(tmpdir(), 'berth-frames-profile-config-'));
  const reference = spec.mode === 'pull' ? await bench.ensureLargeImage() : '';
  if (spec.mode === 'pull') {
    await bench.sandbox.docker(['rmi', '--force', reference]).catch(() => undefined);
    await bench.sandbox.docker(['image', 'prune', '--force']);
  }
  if (spec.mode === 'loops' || spec.mode === 'pulse') await loopers(bench, true);
  const session = new PtySession({ command: node, args: [...(process.env.NOPROF ? [] : ['--cpu-prof', `--cpu-prof-dir=${profDir}`, '--cpu-prof-interval=200']), path.join(spec.dir, 'berth.cjs')], env: { ...bench.berthEnv(), XDG_CONFIG_HOME: config } });
  const probe = new ScreenProbe(session);
  let from = 0;
  let to = 0;
  try {
    await probe.until((v) => RUNNING_NAME.test(v.text), 15_000);
    if (spec.mode === 'stats') {
      session.write('m');
      await probe.until(/stats .* \(Esc closes\)[\s\S]*CPU \d+\.\d%/, 15_000);
    }
    if (spec.mode === 'pulse') {
      session.write('H');
      await probe.until(/disk \S+, \S+ reclaimable/, 15_000);
    }
    if (spec.mode === 'pull') {
      session.write('p');
      await probe.until('Pull an image', 5000);
      session.write(reference);
      await probe.until((v) => v.text.includes(`pulls ${reference.slice(0, 20)}`) && /credentials: (?!looking|found for the image)/.test(v.text), 15_000);
    }
    // A pull is timed as B6 times it: Enter once the credentials are looked up, no settling.
    if (spec.mode !== 'pull') await delay(SETTLE_MS);
    const pid = session.pty.pid;
    let writes = 0;
    let bytes = 0;
    let last = session.screen().split('\n');
    const t0 = performance.now();
    const listening = session.pty.onData((d) => {
      writes++;
      bytes += d.length;
      setTimeout(() => {
        const now = session.screen().split('\n');
        const changed = now.map((l, i) => (l !== last[i] ? `${i}: ${l.trim().slice(0, 110)}` : '')).filter(Boolean);
        if (process.env.DIFF) log(`write at ${((performance.now() - t0) / 1000).toFixed(2)} s (${d.length} B): ${changed.length} lines changed\n    ${changed.slice(0, 6).join('\n    ')}`);
        last = now;
      }, 30);
    });
    const c0 = threadCpuMs(pid);
    const sinceS = Date.now() / 1000;
    log(`window from ${Date.now()}`);
    from = Number(process.hrtime.bigint() / 1000n);
    let wall = WINDOW_MS;
    if (spec.mode === 'pull') {
      const w0 = performance.now();
      session.write('\r');
      await probe.until((v) => /layers done/.test(v.text), 120_000);
      const c1 = threadCpuMs(pid) - c0;
      // FIRST=1: the profile of Enter → the first progress frame alone.
      if (process.env.FIRST) to = Number(process.hrtime.bigint() / 1000n);
      const w1 = performance.now() - w0;
      const writes1 = writes;
      await probe.until((v) => v.lines.some((line) => line.includes('✓') && / pulled /.test(line)), 120_000);
      wall = performance.now() - w0;
      log(`pull: Enter → first progress frame ${c1.toFixed(1)} ms CPU in ${w1.toFixed(0)} ms (${writes1} writes); the rest ${(threadCpuMs(pid) - c0 - c1).toFixed(1)} ms CPU in ${(wall - w1).toFixed(0)} ms (${writes - writes1} writes)`);
    } else await delay(WINDOW_MS);
    if (!process.env.FIRST || spec.mode !== 'pull') to = Number(process.hrtime.bigint() / 1000n);
    const cpu = threadCpuMs(pid) - c0;
    listening.dispose();
    log(`window to ${Date.now()}`);
    let crashes = '';
    if (spec.mode === 'loops' || spec.mode === 'pulse') {
      const filters = encodeURIComponent(JSON.stringify({ event: ['die'], container: [LOOP] }));
      const { body } = await engineRequest(bench.sandbox.socketPath, 'GET', `/events?since=${sinceS.toFixed(3)}&until=${(Date.now() / 1000).toFixed(3)}&filters=${filters}`, undefined, 30_000);
      const n = body.split('\n').filter(Boolean).length;
      crashes = `, ${n} crashes (${(cpu / Math.max(n, 1)).toFixed(1)} ms a crash)`;
    }
    log(`${spec.label}, Node ${spec.major}, ${spec.mode}: ${cpu.toFixed(1)} ms CPU in ${wall.toFixed(0)} ms (${((cpu / wall) * 100).toFixed(3)} %), ${writes} writes, ${bytes} bytes${crashes}`);
  } finally {
    probe.dispose();
    await bench.quit(session);
    if (spec.mode === 'loops' || spec.mode === 'pulse') await loopers(bench, false);
  }
  await delay(500);
  const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
  if (file) log(windowProfile(path.join(profDir, file), from, to, 90));
  else if (!process.env.NOPROF) log('no profile written');
  // KEEP=1 leaves the profile for a closer look (its directory is logged).
  if (process.env.KEEP && file) log(`profile kept in ${profDir}`);
  else rmSync(profDir, { recursive: true, force: true });
  rmSync(config, { recursive: true, force: true });
}

const specs = process.argv.slice(2).map(parse);
if (specs.length === 0) throw new Error('usage: npx tsx test/bench/frames-profile.ts NODE_MAJOR:BUNDLE_DIR:LABEL:MODE …');
await onBenchSandbox(log, async (bench) => {
  for (const spec of specs) await measure(bench, spec);
});

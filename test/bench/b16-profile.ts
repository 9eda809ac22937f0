/**
 * Where a fleet's start goes (B16, issue 52): berth on the sandbox dockerd and B16's two private
 * dockerds (50 running each), spawn → the first frame with rows of all three, for builds side by
 * side in interleaved rounds, with berth on the sandbox engine alone once a round as B16's
 * baseline. Each fleet start runs under `--cpu-prof` (200 µs samples) and its profile from spawn
 * to that frame is printed summed by function; NOPROF=1 times without the profiler. A development
 * tool, not a figure (B16 gives the figure).
 *
 *   npx tsx test/bench/b16-profile.ts [--rounds=5] 22:BUNDLE_DIR:LABEL …
 *
 * For names that read, build the bundle aside without minifying. Each bundle keeps its own code
 * cache beside it (one cache for two bundles would be rejected at every other start).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { nodeForMajor, type NodeMajor } from '../support/node-binaries.ts';
import { PtySession } from '../support/pty.ts';
import { hasLocalRows, startPrivate, TALL, type PrivateEngine } from './b16-fleet.ts';
import { RUNNING_NAME, type Bench } from './context.ts';
import { ScreenProbe, type ScreenView } from './probe.ts';
import { threadCpuMs } from './proc.ts';
import { onBenchSandbox } from './sandbox-script.ts';
import { summarize } from './stats.ts';
import { windowProfile } from './window-profile.ts';

const args = process.argv.slice(2);
const rounds = Number(args.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 5);
const variants = args
  .filter((a) => !a.startsWith('--'))
  .map((a) => {
    const [major = '22', dir = '', label = dir] = a.split(':');
    return { major: Number(major) as NodeMajor, node: '', dir: path.resolve(dir), label, fleet: [] as number[], one: [] as number[], cpu: [] as number[] };
  });
if (variants.length === 0) throw new Error('usage: b16-profile.ts [--rounds=5] 22:BUNDLE_DIR:LABEL …');
const profiling = process.env.NOPROF !== '1';
const log = (line: string) => process.stderr.write(`[b16-profile] ${line}\n`);
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

async function start(bench: Bench, node: string, dir: string, berthArgs: string[], done: (v: ScreenView) => boolean, profile: boolean): Promise<{ ms: number; cpu: number; report?: string }> {
  const profDir = mkdtempSync(path.join(tmpdir(), 'berth-b16-profile-'));
  const prof = profile ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`, '--cpu-prof-interval=200'] : [];
  const fromUs = nowUs();
  const t0 = performance.now();
  const session = new PtySession({ command: node, args: [...prof, path.join(dir, 'berth.cjs'), ...berthArgs], env: { ...bench.berthEnv(), XDG_CACHE_HOME: path.join(dir, 'b16-profile-cache') }, ...TALL });
  const probe = new ScreenProbe(session);
  try {
    const ms = (await probe.until(done, 20_000)) - t0;
    const toUs = nowUs();
    const cpu = threadCpuMs(session.pty.pid);
    probe.dispose();
    await bench.quit(session);
    const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
    return { ms, cpu, ...(file && { report: windowProfile(path.join(profDir, file), fromUs, toUs, 60) }) };
  } finally {
    probe.dispose();
    await bench.dispose(session);
    rmSync(profDir, { recursive: true, force: true });
  }
}

for (const v of variants) v.node = await nodeForMajor(v.major);

await onBenchSandbox(log, async (bench) => {
  const privates: PrivateEngine[] = [];
  try {
    for (const prefix of ['fleet-a', 'fleet-b']) privates.push(await startPrivate(bench, prefix));
    const localArgs = ['-H', bench.sandbox.dockerHost, ...privates.flatMap((p) => ['-H', p.engine.dockerHost])];
    for (let round = -1; round < rounds; round++) {
      for (const v of round % 2 === 0 ? variants : [...variants].reverse()) {
        const one = await start(bench, v.node, v.dir, [], (s) => RUNNING_NAME.test(s.text), false);
        const fleet = await start(bench, v.node, v.dir, localArgs, hasLocalRows, profiling && round === rounds - 1);
        log(`round ${round + 1}, ${v.label}: one engine ${one.ms.toFixed(0)} ms, three ${fleet.ms.toFixed(0)} ms (${(fleet.ms / one.ms).toFixed(2)}×), CPU to it ${fleet.cpu.toFixed(0)} ms`);
        if (fleet.report) log(`${v.label}, the last fleet start:\n${fleet.report}`);
        if (round < 0) continue;
        v.one.push(one.ms);
        v.fleet.push(fleet.ms);
        v.cpu.push(fleet.cpu);
      }
    }
  } finally {
    for (const p of privates) await p.engine.stop();
  }
  for (const v of variants) {
    const f = summarize(v.fleet).median;
    const o = summarize(v.one).median;
    log(`${v.label}: three ${f.toFixed(0)} ms, one ${o.toFixed(0)} ms, ${(f / o).toFixed(2)}×; CPU to the fleet's frame ${summarize(v.cpu).median.toFixed(0)} ms`);
  }
});

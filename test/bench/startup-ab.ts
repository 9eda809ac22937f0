/**
 * `env -u NODE_EXTRA_CA_CERTS npx tsx test/bench/startup-ab.ts [--node=24] [--runs=15]
 * --variant='LABEL|BUNDLE DIR|NODE ARGS|K=V …' …`: B1's start → first data frame for several
 * ways of starting berth, interleaved start by start on one sandbox with the bench's 50 running
 * containers, so a change can be compared with what it replaces under the same load (a lever
 * switched off by its environment, or a second build in a directory of its own: `npx tsx
 * test/tools/build.ts` then `cp -r dist /tmp/before`). Each variant keeps its own code cache,
 * written by an unmeasured first start. `--modules` also writes, 3 s after the first frame, the
 * Node modules each variant has loaded (process.moduleLoadList) beside `node -e 0`'s; `--rss=20`
 * reads each start's RSS 20 s after it (B5s's moment; B5s itself is `npm run bench -- B5S`);
 * `--mass` starts over B11's 10,000 containers and 2,000 tags. A
 * development tool, not a figure: B1 (`npm run bench -- B1`) is the figure.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { startSandbox } from '../sandbox/sandbox.ts';
import { NODE_VERSIONS, nodeForMajor, type NodeMajor } from '../support/node-binaries.ts';
import { Bench, RUNNING_NAME } from './context.ts';
import { ScreenProbe } from './probe.ts';
import { processQuiet, rssBytes, threadCpuMs } from './proc.ts';
import { summarize } from './stats.ts';

/** The preload `--modules` adds: Node's modules loaded, once the first screen has been idle 3 s. */
const MODULES_PRELOAD = String.raw`
setTimeout(() => {
  require('node:fs').writeFileSync(process.env.BERTH_AB_MODULES, process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13)).join('\n'));
}, 3000).unref();
`;

const args = process.argv.slice(2);
const major = Number(args.find((a) => a.startsWith('--node='))?.slice(7) ?? 24) as NodeMajor;
const runs = Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? 15);
const modules = args.includes('--modules');
const mass = args.includes('--mass');
/** `--rss=20`: each measured start also stays that many seconds, then its RSS is read (bench B5s's figure). */
const rssAfterS = Number(args.find((a) => a.startsWith('--rss='))?.slice(6) ?? 0);
const log = (line: string) => process.stderr.write(`[ab] ${line}\n`);
const dir = mkdtempSync(path.join(os.tmpdir(), 'berth-ab-'));
const variants = args
  .filter((a) => a.startsWith('--variant='))
  .map((a, index) => {
    const [label = '', bundleDir = '', argText = '', envText = ''] = a.slice(10).split('|');
    return {
      label,
      bundle: bundleDir ? path.join(path.resolve(bundleDir), existsSync(path.join(path.resolve(bundleDir), 'berth')) ? 'berth' : 'berth.cjs') : undefined,
      nodeArgs: argText.split(' ').filter(Boolean),
      env: { ...Object.fromEntries(envText.split(' ').filter(Boolean).map((kv) => kv.split(/=(.*)/s).slice(0, 2) as [string, string])), XDG_CACHE_HOME: path.join(dir, `cache-${index}`) },
      times: [] as number[],
      cpu: [] as number[],
      rss: [] as number[],
    };
  });
if (variants.length === 0) variants.push({ label: 'dist', bundle: undefined, nodeArgs: [], env: { XDG_CACHE_HOME: path.join(dir, 'cache-0') }, times: [], cpu: [], rss: [] });
const preload = path.join(dir, 'modules.cjs');
writeFileSync(preload, MODULES_PRELOAD);

const sandbox = await startSandbox({ log: (line) => log(`sandbox: ${line}`) });
const bench = Bench.create(sandbox, { quick: true, b5Minutes: 0, log });
try {
  await bench.ensureRunning();
  // `--mass`: B11's lists (10,000 containers, 2,000 tags) instead of B1's 50 alone.
  if (mass) {
    await bench.ensureMass();
    await bench.ensureMassImages();
  }
  const node = await nodeForMajor(major, log);
  bench.berthNode = { label: `Node ${NODE_VERSIONS[major]}`, path: node };
  log(`Node ${NODE_VERSIONS[major]}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  for (let run = -1; run < runs; run++) {
    const line: string[] = [];
    for (const [index, v] of variants.entries()) {
      const report = path.join(dir, `modules-${index}.txt`);
      const withModules = modules && run === 0;
      const nodeArgs = [...(withModules ? ['-r', preload] : []), ...v.nodeArgs];
      const env = { ...v.env, ...(withModules && { BERTH_AB_MODULES: report }) };
      // Over B11's lists, each start on a quiet engine (proc.ts processQuiet).
      if (mass) await processQuiet(bench.dockerdPid());
      const t0 = performance.now();
      // A variant's own bundle, else the bench's copy of dist/.
      // A directory holding a single executable (`npx tsx test/tools/build-sea.ts DIR`) runs that.
      const sea = v.bundle && existsSync(path.join(path.dirname(v.bundle), 'berth')) ? path.join(path.dirname(v.bundle), 'berth') : undefined;
      const session = sea ? bench.launchCommand(sea, [], { ...bench.berthEnv(), ...env }) : v.bundle ? bench.launchCommand(node, [...nodeArgs, v.bundle], { ...bench.berthEnv(), ...env }) : bench.launchBerth({ nodeArgs, env });
      const probe = new ScreenProbe(session);
      const at = await probe.until((view) => RUNNING_NAME.test(view.text), 15_000);
      // berth's CPU to that frame (all its threads, read as the frame is seen): a loaded machine bends it less than the wall time.
      const cpu = threadCpuMs(session.pty.pid);
      probe.dispose();
      if (run < 0) {
        const cache = path.join(v.env.XDG_CACHE_HOME, 'berth');
        for (const end = performance.now() + 10_000; !(existsSync(cache) && readdirSync(cache).some((f) => f.endsWith('.code'))) && performance.now() < end; ) await delay(100);
      }
      if (withModules) while (!existsSync(report)) await delay(100);
      if (rssAfterS > 0 && run >= 0) {
        await delay(Math.max(0, t0 + rssAfterS * 1000 - performance.now()));
        v.rss.push(rssBytes(session.pty.pid) / 1e6);
      }
      await bench.quit(session);
      if (run < 0) continue;
      v.times.push(at - t0);
      v.cpu.push(cpu);
      line.push(`${v.label} ${(at - t0).toFixed(0)} (cpu ${cpu.toFixed(0)})`);
    }
    if (run >= 0) log(`run ${run + 1}/${runs}: ${line.join(', ')}`);
  }
  log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  for (const v of variants) {
    const s = summarize(v.times);
    const cacheDir = path.join(v.env.XDG_CACHE_HOME, 'berth');
    const caches = existsSync(cacheDir) ? readdirSync(cacheDir).filter((f) => f.endsWith('.code')).map((f) => `${(statSync(path.join(cacheDir, f)).size / 1024).toFixed(0)} KiB`) : [];
    process.stdout.write(`${v.label}: median ${s.median.toFixed(1)} ms (IQR ${s.p25.toFixed(0)}–${s.p75.toFixed(0)}, ${s.min.toFixed(0)}–${s.max.toFixed(0)}), n=${v.times.length}; CPU to it median ${summarize(v.cpu).median.toFixed(1)} ms (IQR ${summarize(v.cpu).p25.toFixed(0)}–${summarize(v.cpu).p75.toFixed(0)})${v.rss.length > 0 ? `; RSS at ${rssAfterS} s median ${summarize(v.rss).median.toFixed(1)} MB (${v.rss.map((r) => r.toFixed(1)).join(', ')})` : ''}; code cache ${caches.join(', ') || 'none'}\n`);
  }
  if (modules) {
    const bare = new Set(execFileSync(node, ['-p', "process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13)).join('\\n')"], { encoding: 'utf8' }).trim().split('\n'));
    for (const [index, v] of variants.entries()) {
      const loaded = readFileSync(path.join(dir, `modules-${index}.txt`), 'utf8').split('\n');
      process.stdout.write(`${v.label}: ${loaded.length} Node modules (node -p: ${bare.size}); beyond node -p: ${loaded.filter((m) => !bare.has(m)).join(' ')}\n`);
    }
  }
} finally {
  await bench.disposeAll();
  bench.removeBundle();
  await sandbox.stop();
}

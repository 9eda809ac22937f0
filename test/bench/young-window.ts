/**
 * B4's young window (the 50 restarted 3 s before it, so every STATUS counts seconds) for bundles
 * side by side, to weigh a change of the frame path before it goes in: a private copy of dist/
 * with an edit in it (a dependency's patch tried in the built app.cjs, say) against dist/ as built.
 *
 *   npx tsx test/bench/young-window.ts 22:/tmp/base:base 22:/tmp/tried:tried 24:/tmp/base:base …
 *
 * Each argument is NODE_MAJOR:BUNDLE_DIR:LABEL[:plain|:split] (plain: nothing restarted, B4's
 * first window; split: nothing restarted, the split panel on and following the selected row's
 * logs, B4w's window). One sandbox, the 50 running, each berth alone for 15 s of start-up and then 60 s
 * measured: its CPU to the nanosecond (proc.ts threadCpuMs), the frames it wrote and when, and
 * that CPU split between the frames (a 20 ms slot with a write, or the slot before it) and the
 * rest (polls, pings, timers). A window's total moves by tens of ms from run to run (a
 * mark-compact landing in it or not, a 6th or 7th frame, other work on the machine); the cost
 * of a frame moves much less, so compare that, over interleaved runs.
 */
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { nodeForMajor, NODE_VERSIONS, type NodeMajor } from '../support/node-binaries.ts';
import { PtySession } from '../support/pty.ts';
import { SETTLE_MS } from './b4-idle.ts';
import { RUNNING_NAME, type Bench } from './context.ts';
import { onBenchSandbox } from './sandbox-script.ts';
import { threadCpuMs } from './proc.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';

const WINDOW_MS = 60_000;
const SLOT_MS = 20;

interface Spec {
  major: NodeMajor;
  dir: string;
  label: string;
  young: boolean;
  split: boolean;
}

function parse(arg: string): Spec {
  const [major, dir, label, mode] = arg.split(':');
  if (!major || !(major in NODE_VERSIONS) || !dir || !label || (mode !== undefined && mode !== 'plain' && mode !== 'split')) {
    throw new Error(`bad argument ${arg}: NODE_MAJOR:BUNDLE_DIR:LABEL[:plain|:split]`);
  }
  return { major: Number(major) as NodeMajor, dir, label, young: mode === undefined, split: mode === 'split' };
}

const log = (line: string) => process.stderr.write(`[young-window] ${line}\n`);

async function measure(bench: Bench, spec: Spec): Promise<void> {
  const node = await nodeForMajor(spec.major);
  // A config.json of its own: the panel's choice is written there, never to the user's.
  const config = mkdtempSync(path.join(tmpdir(), 'berth-young-window-'));
  const session = new PtySession({ command: node, args: [path.join(spec.dir, 'berth.cjs')], env: { ...bench.berthEnv(), XDG_CONFIG_HOME: config } });
  try {
    const started = performance.now();
    const until = async (what: RegExp, name: string) => {
      while (!what.test(session.screen())) {
        if (performance.now() - started > 15_000) throw new Error(`${spec.label}: no ${name}`);
        await delay(100);
      }
    };
    await until(RUNNING_NAME, 'first frame with data');
    if (spec.split) {
      session.write('|');
      await until(/logs · .*\(following\)/, 'split panel following');
    }
    await delay(SETTLE_MS);
    if (spec.young) {
      const running = await bench.api<{ Id: string; Names?: string[] }[]>('GET', '/containers/json');
      const ours = running.filter((c) => c.Names?.some((n) => RUNNING_NAME.test(n)));
      await Promise.all(ours.map((c) => bench.api('POST', `/containers/${c.Id}/restart?t=0`, undefined, 60_000)));
      await delay(3000);
    }
    const pid = session.pty.pid;
    const writes: number[] = [];
    const w0 = performance.now();
    const listening = session.pty.onData(() => writes.push(performance.now() - w0));
    const slots: { ms: number; wrote: boolean }[] = [];
    const first = threadCpuMs(pid);
    let last = first;
    let seen = 0;
    while (performance.now() - w0 < WINDOW_MS) {
      await delay(SLOT_MS);
      const now = threadCpuMs(pid);
      slots.push({ ms: now - last, wrote: writes.length > seen });
      last = now;
      seen = writes.length;
    }
    listening.dispose();
    let frameMs = 0;
    slots.forEach((slot, i) => {
      if (slot.wrote || slots[i + 1]?.wrote === true) frameMs += slot.ms;
    });
    // A frame can reach the terminal in more than one write: writes within 0.5 s are one frame.
    const frames = writes.filter((at, i) => i === 0 || at - (writes[i - 1] ?? 0) > 500);
    const total = last - first;
    log(
      `${spec.label}, Node ${spec.major}, ${spec.young ? 'young' : spec.split ? 'split' : 'plain'}: ${total.toFixed(1)} ms CPU in ${(performance.now() - w0).toFixed(0)} ms; ` +
        `${frames.length} frames at ${frames.map((f) => (f / 1000).toFixed(1)).join(' ')} s: ${frameMs.toFixed(1)} ms ` +
        `(${(frameMs / Math.max(frames.length, 1)).toFixed(2)} ms each); the rest ${(total - frameMs).toFixed(1)} ms`,
    );
  } finally {
    await bench.quit(session);
    rmSync(config, { recursive: true, force: true });
  }
}

const specs = process.argv.slice(2).map(parse);
if (specs.length === 0) throw new Error('usage: npx tsx test/bench/young-window.ts NODE_MAJOR:BUNDLE_DIR:LABEL[:plain] …');
await onBenchSandbox(log, async (bench) => {
  for (const spec of specs) await measure(bench, spec);
});

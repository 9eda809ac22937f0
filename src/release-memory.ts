import v8 from 'node:v8';
import vm from 'node:vm';
import { atLeastNode22 } from './node-version.ts';

/**
 * Gives back the memory start-up used, once, when berth has settled. Start-up parses the first
 * lists, renders the first frames and compiles most of the code in a burst, and V8 grows its
 * young generation for it (from 2 MB to 16 MB; on Node 24 it can go much further). Once berth
 * only watches, that space sits mostly empty and resident. This runs one memory-reducing
 * collection (V8's "last resort": a full GC that also hands empty pages back to the system)
 * and keeps the young generation from growing again: berth allocates little while it watches,
 * and a scavenge of a small young generation copies only what is alive.
 *
 * Measured with 1,000 containers: RSS 118–129 → 97–99 MB on Node 24. Not at start-up: keeping
 * the young generation small from the first line cost the first frame 20–30 ms (bench B1) in
 * scavenges of the start-up data, all of which lives on. Node 20's V8 keeps the grown space
 * through this collection, though: see limitYoungGenerationEarly.
 *
 * The collection is asked for through V8's own gc extension, made visible for a moment in a
 * context of its own (a flag, then a new vm context that has it; berth's own globals never see
 * it). It takes 10–30 ms, which is why the caller runs it when nothing is happening.
 */
export function releaseStartupMemory(): void {
  v8.setFlagsFromString('--semi-space-growth-factor=1');
  v8.setFlagsFromString(singleMemoryReducerGcFlag());
  v8.setFlagsFromString('--expose-gc');
  try {
    const gc = vm.runInNewContext('gc') as (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;
    gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}

/**
 * V8's memory reducer follows a major collection with two of its own, ~8 s apart, once berth
 * allocates little. After the collection above, the first still finds a little to free and the
 * second nothing (traced on both Nodes: 12.4 → 12.4 MB), yet each costs 3–15 ms and the work of
 * its marking threads, inside berth's first idle minute: bench B4's window, where the second one
 * alone is 0.03–0.07 % of a core. One is enough. Node 22 and 24 count them; Node 20's V8 (11.3)
 * only has a switch for one.
 */
export function singleMemoryReducerGcFlag(nodeVersion: string = process.versions.node): string {
  return atLeastNode22(nodeVersion) ? '--memory-reducer-gc-count=1' : '--memory-reducer-single-gc';
}

/**
 * On Node 20 only, the young generation is kept at its starting size from the start: its V8 (11.3)
 * does not give a grown young generation back later (releaseStartupMemory leaves RSS where it
 * was), so the choice there is 20–30 ms more before the first frame for RSS 97 → 85 MB (1,000
 * containers). Node 22 and 24 give it back, and start at full speed.
 */
export function limitYoungGenerationEarly(nodeVersion: string = process.versions.node): boolean {
  if (atLeastNode22(nodeVersion)) return false;
  v8.setFlagsFromString('--semi-space-growth-factor=1');
  return true;
}

/**
 * On Node 22 and 24, from the first frame on, the young generation stops growing: it keeps the
 * size start-up grew it to (at full speed: bench B1), and whatever berth does next — a log flood,
 * 10,000 containers' rows — is collected in that instead of in one grown to tens of MB that stay
 * resident until berth settles (releaseStartupMemory), which a flood may never let it do.
 * Measured on Node 24 (quick runs): a log flood's peak RSS (B7) 194 → 126 MB, 10,000 containers
 * (B11) 155 → 108 MB after start-up and 236 → 147 MB once both lists were shown.
 */
export function limitYoungGenerationAfterStart(nodeVersion: string = process.versions.node): boolean {
  if (!atLeastNode22(nodeVersion)) return false; // limited from the start already
  v8.setFlagsFromString('--semi-space-growth-factor=1');
  return true;
}

/** V8's default growth factor (test/release-memory.test.ts checks it on each Node tested). */
export const DEFAULT_SEMI_SPACE_GROWTH_FACTOR = 2;

/**
 * Runs `fn` under the V8 flags berth's code was compiled under at start: a code cache made then
 * (code-cache.ts) is taken at the next start only if V8's flags are the same as they will be
 * when that start compiles, and limitYoungGenerationAfterStart changed one since.
 */
export function underStartupFlags(fn: () => void, nodeVersion: string = process.versions.node): void {
  const changed = atLeastNode22(nodeVersion); // what limitYoungGenerationAfterStart changes
  if (changed) v8.setFlagsFromString(`--semi-space-growth-factor=${DEFAULT_SEMI_SPACE_GROWTH_FACTOR}`);
  try {
    fn();
  } finally {
    if (changed) v8.setFlagsFromString('--semi-space-growth-factor=1');
  }
}

/** Anything that says when it changed: the app store (keys), the engine's lists. */
interface Changes {
  subscribe(listener: () => void): () => void;
}

/**
 * Calls `run` once, the first time nothing in `sources` has changed for `quietMs`, counted from
 * now: a person pressing keys or a list still arriving puts it off, so its pause never lands on
 * a key. Returns a cancel. The timers never keep the process alive.
 */
export function onceQuiet(sources: readonly Changes[], quietMs: number, run: () => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(fire, quietMs);
    timer.unref();
  };
  const unsubscribe = sources.map((source) => source.subscribe(arm));
  const cancel = () => {
    clearTimeout(timer);
    for (const off of unsubscribe) off();
  };
  function fire(): void {
    cancel();
    run();
  }
  arm();
  return cancel;
}

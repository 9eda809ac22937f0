import vm from 'node:vm';
import { leverOn } from './levers.ts';
import { setV8Flags } from './v8-flags.ts';

/**
 * V8's young generation (where new objects live until a scavenge) grows while start-up parses the
 * first lists, renders the first frames and compiles most of the code, from 2 MB to 16 MB and
 * beyond. Two levers keep what berth holds afterwards small:
 *
 * `young-generation`: from the first frame on it stops growing. It keeps the size start-up grew it
 * to (the first frame is as fast), and whatever berth does next — a log flood, 10,000 containers'
 * rows — is collected in that instead of in one grown to tens of MB that stays resident until
 * berth settles, which a flood may never let it do (bench B7's peak, B11).
 *
 * `startup-release`: once berth has settled, one memory-reducing collection (V8's "last resort": a
 * full collection that also hands empty pages back to the system) gives back what start-up used
 * (bench B5). Not at start-up: keeping the young generation small from the first line cost the
 * first frame 20–30 ms (B1) in scavenges of start-up data, all of which lives on. The collection
 * is asked for through V8's own gc extension, made visible for a moment in a context of its own
 * (a flag, then a new vm context that has it; berth's own globals never see it). It takes
 * 10–30 ms, which is why the caller runs it when nothing is happening.
 */

/** What `young-generation` sets; V8's default is `--semi-space-growth-factor=2`. */
export const FIXED_YOUNG_GENERATION = '--semi-space-growth-factor=1';
/** V8's default growth factor (test/tuning/flags.test.ts checks it on each Node tested). */
export const DEFAULT_SEMI_SPACE_GROWTH_FACTOR = 2;
/** What `startup-release` sets around its collection. */
export const EXPOSE_GC = ['--expose-gc', '--no-expose-gc'] as const;

let youngGenerationFixed = false;

/** From the first frame on (lever `young-generation`). */
export function limitYoungGenerationAfterStart(env: NodeJS.ProcessEnv = process.env): boolean {
  if (!leverOn('young-generation', env)) return false;
  setV8Flags([FIXED_YOUNG_GENERATION]);
  youngGenerationFixed = true;
  return true;
}

/** Once berth has settled (lever `startup-release`). */
export function releaseStartupMemory(env: NodeJS.ProcessEnv = process.env): boolean {
  if (!leverOn('startup-release', env)) return false;
  // The young generation stays at its size after the collection too, lever or not: a
  // collection that hands pages back and then lets it grow again would buy nothing.
  setV8Flags([FIXED_YOUNG_GENERATION, EXPOSE_GC[0]]);
  try {
    const gc = vm.runInNewContext('gc') as (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;
    gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  } finally {
    setV8Flags([EXPOSE_GC[1]]);
  }
  youngGenerationFixed = true;
  return true;
}

/**
 * Runs `fn` under the V8 flags berth's code was compiled under at start: a code cache made then
 * (code-cache.ts) is taken at the next start only if V8's flags are the same as they will be
 * when that start compiles, and the young generation's limit changed one since.
 */
export function underStartupFlags(fn: () => void): void {
  const changed = youngGenerationFixed;
  if (changed) setV8Flags([`--semi-space-growth-factor=${DEFAULT_SEMI_SPACE_GROWTH_FACTOR}`]);
  try {
    fn();
  } finally {
    if (changed) setV8Flags([FIXED_YOUNG_GENERATION]);
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

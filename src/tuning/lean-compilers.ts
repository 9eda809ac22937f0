import { leverOn } from './levers.ts';
import { setV8Flags } from './v8-flags.ts';

/**
 * Lever `lean-compilers`: V8's optimising compilers kept off — TurboFan and Maglev for berth's own
 * JavaScript (Sparkplug, V8's baseline compiler, still compiles what is hot), and the tier-up of
 * WebAssembly past Liftoff, its baseline compiler (Yoga, Ink's layout engine, and llhttp, undici's
 * HTTP parser, are WebAssembly), call wrappers included.
 *
 * berth's work comes in short bursts (a frame, a poll, a key), and an optimising compiler's way
 * of paying off over a long hot loop is mostly compile work it never earns back; their compile
 * zones were freed into the C allocator's per-thread arenas and kept there (Yoga's layout
 * function alone took ~10 MB to optimise), with the pages of Node's binary that hold them. What
 * gets slower are long loops: a key over 1,000 rows (B3), a log flood (B7), typing a filter over
 * 10,000 containers (B11), within their budgets. The figures with the lever off and on are in
 * docs/performance.md (the tuning levers).
 *
 * Set before the app is compiled (boot.ts): V8 takes a code cache only under the flags it was
 * made with. `--liftoff-only` would be the plain way for WebAssembly, but V8 reads it only at
 * start; a tier-up filter naming no function (V8's own switch to tier up just one) has the same
 * effect when set at run time. V8 also compiles a JavaScript-to-WebAssembly call wrapper with
 * Turboshaft for each export called 1,000 times (Yoga's, per node and frame), which the filter
 * does not cover; the wrapper budget keeps V8's generic wrapper.
 */
export const LEAN_COMPILER_FLAGS = ['--no-turbofan', '--no-maglev', '--wasm-tier-up-filter=2147483647', '--wasm-wrapper-tiering-budget=2147483647'] as const;

/**
 * Node's own modules an idle first screen loads: net and tty with their streams (the terminal,
 * the engine's socket), perf_hooks (the `performance` global), timers/promises, path/posix,
 * string_decoder, process (as a module: Ink's packages import it), and two of Node's lazy parts,
 * util's parseArgs (the command line) and the `navigator` global (read as Ink's packages load).
 * Node compiles each through a code cache built into its binary under V8's default flags, which
 * V8 refuses once the flags above are set ("flags mismatch", `node --profile-deserialization`):
 * Node then parses and compiles every one of them from source, 6–9 ms where its cache takes 2–3
 * (Node 22 and 24 here). Loaded before the flags, they come from that cache;
 * test/e2e/first-run.test.ts holds this list to what a first screen loads.
 */
export const FIRST_SCREEN_BUILTINS = ['node:net', 'node:tty', 'node:perf_hooks', 'node:timers/promises', 'node:path/posix', 'node:string_decoder', 'node:process'] as const;

/** What a long pass turns back on, and the lever's own flag that turns it off again. */
export const LONG_PASS_FLAGS = ['--turbofan'] as const;
const LONG_PASS_OFF = ['--no-turbofan'] as const;

/** Long passes under way (state/logs/long-pass.ts): TurboFan is on while any is. */
let longPasses = 0;

/**
 * While a whole log is read (a count, a search, a save), TurboFan compiles what is hot again: the
 * pass is the long loop the lever's trade does not fit. Splitting, indexing and matching a line
 * took 9.1 µs under the lever and 2.0 µs with TurboFan turned on for the pass
 * (test/bench/log-read-cost.ts, Node 22); B14's search spent 15–17 s of berth's CPU on 1,000,000
 * lines. What it compiled stays after the pass; nothing new is optimised once the last pass ends.
 */
export const longPassCompilers = {
  begin(): void {
    if (longPasses++ === 0) setV8Flags(LONG_PASS_FLAGS);
  },
  end(): void {
    if (--longPasses === 0) setV8Flags(LONG_PASS_OFF);
  },
};

/** `fn` under the lever's own flags: the code cache is saved under them, whatever a long pass turned on (V8 takes a cache only under the flags it was made with). */
export function underLeanCompilers(fn: () => void): void {
  const passing = longPasses > 0;
  if (passing) setV8Flags(LONG_PASS_OFF);
  try {
    fn();
  } finally {
    if (passing) setV8Flags(LONG_PASS_FLAGS);
  }
}

function loadFirstScreenBuiltins(): void {
  for (const name of FIRST_SCREEN_BUILTINS) process.getBuiltinModule(name);
  // Lazy getters: reading them loads their modules.
  void process.getBuiltinModule('node:util').parseArgs;
  void (globalThis as { navigator?: unknown }).navigator;
}

export function keepCompilersLean(env: NodeJS.ProcessEnv = process.env): boolean {
  if (!leverOn('lean-compilers', env)) return false;
  loadFirstScreenBuiltins();
  setV8Flags(LEAN_COMPILER_FLAGS);
  return true;
}

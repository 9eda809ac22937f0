import { leverOn } from './levers.ts';
import { setV8Flags } from './v8-flags.ts';

/**
 * Lever `code-flush`: at the start-up release (memory.ts), the compiled code of every function
 * goes with it — bytecode, Sparkplug's baseline code, their constant pools, source position
 * tables and feedback vectors. Much of what start-up compiled runs only then (argument parsing,
 * settings, the first list's merge, the first layout), and V8 would flush it only after six
 * major collections without a call, which a settled berth takes minutes to reach, if ever. What
 * runs again afterwards (a frame, a poll, a key) is compiled again from the app's source on its
 * next call: a few milliseconds, once, and only for what is used.
 *
 * What it buys (test/bench/memory-breakdown.ts, sessions with a code cache, interleaved, Node 22 /
 * 24): V8's bytecode 1.0 → 0.2 MB, code space 1.2 → 0.5 MB, trusted space 1.8 → 0.6 / 2.4 → 1.4
 * MB, the heap in use 13.3 → 11.1 / 13.8 → 11.2 MB, RSS 20 s after start −1.9 / −2.0 MB (bench
 * B5s, same conditions: medians 63 → 62 / 64 → 61 MB).
 *
 * Bytecode of functions that are running (the release's own callers) is kept by V8 itself. The
 * code cache is written before the release (main/start.ts), so it still holds what start-up ran.
 * `--stress-flush-code` is V8's switch that treats every function as old, whatever its age;
 * `--flush-baseline-code` lets that reach baseline code too. Both go back to V8's defaults
 * (test/tuning/flags.test.ts checks them) right after the collection.
 */
export const CODE_FLUSH_FLAGS = ['--stress-flush-code', '--flush-baseline-code'] as const;
/** V8's defaults, put back after the collection. */
export const CODE_FLUSH_DEFAULTS = ['--no-stress-flush-code', '--no-flush-baseline-code'] as const;

/**
 * Runs `collect` (a full collection) so that it flushes all code not running, when the lever
 * is on; else just runs it. On, it runs twice: the first collection takes baseline code back to
 * bytecode, whose bytecode array it still saw in use through that code; the second flushes
 * that bytecode (one collection left 0.4 MB of bytecode in some sessions, two 0.2 MB in all).
 */
export function flushingCode(collect: () => void, env: NodeJS.ProcessEnv = process.env): boolean {
  if (!leverOn('code-flush', env)) {
    collect();
    return false;
  }
  setV8Flags(CODE_FLUSH_FLAGS);
  try {
    collect();
    collect();
  } finally {
    setV8Flags(CODE_FLUSH_DEFAULTS);
  }
  return true;
}

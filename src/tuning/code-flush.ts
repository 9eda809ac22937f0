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

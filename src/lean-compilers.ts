import v8 from 'node:v8';
import { atLeastNode22 } from './node-version.ts';

/**
 * V8's optimising compilers kept off: TurboFan and Maglev for berth's own JavaScript (Sparkplug,
 * V8's baseline compiler, still compiles what is hot; Node 20 has no Maglev by default, so every
 * Node now runs berth the same way), and the tier-up of WebAssembly past Liftoff, its baseline
 * compiler (Yoga, Ink's layout engine, and llhttp, undici's HTTP parser, are WebAssembly).
 *
 * berth's work comes in short bursts (a frame, a poll, a key), and an optimising compiler's way
 * of paying off over a long hot loop is mostly compile work it never earns back. Measured with
 * the bench's quick runs (2026-11-25), with them off:
 * - RSS after start-up (50 running) falls ~10 MB on Node 20 and ~20 MB on Node 24: their compile
 *   zones, freed into the C allocator's per-thread arenas and kept there (Yoga's layout function
 *   alone took ~10 MB to optimise), and the pages of Node's binary that hold the compilers;
 * - berth's CPU during a pull (B6) falls by a third to a half (14.9 → 7.4 % on Node 20), and the
 *   first open of a dialog (B8) is no slower;
 * - what gets slower are long loops: a key over 1,000 rows (B3) or during a log flood (B7) takes
 *   some ms more at the 95th percentile, within budget; typing a filter over 10,000 containers
 *   (B11) most (Node 24 26 → 73 ms p95), which rows/ and the table answer by doing less per row.
 *
 * Set before the app is compiled (boot.ts): V8 takes a code cache only under the flags it was
 * made with. `--liftoff-only` would be the plain way for WebAssembly, but V8 reads it only at
 * start; a tier-up filter naming no function (V8's own switch to tier up just one) has the same
 * effect when set at run time. test/lean-compilers.test.ts checks the flags on each Node tested.
 */
const LEAN_COMPILER_FLAGS = ['--no-turbofan', '--no-maglev', '--wasm-tier-up-filter=2147483647'] as const;

/**
 * On Node 22 and 24 V8 also compiles a JavaScript-to-WebAssembly call wrapper of its own for each
 * export called 1,000 times (Yoga's, as Ink calls them per node and frame), with Turboshaft, its
 * optimising compiler: the tier-up filter above does not cover wrappers. With 1,000 containers
 * that happened once, 100–140 s into bench B5's watch, and made 2.5 MB more of Node's binary (the
 * compiler's code) and ~1 MB of its zones resident for good; a hot Yoga loop ends 7 MB lower
 * without it. V8's generic wrapper serves every call instead. Node 20's V8 (11.3) has no such
 * tier-up (nor the flag, which it would refuse aloud).
 */
const WRAPPER_FLAG = '--wasm-wrapper-tiering-budget=2147483647';

export function leanCompilerFlags(nodeVersion: string = process.versions.node): readonly string[] {
  return atLeastNode22(nodeVersion) ? [...LEAN_COMPILER_FLAGS, WRAPPER_FLAG] : LEAN_COMPILER_FLAGS;
}

export function keepCompilersLean(): void {
  for (const flag of leanCompilerFlags()) v8.setFlagsFromString(flag);
}

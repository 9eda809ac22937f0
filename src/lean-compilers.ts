import v8 from 'node:v8';

/**
 * V8's optimising compilers kept off: TurboFan for berth's own JavaScript (Maglev, on Node 22+,
 * and Sparkplug still compile what is hot), and the tier-up of WebAssembly past Liftoff, its
 * baseline compiler (Yoga, Ink's layout engine, and llhttp, undici's HTTP parser, are
 * WebAssembly).
 *
 * berth's work comes in short bursts (a frame, a poll, a key), and TurboFan's way of paying off
 * over a long hot loop is mostly compile work it never earns back: measured on Node 20 and 24
 * (bench, 2026-11-25), with both off
 * - RSS after start-up (50 running) falls ~10 MB on each: TurboFan's compile zones, freed into
 *   the C allocator's per-thread arenas and kept there (Yoga's layout function alone took ~10 MB
 *   to optimise), and the pages of Node's binary that hold TurboFan itself;
 * - berth's CPU during a pull (B6) falls 14.9 → 7.4 % (Node 20) and 12.5 → 9.9 % (Node 24), and
 *   the first open of a dialog (B8) is faster on Node 20 (medians 35–77 → 11–24 ms);
 * - what gets slower are long loops: a key over 1,000 rows (B3) takes a few ms more at the 95th
 *   percentile on Node 20 (Sparkplug only there), a key during a log flood (B7) 12–16 → 30 ms,
 *   typing a filter over 10,000 containers (B11) 27 → 53 ms on Node 20 — all within their
 *   budgets but the last.
 *
 * Set before the app is compiled (boot.ts): V8 takes a code cache only under the flags it was
 * made with. `--liftoff-only` would be the plain way for WebAssembly, but V8 reads it only at
 * start; a tier-up filter naming no function (V8's own switch to tier up just one) has the same
 * effect when set at run time. test/lean-compilers.test.ts checks both flags on each Node tested.
 */
export const LEAN_COMPILER_FLAGS = ['--no-turbofan', '--wasm-tier-up-filter=2147483647'] as const;

export function keepCompilersLean(): void {
  for (const flag of LEAN_COMPILER_FLAGS) v8.setFlagsFromString(flag);
}

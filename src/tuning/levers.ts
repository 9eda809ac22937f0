/**
 * The tuning room: everything in berth that talks to V8 or to Node's internals lives in
 * src/tuning/, and each lever has a switch. `BERTH_TUNING_OFF` names the levers to turn off,
 * separated by commas (`all` for every one), e.g. `BERTH_TUNING_OFF=lean-compilers,code-cache`:
 * berth then runs as plain Node would run it. `npm run bench` measures each lever with its
 * switch off and on (docs/performance.md); a lever stays only while that shows it beyond the
 * spread.
 */
export const LEVERS = {
  /** V8's optimising compilers kept off (lean-compilers.ts). */
  'lean-compilers': 'TurboFan and Maglev off for berth’s JavaScript, Liftoff only for WebAssembly',
  /** The young generation stops growing after the first frame (memory.ts). */
  'young-generation': 'the young generation kept at the size start-up grew it to, from the first frame on',
  /** One memory-reducing collection once start-up has settled (memory.ts). */
  'startup-release': 'start-up’s memory given back once berth has settled',
  /** At the start-up release, the code of every function not running is flushed with it (code-flush.ts). */
  'code-flush': 'the bytecode and baseline code start-up compiled flushed at the start-up release; what runs again is compiled again',
  /** The app compiled through berth's own V8 code cache (code-cache.ts). */
  'code-cache': 'the app compiled through a V8 code cache made once start-up has settled',
} as const;

export type Lever = keyof typeof LEVERS;

/** The levers `BERTH_TUNING_OFF` turns off; an unknown name is ignored (berth must start). */
export function leversOff(env: NodeJS.ProcessEnv = process.env): ReadonlySet<Lever> {
  const names = (env.BERTH_TUNING_OFF ?? '').split(',').map((n) => n.trim()).filter(Boolean);
  if (names.includes('all')) return new Set(Object.keys(LEVERS) as Lever[]);
  return new Set(names.filter((n): n is Lever => Object.hasOwn(LEVERS, n)));
}

/** Whether a lever is on (the default) in this process. */
export function leverOn(lever: Lever, env: NodeJS.ProcessEnv = process.env): boolean {
  return !leversOff(env).has(lever);
}

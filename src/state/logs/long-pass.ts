/**
 * A read of a whole log (the count, a whole-history search, a save: a million lines in bench B14)
 * is one hot loop for seconds, where V8's optimising compiler pays for itself; berth otherwise
 * keeps it off (src/tuning/lean-compilers.ts, the lever `lean-compilers`). The V8 levers are the
 * process glue's alone, so main/start.ts hands in what a long pass does about them.
 */
export interface LongPassHooks {
  begin(): void;
  end(): void;
}

let hooks: LongPassHooks | undefined;

export function setLongPassHooks(next: LongPassHooks | undefined): void {
  hooks = next;
}

/** `pass`, with the hooks' begin now and their end once it settles, however it settles. */
export function longPass<T>(pass: Promise<T>): Promise<T> {
  const current = hooks;
  if (current === undefined) return pass;
  current.begin();
  return pass.finally(() => current.end());
}

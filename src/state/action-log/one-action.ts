/**
 * One action-log entry for one user action made of several engine calls: an exec (create, start,
 * its exit code read), a debug shell (create, attach, start, wait, the helper's removal), a copy
 * (stats, then the archive sent or read). The handler runs the action's work through `oneAction`;
 * the work gets a client whose calls are not logged one by one. The entry's line is the one the
 * handler gives, else the first change the work sends, written from what was sent (cli-line.ts),
 * a create read as `docker run` when the action is a run. Its result is the action's: the work's
 * failure, else what `result` makes of its value, else the exit code of the exec the work read
 * (non-zero is not ok), else ok. Calls the action makes on the side, such as removing a helper
 * the engine already removed by itself (AutoRemove), are part of it, not entries of their own.
 */
import type { EngineClient } from '../../engine/client.ts';
import { outcomeOf, type ActionOutcome } from './action-log.ts';
import { cliWriters, runLine } from './cli-line.ts';
import { isChange, recorderOf } from './recording-client.ts';

/** How the action ended, as its value says; `not-done`: nothing was done after all (the entry goes). */
export type ActionResult = ActionOutcome | { kind: 'not-done' };

export interface OneAction<T> {
  /** The docker line; when absent, the first change the work sends writes it. */
  line?: string;
  /** The action is a run: its create is written `docker run` (created, started, attached as one). */
  run?: boolean;
  /** What the work's value says about how it ended; undefined: the default (an exit code read, else ok). */
  result?: (value: T) => ActionResult | undefined;
}

/** An exit code as a result: 0 is ok. */
export function exitResult(code: number | undefined): ActionResult | undefined {
  if (code === undefined) return undefined;
  return code === 0 ? { kind: 'ok' } : { kind: 'exited', code };
}

export async function oneAction<T>(client: EngineClient, action: OneAction<T>, work: (client: EngineClient) => Promise<T>): Promise<T> {
  const recorder = recorderOf(client);
  if (!recorder) return work(client);
  const { log, engine, client: plain } = recorder;
  let seq = action.line === undefined ? undefined : log.begin(action.line, engine);
  let exitCode: number | undefined;
  const scoped = new Proxy(plain, {
    get(target, name) {
      const value: unknown = Reflect.get(target, name, target);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (name === 'execExitCode') {
        return async (...args: unknown[]) => {
          const code = (await method.apply(target, args)) as number | undefined;
          if (code !== undefined) exitCode = code;
          return code;
        };
      }
      if (!isChange(name)) return method.bind(target);
      const write = (action.run && name === 'createContainer' ? runLine : cliWriters[name]) as (...args: unknown[]) => string;
      return (...args: unknown[]) => {
        seq ??= log.begin(write(...args), engine);
        return method.apply(target, args);
      };
    },
  });
  let value: T;
  try {
    value = await work(scoped);
  } catch (error) {
    if (seq !== undefined) log.settleAs(seq, outcomeOf(error));
    throw error;
  }
  if (seq !== undefined) {
    const result = action.result?.(value) ?? exitResult(exitCode) ?? { kind: 'ok' };
    if (result.kind === 'not-done') log.drop(seq);
    else log.settleAs(seq, result);
  }
  return value;
}

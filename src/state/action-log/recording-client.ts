/**
 * An engine client whose changes are recorded in the action log: the methods cli-line.ts writes
 * a line for go through `ActionLog.track`; every other one is the client's own, untouched. So
 * whoever calls the engine for a single change (a stop, a removal, a pull) is logged without
 * knowing it, and an action added later is logged once its method has a writer. An action made
 * of several calls (an exec, a debug shell, a copy) is one entry instead: one-action.ts, which
 * finds the log and the plain client behind this one through `recorderOf`.
 */
import type { EngineClient } from '../../engine/client.ts';
import type { ActionLog } from './action-log.ts';
import { cliWriters, type ChangeMethod } from './cli-line.ts';

/** Where a recording client writes, and the client it records. */
export interface Recorder {
  log: ActionLog;
  engine: string;
  client: EngineClient;
}

const RECORDER = Symbol('berth.action-log.recorder');

export function isChange(name: string | symbol): name is ChangeMethod {
  return typeof name === 'string' && Object.hasOwn(cliWriters, name);
}

export function recordingClient(client: EngineClient, log: ActionLog, engine: string): EngineClient {
  const recorder: Recorder = { log, engine, client };
  return new Proxy(client, {
    get(target, name) {
      if (name === RECORDER) return recorder;
      const value: unknown = Reflect.get(target, name, target);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (!isChange(name)) return method.bind(target);
      const write = cliWriters[name] as (...args: unknown[]) => string;
      return (...args: unknown[]) => log.track(write(...args), engine, () => method.apply(target, args));
    },
  });
}

/** The log behind a recording client; undefined for any other client (nothing is recorded then). */
export function recorderOf(client: EngineClient): Recorder | undefined {
  return (client as unknown as { [RECORDER]?: Recorder })[RECORDER];
}

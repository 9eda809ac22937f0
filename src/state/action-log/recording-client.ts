/**
 * An engine client whose changes are recorded in the action log: the methods cli-line.ts writes
 * a line for go through `ActionLog.track`; every other one is the client's own, untouched. So
 * whoever calls the engine for a change (a dialog's handler, a bulk action, a pull, a shell) is
 * logged without knowing it, and an action added later is logged once its method has a writer.
 */
import type { EngineClient } from '../../engine/client.ts';
import type { ActionLog } from './action-log.ts';
import { cliWriters, type ChangeMethod } from './cli-line.ts';

function isChange(name: string | symbol): name is ChangeMethod {
  return typeof name === 'string' && Object.hasOwn(cliWriters, name);
}

export function recordingClient(client: EngineClient, log: ActionLog, engine: string): EngineClient {
  return new Proxy(client, {
    get(target, name) {
      const value: unknown = Reflect.get(target, name, target);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (!isChange(name)) return method.bind(target);
      const write = cliWriters[name] as (...args: unknown[]) => string;
      return (...args: unknown[]) => log.track(write(...args), engine, () => method.apply(target, args));
    },
  });
}

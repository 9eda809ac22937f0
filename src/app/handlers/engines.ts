/**
 * The work behind the engine switcher: the list of engines (read when it opens), a probe of each
 * (in the background, one request each with a short deadline, so the list is there at once and
 * fills in), and the switch itself (engine-switch.ts), each reporting back into the store.
 */
import { describeError } from '../../engine/errors.ts';
import { shownEngines, withShownEngines } from '../fleet/engine-rows.ts';
import type { EngineRow } from '../types.ts';
import { failure, type HandlerTable } from './work.ts';

export const engineHandlers: HandlerTable<'engines-list' | 'engine-switch' | 'engine-confirm' | 'fleet-show'> = {
  // Back to the reducer at once, before the next key: the action runs as if the key came again.
  'engine-confirm': (c, env) => env.dispatch({ type: 'engine-confirmed', overlay: c.overlay, action: c.action, confirmed: c.confirmed }),
  'engines-list': (command, env) => {
    const engines = env.services.engines;
    if (!engines) {
      env.dispatch({ type: 'view', overlay: command.overlay, result: { kind: 'listed', rows: [], error: 'this berth cannot switch engines' } });
      return;
    }
    let rows: EngineRow[];
    try {
      // The engines shown are rows too, where no context or standard socket names them (-H a -H b).
      const shown = shownEngines(env.services.sources.fleet?.store.getState().members ?? [], env.engineStore.getState().connection);
      rows = withShownEngines(engines.choices(), shown);
    } catch (error) {
      env.dispatch({ type: 'view', overlay: command.overlay, result: { kind: 'listed', rows: [], error: describeError(error) } });
      return;
    }
    env.dispatch({ type: 'view', overlay: command.overlay, result: { kind: 'listed', rows } });
    if (command.probe === false) return;
    const { signal } = env.work(command.overlay).abort;
    for (const row of rows) {
      engines.probe(row.target, signal).then(
        (text) => env.dispatch({ type: 'view', overlay: command.overlay, result: { kind: 'probed', host: row.host, reach: { ok: true, text } } }),
        (error: unknown) => {
          const message = failure(error, signal);
          if (message !== undefined) env.dispatch({ type: 'view', overlay: command.overlay, result: { kind: 'probed', host: row.host, reach: { ok: false, text: message } } });
        },
      );
    }
  },
  'fleet-show': (command, env) => {
    const show = env.services.engines?.showFleet;
    if (!show) {
      env.dispatch({ type: 'view', overlay: command.overlay, result: { kind: 'switched', name: command.name, outcome: { ok: false, message: 'this berth cannot show a fleet' } } });
      return;
    }
    show(command.targets, command.shown).then(
      (outcome) => env.dispatch({ type: 'view', overlay: command.overlay, result: { kind: 'switched', name: command.name, outcome } }),
      (error: unknown) => env.dispatch({ type: 'view', overlay: command.overlay, result: { kind: 'switched', name: command.name, outcome: { ok: false, message: describeError(error) } } }),
    );
  },
  'engine-switch': (command, env) => {
    const engines = env.services.engines;
    if (!engines) return;
    const { signal } = env.work(command.overlay).abort;
    engines.switchTo(command.target, signal).then(
      (outcome) => env.dispatch({ type: 'view', overlay: command.overlay, result: { kind: 'switched', name: command.name, outcome } }),
      (error: unknown) => env.dispatch({ type: 'view', overlay: command.overlay, result: { kind: 'switched', name: command.name, outcome: { ok: false, message: describeError(error) } } }),
    );
  },
};

/**
 * Every action on a row goes to the row's own engine. In a fleet, the key reducer hands what an
 * action on a thing returned to `routeTo`: its commands carry the thing's engine, and so does
 * every overlay it opened (a dialog, a logs view), so what that overlay asks for later (a stop
 * after its confirmation, the log stream) goes to the same engine. The runner reads the engine
 * back with `engineOfCommand` and works with that engine's client.
 */
import type { Command, Reduced } from '../commands.ts';
import type { AppState } from '../types.ts';

/** A command as routed: its engine (a fleet's, by short name) and the protected engines whose names were typed for it. */
type Routed = Command & { engine?: string; confirmed?: readonly string[] };

/** The result of an action on a thing of engine `engine`: its commands and new overlays go there. */
export function routeTo(before: AppState, result: Reduced, engine: string): Reduced {
  const had = new Set(before.overlays.map((o) => o.id));
  const opened = result.state.overlays.some((o) => !had.has(o.id));
  const state = opened ? { ...result.state, overlays: result.state.overlays.map((o) => (had.has(o.id) || o.engine !== undefined ? o : { ...o, engine })) } : result.state;
  const commands = result.commands.map((c): Routed => ('overlay' in c && typeof c.overlay === 'number' && !had.has(c.overlay) ? c : { ...c, engine }));
  return { state, commands };
}

/** The engine a command goes to: its own, else its overlay's; undefined: the engine shown. */
export function engineOfCommand(command: Command, state: AppState): string | undefined {
  const own = (command as Routed).engine;
  if (own !== undefined) return own;
  if (!('overlay' in command) || typeof command.overlay !== 'number') return undefined;
  const overlay = command.overlay;
  return state.overlays.find((o) => o.id === overlay)?.engine;
}

/**
 * The result of an action whose protected engines' names were just typed (fleet/access.ts): its
 * commands and the overlays it opened carry them, so the gate (gate/gate.ts) lets their changes
 * through, and so does what those overlays ask for later (a dialog's confirmation).
 */
export function confirmTo(before: AppState, result: Reduced, confirmed: readonly string[]): Reduced {
  if (confirmed.length === 0) return result;
  const had = new Set(before.overlays.map((o) => o.id));
  const state = { ...result.state, overlays: result.state.overlays.map((o) => (had.has(o.id) ? o : { ...o, confirmed })) };
  const commands = result.commands.map((c): Routed => ({ ...c, confirmed }));
  return { state, commands };
}

/** Whether engine `engine`'s name was typed for this command (or for the overlay it reports to). */
export function isConfirmed(command: Command, state: AppState, engine: string): boolean {
  if ((command as Routed).confirmed?.includes(engine)) return true;
  if (!('overlay' in command) || typeof command.overlay !== 'number') return false;
  const overlay = command.overlay;
  return state.overlays.find((o) => o.id === overlay)?.confirmed?.includes(engine) === true;
}

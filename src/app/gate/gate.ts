/**
 * The one gate every command passes on its way from a reducer to the runner (runtime.ts), so no
 * handler can reach a change without it, whatever key, palette entry, dialog or view asked:
 * a command that changes its engine (command-facts.ts) is refused on a read-only engine and, on a
 * protected one, unless its engine's name was typed for it (fleet/access.ts asks; route.ts stamps
 * what the confirmed action returned). It also says where the command goes: the engine of the
 * row it was made on (route.ts), else the engine shown.
 *
 * The keys ask first (fleet/access.ts `onEngine`), so a refusal here means a way in that skipped
 * them; the engine's client refuses what gets past both (engine/http.ts, state/fleet/fleet.ts).
 */
import type { AppStore } from '../app-store.ts';
import type { Command } from '../commands.ts';
import type { UiContext } from '../context.ts';
import type { AppState } from '../types.ts';
import { accessOf } from '../fleet/access.ts';
import { primaryName } from '../fleet/fleet-rows.ts';
import { engineOfCommand, isConfirmed } from '../fleet/route.ts';
import { changesEngine } from './command-facts.ts';

export type Verdict =
  /** Run it, on `engine` (a fleet's engine by short name; undefined: the engine shown). */
  | { go: true; engine: string | undefined }
  /** Refused: `text` says why, naming the engine. */
  | { go: false; text: string };

/** The engines a command's requests go to: a set's items each to their own, anything else to one. */
function targetsOf(command: Command, routed: string | undefined, primary: string): string[] {
  if (command.type === 'set-act') return [...new Set(command.items.map((item) => item.engine ?? routed ?? primary))];
  return [routed ?? primary];
}

const listed = (names: readonly string[]) => (names.length === 1 ? `${names[0]} is` : `${names.join(', ')} are`);

export function gate(command: Command, state: AppState, ctx: UiContext): Verdict {
  const routed = engineOfCommand(command, state);
  if (!changesEngine(command)) return { go: true, engine: routed };
  const engines = targetsOf(command, routed, primaryName(ctx));
  const readOnly = engines.filter((e) => accessOf(ctx, e) === 'read-only');
  if (readOnly.length > 0) return { go: false, text: `${listed(readOnly)} read-only (config.json "engines"): berth sends no change there (${command.type} refused)` };
  const unconfirmed = engines.filter((e) => accessOf(ctx, e) === 'protected' && !isConfirmed(command, state, e));
  if (unconfirmed.length > 0) return { go: false, text: `${listed(unconfirmed)} protected (config.json "engines"): a change there needs its name typed first (${command.type} refused)` };
  return { go: true, engine: routed };
}

/**
 * The store's way to the runner, through the gate: what the runtime (runtime.ts) hands the store,
 * and what the request-level sweep (test/app/gate/read-only-requests.int.test.ts) runs the keys'
 * commands through. Refused: said in a notice; a dialog that asked keeps what was typed (Esc leaves it).
 */
export function throughGate(store: AppStore<UiContext>, context: () => UiContext, run: (command: Command, engine: string | undefined) => void): (command: Command) => void {
  return (command) => {
    const verdict = gate(command, store.getState(), context());
    if (verdict.go) run(command, verdict.engine);
    else store.dispatch({ type: 'notify', text: verdict.text, tone: 'error' });
  };
}

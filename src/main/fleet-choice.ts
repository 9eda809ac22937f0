/**
 * The switcher's fleet, kept for the next start: config.json's "fleet" (main/settings.ts) is set
 * to the engines shown together, the one shown first, each as the context or the address it was
 * chosen by; a choice of the engine alone takes "fleet" out. Every other setting in the file is
 * kept as it was read. The file is written whole to a temporary name beside it and renamed over
 * it, so a crash mid-write never leaves half a config that would stop the next start.
 *
 * The writing itself is kept-settings.ts's (it writes "workspace" the same way).
 */
import { describeError } from '../engine/errors.ts';
import type { SessionTarget } from '../state/engine-session.ts';
import type { SwitchOutcome } from '../state/engine-switch.ts';
import { keepSetting } from './kept-settings.ts';

/** A target as config.json's "fleet" names it (fleetFromSettings reads it back). */
export function fleetEntry(target: SessionTarget): string | undefined {
  return target.context ?? target.host;
}

/** The entries for the engines shown together; undefined when that is the first alone. */
export function fleetEntries(shown: SessionTarget, others: readonly SessionTarget[]): string[] | undefined {
  if (others.length === 0) return undefined;
  const entries = [shown, ...others].map(fleetEntry).filter((e): e is string => e !== undefined && e.trim() !== '');
  return entries.length > 1 ? entries : undefined;
}

/**
 * Sets (or, with undefined, removes) "fleet" in the settings file at `path`. Throws what went
 * wrong (the caller says it beside the switch, which has happened either way).
 */
export function keepFleetChoice(path: string, entries: readonly string[] | undefined): void {
  keepSetting(path, 'fleet', entries === undefined ? undefined : [...entries]);
}

/**
 * After the switcher's fleet was shown: the choice kept in the settings file, said beside the
 * switch; a file that cannot be written costs the keeping, not the switch.
 */
export function keptFleet(outcome: SwitchOutcome, path: string, shown: SessionTarget | undefined, others: readonly SessionTarget[]): SwitchOutcome {
  if (!outcome.ok || shown === undefined) return outcome;
  try {
    keepFleetChoice(path, fleetEntries(shown, others));
    return { ok: true, label: `${outcome.label}; kept in ${path}` };
  } catch (error) {
    return { ok: true, label: `${outcome.label}; not kept: ${describeError(error)}` };
  }
}

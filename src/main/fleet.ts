/**
 * The fleet berth opens (state/fleet/fleet.ts): the engine shown (the switchboard's, which follows
 * a switch) and the others given on the command line, each named by its short name and given its
 * access from config.json's "engines". With no others it is a fleet of one: the engine's access
 * still counts (read-only, protected), and the panes show no ENGINE column.
 */
import { describeError } from '../engine/errors.ts';
import { closeEngineSession, openEngineSession, type EngineSession, type SessionOptions, type SessionTarget } from '../state/engine-session.ts';
import type { EngineSwitchboard, SwitchOutcome } from '../state/engine-switch.ts';
import { accessFor, type AccessSettings } from '../state/fleet/access-settings.ts';
import { Fleet, type FleetEngine } from '../state/fleet/fleet.ts';
import { distinctNames, shortName } from '../state/fleet/member-names.ts';

const nameOf = (session: EngineSession) => shortName({ context: session.client.context, label: session.client.endpoint.label });
const accessOf = (settings: AccessSettings | undefined, session: EngineSession, name: string) => accessFor(settings, { context: session.client.context, host: session.client.endpoint.label, name });

/** The other engines as the fleet names them: the first engine keeps its plain name; another that would read the same gets -2, -3. */
function named(board: EngineSwitchboard, others: readonly EngineSession[], settings: AccessSettings | undefined): FleetEngine[] {
  const names = distinctNames([nameOf(board.current), ...others.map(nameOf)]).slice(1);
  return others.map((session, i) => {
    const name = names[i] ?? `engine-${i + 2}`;
    return { name, session, access: accessOf(settings, session, name) };
  });
}

export function openFleet(board: EngineSwitchboard, others: readonly EngineSession[], settings: AccessSettings | undefined): Fleet {
  // The fleet, once made: the first engine's name is read from it (and from the constructor, before).
  const made: { fleet?: Fleet } = {};
  // After a switch the engine shown may read like one of the others: it is told apart by a star.
  const primaryName = () => {
    const name = nameOf(board.current);
    return made.fleet?.otherNames.includes(name) ? `${name}*` : name;
  };
  made.fleet = new Fleet({ name: primaryName, access: () => accessOf(settings, board.current, primaryName()), label: () => board.current.label, store: board.store, client: () => board.current.client }, named(board, others, settings));
  return made.fleet;
}

/**
 * The switcher's fleet (E, Space on each engine, Enter): the engines chosen, opened beside the
 * one shown, replace the fleet's others. A target that cannot be opened at all (a bad address)
 * leaves the fleet as it was, in the client's words.
 */
export async function showFleet(fleet: Fleet, board: EngineSwitchboard, targets: readonly SessionTarget[], options: SessionOptions, settings: AccessSettings | undefined): Promise<SwitchOutcome> {
  const opened: EngineSession[] = [];
  try {
    for (const target of targets) opened.push(openEngineSession(target, options));
  } catch (error) {
    await Promise.all(opened.map((o) => closeEngineSession(o).catch(() => undefined)));
    return { ok: false, message: describeError(error) };
  }
  await fleet.replace(named(board, opened, settings));
  const names = [fleet.primaryName, ...fleet.otherNames];
  return { ok: true, label: names.length > 1 ? `a fleet: ${names.join(', ')}` : names[0] ?? '' };
}

/** config.json's "fleet" as options: an entry with "://" or a leading "/" is an address, anything else a context. */
export function fleetFromSettings(entries: readonly string[] | undefined): { host?: string; context?: string; fleet?: SessionTarget[] } {
  const targets = (entries ?? []).map((entry): SessionTarget => (entry.includes('://') || entry.startsWith('/') ? { host: entry } : { context: entry }));
  const [first, ...rest] = targets;
  return first ? { ...first, ...(rest.length > 0 && { fleet: rest }) } : {};
}

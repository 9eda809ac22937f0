/**
 * The fleet berth opens (state/fleet/fleet.ts): the engine shown (the switchboard's, which follows
 * a switch) and the others given on the command line, each named by its short name and given its
 * access from config.json's "engines". With no others it is a fleet of one: the engine's access
 * still counts (read-only, protected), and the panes show no ENGINE column.
 */
import type { EngineSession } from '../state/engine-session.ts';
import type { EngineSwitchboard } from '../state/engine-switch.ts';
import { accessFor, type AccessSettings } from '../state/fleet/access-settings.ts';
import { Fleet } from '../state/fleet/fleet.ts';
import { distinctNames, shortName } from '../state/fleet/member-names.ts';

const nameOf = (session: EngineSession) => shortName({ context: session.client.context, label: session.client.endpoint.label });
const accessOf = (settings: AccessSettings | undefined, session: EngineSession, name: string) => accessFor(settings, { context: session.client.context, host: session.client.endpoint.label, name });

export function openFleet(board: EngineSwitchboard, others: readonly EngineSession[], settings: AccessSettings | undefined): Fleet {
  // The first engine keeps its plain name; another that would read the same gets -2, -3.
  const names = distinctNames([nameOf(board.current), ...others.map(nameOf)]).slice(1);
  const taken = new Set(names);
  // After a switch the engine shown may read like one of the others: it is told apart by a star.
  const primaryName = () => {
    const name = nameOf(board.current);
    return taken.has(name) ? `${name}*` : name;
  };
  return new Fleet(
    { name: primaryName, access: () => accessOf(settings, board.current, primaryName()), label: () => board.current.label, store: board.store },
    others.map((session, i) => {
      const name = names[i] ?? `engine-${i + 2}`;
      return { name, session, access: accessOf(settings, session, name) };
    }),
  );
}

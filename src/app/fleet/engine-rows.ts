/**
 * The engine switcher's rows (`E`) with the engines berth shows among them. The switcher finds
 * engines where the docker CLI keeps them (contexts, DOCKER_HOST, the standard sockets); berth
 * started with `-H a -H b` on sockets elsewhere showed both while `E` said "no engines found"
 * (issue 48). Each engine shown is a row: the one a found row already names is marked there, any
 * other is added under its fleet name. In a fleet a row says the name the ENGINE column and the
 * status bar use, beside its address: two sockets both called docker.sock are `docker` and
 * `docker-2` there, and this is where a person reads which is which.
 */
import type { ConnectionState } from '../../state/engine-state.ts';
import type { FleetMember } from '../../state/fleet/fleet.ts';
import { shortName } from '../../state/fleet/member-names.ts';
import type { EngineRow } from '../types.ts';

/** An engine berth shows, as the switcher lists it. */
export interface ShownEngine {
  /** Its fleet name (or, alone, its short name). */
  name: string;
  /** Its address, DOCKER_HOST-style (the client's endpoint label, as the switcher's rows have it). */
  host: string;
  context?: string;
  /** The engine shown (the fleet's first): the current row. */
  primary: boolean;
}

/** The engines shown: a fleet's members, first one first, or the one engine alone. */
export function shownEngines(members: readonly FleetMember[], shown: Pick<ConnectionState, 'endpoint' | 'context'>): ShownEngine[] {
  const one = (connection: Pick<ConnectionState, 'endpoint' | 'context'>) => ({ host: connection.endpoint, ...(connection.context !== undefined && { context: connection.context }) });
  if (members.length === 0) return [{ name: shortName({ label: shown.endpoint, ...(shown.context !== undefined && { context: shown.context }) }), ...one(shown), primary: true }];
  return members.map((m) => ({ name: m.name, ...one(m.engine.connection), primary: m.primary }));
}

/** Whether a found row is this engine: the same context, or (neither a context) the same address. */
function names(row: EngineRow, engine: ShownEngine): boolean {
  if ('context' in row.target && row.target.context !== undefined) return row.target.context === engine.context;
  return engine.context === undefined && row.host === engine.host;
}

/**
 * `found` with every engine of `shown` in it: marked on the row that names it, else added after
 * the found ones. The engine shown is the one current row. With several engines shown, each
 * row of theirs says its fleet name ("in the fleet as docker-2").
 */
export function withShownEngines(found: readonly EngineRow[], shown: readonly ShownEngine[]): EngineRow[] {
  const fleet = shown.length > 1;
  const rows = [...found];
  let current = -1;
  for (const engine of shown) {
    let at = rows.findIndex((row) => names(row, engine));
    // The switcher marks the row of the engine shown itself (by the client's own context and address).
    if (at < 0 && engine.primary) at = rows.findIndex((row) => row.current);
    if (at < 0) {
      const target = engine.context !== undefined ? { context: engine.context } : { host: engine.host };
      rows.push({ name: engine.name, host: engine.host, current: false, target, description: engine.primary ? 'shown now' : 'in the fleet' });
      at = rows.length - 1;
    } else if (fleet) {
      const row = rows[at] as EngineRow;
      rows[at] = { ...row, description: [row.description, row.name === engine.name ? 'in the fleet' : `in the fleet as ${engine.name}`].filter(Boolean).join(' · ') };
    }
    if (engine.primary) current = at;
  }
  if (current < 0) return rows;
  return rows.map((row, i) => (row.current === (i === current) ? row : { ...row, current: i === current }));
}

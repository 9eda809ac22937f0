/**
 * The Events pane's rows: the engine's events, newest first, each string from the engine
 * sanitised once (a container name or an attribute may carry control sequences), filtered by
 * `/` over type, action, actor and details.
 */
import type { LoggedEvent } from '../../state/events/event-log.ts';
import { memberOf } from '../../state/fleet/member-tag.ts';
import { formatClock } from '../format/time.ts';
import { sanitizeLine } from '../format/index.ts';

export type EventColumn = 'engine' | 'time' | 'type' | 'action' | 'actor' | 'details';

export interface EventRow {
  key: string;
  /** In a fleet: the short name of the engine that reported it. */
  engine?: string;
  type: string;
  cells: Record<EventColumn, string>;
  haystack: string;
}

const built = new WeakMap<LoggedEvent, EventRow>();

/**
 * An action with an argument (`exec_start: sh -c …`, `health_status: healthy`) is split: the
 * word stays in ACTION, the argument leads DETAILS. ACTION is then a short word, so it does not
 * hold 30-odd cells of a command while DETAILS is cut.
 */
export function splitAction(action: string, details: string): { action: string; details: string } {
  const at = action.indexOf(': ');
  if (at <= 0) return { action, details };
  const argument = action.slice(at + 2).trim();
  return { action: action.slice(0, at), details: argument === '' ? details : details === '' ? argument : `${argument} · ${details}` };
}

function rowOf(event: LoggedEvent): EventRow {
  let row = built.get(event);
  if (!row) {
    const engine = memberOf(event);
    const split = splitAction(event.action, event.details);
    const cells = {
      engine: engine ?? '',
      time: formatClock(new Date(event.at)),
      type: sanitizeLine(event.type),
      action: sanitizeLine(split.action),
      actor: sanitizeLine(event.actor),
      details: sanitizeLine(split.details),
    };
    row = { key: String(event.seq), type: event.type, cells, haystack: `${cells.type} ${cells.action} ${cells.actor} ${cells.details}${engine === undefined ? '' : ` engine:${engine}`}`.toLowerCase(), ...(engine !== undefined && { engine }) };
    built.set(event, row);
  }
  return row;
}

export function eventRows(events: readonly LoggedEvent[], filter: string): EventRow[] {
  const needle = filter.trim().toLowerCase();
  const rows: EventRow[] = [];
  for (const event of events) {
    const row = rowOf(event);
    if (needle === '' || row.haystack.includes(needle)) rows.push(row);
  }
  return rows;
}

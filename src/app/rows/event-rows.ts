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

function rowOf(event: LoggedEvent): EventRow {
  let row = built.get(event);
  if (!row) {
    const engine = memberOf(event);
    const cells = {
      engine: engine ?? '',
      time: formatClock(new Date(event.at)),
      type: sanitizeLine(event.type),
      action: sanitizeLine(event.action),
      actor: sanitizeLine(event.actor),
      details: sanitizeLine(event.details),
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

/**
 * The Events pane: the engine's `/events` as berth heard them since it started, newest first (the
 * last 1,000), filtered by type, action, actor and details.
 */
import { plural } from '../format/index.ts';
import type { EventColumn, EventRow } from '../rows/event-rows.ts';
import { selectEventRows } from '../rows/select.ts';
import type { Column } from '../table.ts';
import { theme } from '../theme.ts';
import { paneView } from '../types.ts';
import { fleetRowKey, withEngineColumn } from '../fleet/fleet-rows.ts';
import { definePane, keptCells } from './pane.ts';

const ID = 'events';

const columns: readonly Column<EventColumn>[] = [
  { key: 'time', title: 'TIME', min: 8, max: 8, priority: 1 },
  { key: 'type', title: 'TYPE', min: 7, max: 10, priority: 2 },
  { key: 'action', title: 'ACTION', min: 8, max: 24, priority: 0 },
  { key: 'actor', title: 'ACTOR', min: 10, max: 40, grow: 2, priority: 0 },
  { key: 'details', title: 'DETAILS', min: 10, grow: 3, priority: 3 },
];

/** Read as rows are drawn, not at load: the user's theme is applied after this module loads. */
function typeColor(type: string): string | undefined {
  return ({ container: theme.accent, image: theme.success, network: theme.muted, volume: theme.muted } as Record<string, string | undefined>)[type];
}

export const events = definePane<EventRow>({
  id: ID,
  title: 'Events',
  footer: ['filter', 'pull', 'next-pane', 'engines'],
  rows: (state, ctx) => selectEventRows(ctx.events.events, paneView(state, ID).filter),
  key: (row, ctx) => fleetRowKey(ctx, row.engine, row.key),
  filterable: true,
  pinsSelection: true,
  list: 'event',
  summary(state, ctx) {
    const filter = paneView(state, ID).filter;
    return `${plural(selectEventRows(ctx.events.events, filter).length, 'event')}${filter ? ` · filter "${filter}"` : ''}`;
  },
  view: {
    kind: 'table',
    columns: (_state, ctx) => withEngineColumn(columns, ctx),
    cells: keptCells((row, ctx) => ({ key: fleetRowKey(ctx, row.engine, row.key), cells: row.cells, color: typeColor(row.type) })),
    message(state, ctx, rows) {
      if (rows.length > 0) return undefined;
      const filter = paneView(state, ID).filter;
      if (filter) return { text: `no events match "${filter}"` };
      return { text: ctx.engine.connection.eventsLive ? 'no events since berth started (they appear as the engine reports them)' : 'no events: the engine’s event stream is not connected' };
    },
  },
});

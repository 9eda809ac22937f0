/**
 * The Incidents pane: what went wrong while nobody watched (state/incidents: non-zero exits, OOM
 * kills, unhealthy turns, restart loops), newest first, the unacknowledged marked ⚠. Enter opens
 * the post-mortem card (logs, inspect, restart from there); acknowledging clears the status bar's
 * count. Kept for the engine's session, never written to disk.
 */
import { rowKey } from '../../state/sources.ts';
import { unacknowledged } from '../../state/incidents/detect.ts';
import { notify, reduced } from '../commands.ts';
import { plural } from '../format/index.ts';
import { incidentRows, incidentTarget, type IncidentColumn, type IncidentRow } from '../rows/incident-rows.ts';
import type { Column } from '../table.ts';
import { theme } from '../theme.ts';
import { paneView } from '../types.ts';
import { withEngineColumn } from '../fleet/fleet-rows.ts';
import { definePane, keptCells, selectedRow, type PaneDefinition } from './pane.ts';

const ID = 'incidents';

const columns: readonly Column<IncidentColumn>[] = [
  { key: 'mark', title: ' ', min: 1, max: 1, priority: 0 },
  { key: 'time', title: 'TIME', min: 8, max: 8, priority: 1 },
  { key: 'what', title: 'WHAT', min: 12, max: 44, grow: 2, priority: 0 },
  { key: 'container', title: 'CONTAINER', min: 10, max: 40, grow: 2, priority: 0 },
  { key: 'count', title: 'CRASHES', min: 7, max: 7, priority: 4, align: 'right' },
  { key: 'compose', title: 'COMPOSE', min: 8, max: 30, grow: 1, priority: 3 },
  { key: 'image', title: 'IMAGE', min: 10, max: 40, grow: 1, priority: 5 },
];

/** Rows memoised on their inputs: the same array while the incidents and the filter stand. */
let memo: { incidents: unknown; filter: string; rows: readonly IncidentRow[] } | undefined;
function rowsOf(incidents: Parameters<typeof incidentRows>[0], filter: string): readonly IncidentRow[] {
  if (memo?.incidents !== incidents || memo.filter !== filter) memo = { incidents, filter, rows: incidentRows(incidents, filter) };
  return memo.rows;
}

export const incidents: PaneDefinition<IncidentRow> = definePane<IncidentRow>({
  id: ID,
  title: 'Incidents',
  rows: (state, ctx) => rowsOf(ctx.incidents.incidents, paneView(state, ID).filter),
  key: (row, ctx) => rowKey(ctx.engine.connection.endpoint, row.key),
  filterable: true,
  // Newest first, the cursor on the top row until the user moves (as Actions): pinned, it stayed
  // on the first incident ever seen, a row lower with each newer one.
  pinsSelection: false,
  summary(state, ctx) {
    const all = ctx.incidents.incidents;
    const filter = paneView(state, ID).filter;
    return `${plural(all.length, 'incident')}, ${unacknowledged(all)} not acknowledged${filter ? ` · filter "${filter}"` : ''}`;
  },
  view: {
    kind: 'table',
    columns: (_state, ctx) => withEngineColumn(columns, ctx),
    cells: keptCells((row, ctx) => ({ key: rowKey(ctx.engine.connection.endpoint, row.key), cells: row.cells, color: row.incident.acknowledged ? theme.muted : theme.error })),
    message(state, ctx, rows) {
      if (rows.length > 0) return undefined;
      const filter = paneView(state, ID).filter;
      if (filter) return { text: `no incidents match "${filter}"` };
      return { text: ctx.engine.connection.eventsLive ? 'no incidents since berth started: crashes, OOM kills, unhealthy containers and restart loops appear here' : 'no incidents: the engine’s event stream is not connected', tone: 'muted' };
    },
  },
  // The row's container, and which incident it is (Enter opens its card: app/views).
  target: (row, _state, ctx) => ({ ...incidentTarget(row.incident, ctx), incident: row.incident.seq }),
  actions: {
    acknowledge: (state, ctx) => {
      const row = selectedRow(incidents, state, ctx);
      if (!row || row.incident.acknowledged) return reduced(state);
      return reduced(state, { type: 'incident-acknowledge', seq: row.incident.seq });
    },
    mute: (state, ctx) => {
      const row = selectedRow(incidents, state, ctx);
      if (!row) return reduced(state);
      const name = row.incident.name;
      const muted = ctx.incidents.mutedNames?.includes(name) === true;
      const shown = row.cells.container;
      return notify(state, muted ? `${shown} unmuted: its next trouble counts again` : `${shown} muted for this session: its incidents are listed, not counted`, 'info', { type: 'incident-mute', name });
    },
    'acknowledge-all': (state, ctx) => {
      const count = unacknowledged(ctx.incidents.incidents);
      if (count === 0) return notify(state, 'no incident waits for acknowledging');
      return notify(state, `${plural(count, 'incident')} acknowledged`, 'info', { type: 'incident-acknowledge' });
    },
  },
});

/**
 * The Services pane: a swarm manager's services with their replicas, mode, image, ports and update
 * state; Enter opens a service's tasks under it (and on a task, its container's logs). Read while
 * the pane is shown; on an engine that is no swarm manager it says so, in the engine's words.
 * In a fleet, each manager's services under its name (the ENGINE column), acted on through it.
 */
import { reduced } from '../commands.ts';
import { plural } from '../format/index.ts';
import { memoLast } from '../rows/memo.ts';
import { fleetServiceRows, type ServiceColumn, type ServiceRow } from '../rows/swarm-rows.ts';
import type { Column } from '../table.ts';
import { theme } from '../theme.ts';
import { paneView, type AppState } from '../types.ts';
import type { UiContext } from '../context.ts';
import { fleetRowKey, withEngineColumn } from '../fleet/fleet-rows.ts';
import { definePane, keptCells, paneOptions, selectedRow, withPaneOptions, type PaneDefinition } from './pane.ts';
import { noSwarm, swarmMessage } from './swarm-message.ts';

const ID = 'services';

const columns: readonly Column<ServiceColumn>[] = [
  { key: 'name', title: 'NAME', min: 10, max: 32, grow: 1, priority: 0 },
  { key: 'mode', title: 'MODE / NODE', min: 8, max: 30, priority: 3 },
  { key: 'replicas', title: 'REPLICAS', min: 8, max: 12, priority: 0 },
  { key: 'image', title: 'IMAGE / STATE', min: 12, max: 40, grow: 1, priority: 1 },
  { key: 'ports', title: 'PORTS / CONTAINER', min: 8, max: 24, priority: 4 },
  { key: 'update', title: 'UPDATE / ERROR', min: 8, grow: 2, priority: 2 },
  { key: 'updated', title: 'UPDATED', min: 8, max: 16, priority: 5 },
];

interface Options extends Record<string, boolean | readonly string[]> {
  /** The services opened with Enter to show their tasks (ids). */
  open: readonly string[];
}
// One defaults object: its empty list is the same array at every read, so the rows' memo holds.
const DEFAULTS: Options = { open: [] };
const options = (state: AppState): Options => paneOptions(state, ID, DEFAULTS);

const rowsOf = memoLast(fleetServiceRows);

function rows(state: AppState, ctx: UiContext): readonly ServiceRow[] {
  const { swarm } = ctx;
  // The ages in the rows move by the minute: rows made for the minute they are in.
  return rowsOf(swarm.services, swarm.tasks, swarm.nodes, options(state).open, paneView(state, ID).filter, Math.floor(Date.now() / 60_000) * 60_000);
}

export const services: PaneDefinition<ServiceRow> = definePane<ServiceRow>({
  id: ID,
  title: 'Services',
  footer: ['open-tasks', 'service-logs', 'scale', 'force-update', 'rollback', 'remove', 'filter', 'pull', 'next-pane', 'engines'],
  rows,
  key: (row, ctx) => fleetRowKey(ctx, row.engine, row.key),
  filterable: true,
  pinsSelection: true,
  list: 'service',
  shows: 'service',
  summary(state, ctx) {
    const shown = rows(state, ctx).filter((r) => r.kind === 'service');
    if (!ctx.swarm.loaded || noSwarm(ctx)) return '';
    const updating = shown.filter((r) => r.trouble).length;
    return `${plural(shown.length, 'service')}, ${updating} updating or short`;
  },
  view: {
    kind: 'table',
    columns: (_state, ctx) => withEngineColumn(columns, ctx),
    cells: keptCells((row, ctx) => ({ key: fleetRowKey(ctx, row.engine, row.key), cells: { ...row.cells, engine: row.engine ?? '' }, ...(row.trouble && { color: theme.warning }) })),
    message: (state, ctx, shown) => swarmMessage('services', ctx, paneView(state, ID).filter, shown.length),
  },
  target(row) {
    const engine = row.engine !== undefined && { engine: row.engine };
    if (row.kind === 'task') return { kind: 'task', taskId: row.key, name: row.name, serviceId: row.serviceId, ...(row.containerId && { containerId: row.containerId }), ...engine };
    return { kind: 'service', serviceId: row.serviceId, name: row.name, ...(row.scale !== undefined && { scale: row.scale }), ...engine };
  },
  demands: () => ({ swarm: true }),
  actions: {
    // Enter on a service opens (or closes) its tasks; on a task it is the task's (its logs).
    'open-tasks': (state, ctx) => {
      const row = selectedRow(services, state, ctx);
      if (!row || row.kind === 'task') return undefined;
      const open = options(state).open;
      return reduced(withPaneOptions(state, ID, { open: open.includes(row.serviceId) ? open.filter((id) => id !== row.serviceId) : [...open, row.serviceId] }));
    },
  },
});

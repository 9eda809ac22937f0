/**
 * The Nodes pane: the swarm's nodes, their role, availability, state and engine version. Read
 * while the pane is shown; drain and activate are declared by the confirmation that does them.
 * In a fleet, each manager's nodes under its name (the ENGINE column), acted on through it.
 */
import { plural } from '../format/index.ts';
import { memoLast } from '../rows/memo.ts';
import { nodeRows, type NodeColumn, type NodeRow } from '../rows/swarm-rows.ts';
import type { Column } from '../table.ts';
import { paneView } from '../types.ts';
import { fleetRowKey, withEngineColumn } from '../fleet/fleet-rows.ts';
import { definePane, keptCells } from './pane.ts';
import { noSwarm, swarmMessage } from './swarm-message.ts';

const ID = 'nodes';

const columns: readonly Column<NodeColumn>[] = [
  { key: 'id', title: 'ID', min: 12, max: 12, priority: 3 },
  { key: 'hostname', title: 'HOSTNAME', min: 10, max: 40, grow: 1, priority: 0 },
  { key: 'role', title: 'ROLE', min: 7, max: 18, priority: 1 },
  { key: 'availability', title: 'AVAILABILITY', min: 6, max: 12, priority: 0 },
  { key: 'status', title: 'STATUS', min: 5, max: 12, priority: 0 },
  // The node's Docker version; ENGINE is a fleet's column (which manager listed it).
  { key: 'version', title: 'VERSION', min: 7, max: 24, priority: 2 },
];

const rowsOf = memoLast(nodeRows);

export const nodes = definePane<NodeRow>({
  id: ID,
  title: 'Nodes',
  footer: ['drain', 'activate', 'filter', 'pull', 'next-pane', 'engines'],
  rows: (state, ctx) => rowsOf(ctx.swarm.nodes, paneView(state, ID).filter),
  key: (row, ctx) => fleetRowKey(ctx, row.engine, row.key),
  filterable: true,
  pinsSelection: true,
  list: 'node',
  shows: 'node',
  summary(state, ctx) {
    if (!ctx.swarm.loaded || noSwarm(ctx)) return '';
    const shown = rowsOf(ctx.swarm.nodes, paneView(state, ID).filter);
    const away = shown.filter((r) => r.cells.availability !== 'active' || r.cells.status !== 'ready').length;
    return `${plural(shown.length, 'node')}, ${away} drained or down`;
  },
  view: {
    kind: 'table',
    columns: (_state, ctx) => withEngineColumn(columns, ctx),
    cells: keptCells((row, ctx) => ({ key: fleetRowKey(ctx, row.engine, row.key), cells: { ...row.cells, engine: row.engine ?? '' } })),
    message: (state, ctx, shown) => swarmMessage('nodes', ctx, paneView(state, ID).filter, shown.length),
  },
  target: (row) => ({ kind: 'node', nodeId: row.key, name: row.name, ...(row.engine !== undefined && { engine: row.engine }) }),
  demands: () => ({ swarm: true }),
});

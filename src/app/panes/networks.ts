/**
 * The Networks pane: the engine's networks with who uses each (from the containers list), read
 * while the pane is shown. Inspect, remove, create and prune are declared by their views and dialogs.
 */
import { networkRows, type NetworkColumn, type ResourceRow } from '../rows/resource-rows.ts';
import { memoLast } from '../rows/memo.ts';
import type { Column } from '../table.ts';
import { paneView } from '../types.ts';
import { fleetRowKey, withEngineColumn } from '../fleet/fleet-rows.ts';
import { columnsFor, shownKeys, type ColumnSet } from '../workspace/columns.ts';
import { definePane, keptCells } from './pane.ts';
import { resourceMessage, resourceNote, resourceSummary } from './resource-pane.ts';

const ID = 'networks';

const columns: readonly Column<NetworkColumn>[] = [
  { key: 'name', title: 'NAME', min: 10, max: 40, grow: 2, priority: 0 },
  { key: 'id', title: 'NETWORK ID', min: 12, max: 12, priority: 3 },
  { key: 'driver', title: 'DRIVER', min: 6, max: 10, priority: 2 },
  { key: 'scope', title: 'SCOPE', min: 5, max: 6, priority: 4 },
  { key: 'usedBy', title: 'USED BY', min: 8, grow: 1, priority: 1 },
];

/** Every column can be hidden and moved (`,`); the defaults are all of them, in this order. */
const columnSet: ColumnSet = { every: columns, defaults: columns.map((c) => c.key) };

const rowsOf = memoLast(networkRows);
/** Every row, whatever the filter: where marks are looked up. */
const everyRow = memoLast((items: Parameters<typeof networkRows>[0], containers: Parameters<typeof networkRows>[1]) => networkRows(items, containers, ''));

export const networks = definePane<ResourceRow<NetworkColumn>>({
  id: ID,
  title: 'Networks',
  footer: ['create', 'remove', 'filter', 'inspect', 'prune', 'pull', 'next-pane', 'engines'],
  rows: (state, ctx) => rowsOf(ctx.resources.networks.items, ctx.engine.containers.items, paneView(state, ID).filter),
  key: (row, ctx) => fleetRowKey(ctx, row.engine, row.key),
  filterable: true,
  pinsSelection: true,
  list: 'network',
  shows: 'network',
  summary(state, ctx) {
    const filter = paneView(state, ID).filter;
    return resourceSummary(ctx.resources.networks, rowsOf(ctx.resources.networks.items, ctx.engine.containers.items, filter), 'network', filter);
  },
  view: {
    kind: 'table',
    columns: (state, ctx) => withEngineColumn(columnsFor(columnSet, shownKeys(state, ID, columnSet)), ctx),
    columnSet,
    cells: keptCells((row, ctx) => ({ key: fleetRowKey(ctx, row.engine, row.key), cells: { ...row.cells, engine: row.engine ?? '' } })),
    message: (state, ctx, rows) => resourceMessage(ctx.resources.networks, rows.length, 'networks', paneView(state, ID).filter, `no networks (${ctx.keymap.label('create')} creates a bridge network)`),
    note: (_state, ctx) => resourceNote(ctx.resources.networks),
  },
  target: (row) => ({ kind: 'network', id: row.key, name: row.name, users: row.users, ...(row.engine !== undefined && { engine: row.engine }) }),
  marking: {
    every: (_state, ctx) => {
      const list = ctx.resources.networks;
      return list.loaded && !list.stale ? everyRow(list.items, ctx.engine.containers.items) : undefined;
    },
    known: (_state, ctx) => (ctx.resources.networks.loaded ? everyRow(ctx.resources.networks.items, ctx.engine.containers.items) : undefined),
    noun: 'network',
  },
  demands: () => ({ resources: 'networks' }),
});

/**
 * The Volumes pane: the engine's volumes with who uses each (from the containers list), read while
 * the pane is shown. Inspect, remove, create and prune are declared by their views and dialogs.
 */
import { volumeRows, type ResourceRow, type VolumeColumn } from '../rows/resource-rows.ts';
import { memoLast } from '../rows/memo.ts';
import type { Column } from '../table.ts';
import { paneView } from '../types.ts';
import { fleetRowKey, withEngineColumn } from '../fleet/fleet-rows.ts';
import { columnsFor, shownKeys, type ColumnSet } from '../workspace/columns.ts';
import { definePane, keptCells } from './pane.ts';
import { resourceMessage, resourceNote, resourceSummary } from './resource-pane.ts';

const ID = 'volumes';

const columns: readonly Column<VolumeColumn>[] = [
  { key: 'name', title: 'VOLUME NAME', min: 12, max: 64, grow: 2, priority: 0 },
  { key: 'driver', title: 'DRIVER', min: 6, max: 10, priority: 2 },
  { key: 'mountpoint', title: 'MOUNTPOINT', min: 10, grow: 2, priority: 3 },
  { key: 'usedBy', title: 'USED BY', min: 8, grow: 1, priority: 1 },
];

/** Every column can be hidden and moved (`,`); the defaults are all of them, in this order. */
const columnSet: ColumnSet = { every: columns, defaults: columns.map((c) => c.key) };

const rowsOf = memoLast(volumeRows);
/** Every row, whatever the filter: where marks are looked up. */
const everyRow = memoLast((items: Parameters<typeof volumeRows>[0], containers: Parameters<typeof volumeRows>[1]) => volumeRows(items, containers, ''));

export const volumes = definePane<ResourceRow<VolumeColumn>>({
  id: ID,
  title: 'Volumes',
  footer: ['create', 'remove', 'filter', 'inspect', 'prune', 'pull', 'next-pane', 'engines'],
  rows: (state, ctx) => rowsOf(ctx.resources.volumes.items, ctx.engine.containers.items, paneView(state, ID).filter),
  key: (row, ctx) => fleetRowKey(ctx, row.engine, row.key),
  filterable: true,
  pinsSelection: true,
  list: 'volume',
  shows: 'volume',
  summary(state, ctx) {
    const filter = paneView(state, ID).filter;
    return resourceSummary(ctx.resources.volumes, rowsOf(ctx.resources.volumes.items, ctx.engine.containers.items, filter), 'volume', filter);
  },
  view: {
    kind: 'table',
    columns: (state, ctx) => withEngineColumn(columnsFor(columnSet, shownKeys(state, ID, columnSet)), ctx),
    columnSet,
    cells: keptCells((row, ctx) => ({ key: fleetRowKey(ctx, row.engine, row.key), cells: { ...row.cells, engine: row.engine ?? '' } })),
    message: (state, ctx, rows) => resourceMessage(ctx.resources.volumes, rows.length, 'volumes', paneView(state, ID).filter, `no volumes (${ctx.keymap.label('create')} creates one)`),
    note: (_state, ctx) => resourceNote(ctx.resources.volumes),
  },
  target: (row) => ({ kind: 'volume', name: row.name, users: row.users, ...(row.engine !== undefined && { engine: row.engine }) }),
  marking: {
    every: (_state, ctx) => {
      const list = ctx.resources.volumes;
      return list.loaded && !list.stale ? everyRow(list.items, ctx.engine.containers.items) : undefined;
    },
    noun: 'volume',
  },
  demands: () => ({ resources: 'volumes' }),
});

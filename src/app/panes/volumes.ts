/**
 * The Volumes pane: the engine's volumes with who uses each (from the containers list), read while
 * the pane is shown, and each one's size from the disk usage (state/disk: `/system/df`, asked only
 * while the pane is shown, one at a time). `o` orders by name, size (biggest first) or users.
 * Inspect, remove, create and prune are declared by their views and dialogs.
 */
import { notify } from '../commands.ts';
import { dockerSize } from '../format/docker-size.ts';
import { setSort } from '../navigation.ts';
import { volumeSizesOf } from '../rows/disk-rows.ts';
import { volumeRows, type ResourceRow, type VolumeColumn } from '../rows/resource-rows.ts';
import { memoLast } from '../rows/memo.ts';
import { isDescending, nextSort, volumeSorts } from '../rows/sort.ts';
import type { Column, TableRow } from '../table.ts';
import type { UiContext } from '../context.ts';
import { paneView, type AppState } from '../types.ts';
import { fleetRowKey, onShownEngine, withEngineColumn } from '../fleet/fleet-rows.ts';
import { columnsFor, shownKeys, type ColumnSet } from '../workspace/columns.ts';
import { definePane, keptCells } from './pane.ts';
import { resourceMessage, resourceNote, resourceSummary } from './resource-pane.ts';

const ID = 'volumes';

const columns: readonly Column<VolumeColumn>[] = [
  { key: 'name', title: 'VOLUME NAME', min: 12, max: 64, grow: 2, priority: 0 },
  { key: 'driver', title: 'DRIVER', min: 6, max: 10, priority: 2 },
  { key: 'mountpoint', title: 'MOUNTPOINT', min: 10, grow: 2, priority: 3 },
  { key: 'size', title: 'SIZE', min: 7, max: 9, priority: 1, align: 'right' },
  { key: 'usedBy', title: 'USED BY', min: 8, grow: 1, priority: 1 },
];

/** Every column can be hidden and moved (`,`); the defaults are all of them, in this order. */
const columnSet: ColumnSet = { every: columns, defaults: columns.map((c) => c.key) };

type Sizes = ReturnType<typeof volumeSizesOf>;

/** The pane's order: the list's own is by name ('created' is every pane's first: the same here). */
function sortOf(state: AppState): string {
  const sort = paneView(state, ID).sort;
  return sort === 'created' ? 'name' : sort;
}

/** Biggest first (a size not known yet, or not measured, last); most used first. Stable: ties stay by name. */
function sortedRows(rows: ResourceRow<VolumeColumn>[], sort: string, sizes: Sizes): ResourceRow<VolumeColumn>[] {
  if (sort === 'size') return [...rows].sort((a, b) => (sizes?.get(b.name)?.size ?? -1) - (sizes?.get(a.name)?.size ?? -1));
  if (sort === 'used-by') return [...rows].sort((a, b) => b.users - a.users);
  return rows;
}

const listed = memoLast(volumeRows);
/** Sizes only when ordering by them: a new answer must not rebuild the rows otherwise. */
const rowsOf = memoLast((items: Parameters<typeof volumeRows>[0], containers: Parameters<typeof volumeRows>[1], filter: string, sort: string, sizes: Sizes) => sortedRows(listed(items, containers, filter), sort, sizes));

function shownRows(state: AppState, ctx: UiContext): ResourceRow<VolumeColumn>[] {
  const sort = sortOf(state);
  return rowsOf(ctx.resources.volumes.items, ctx.engine.containers.items, paneView(state, ID).filter, sort, sort === 'size' ? volumeSizesOf(ctx.diskUsage.usage) : undefined);
}

/** A volume's SIZE cell: as `docker system df -v` prints it; "…" until the first answer; N/A when the engine does not measure it. */
function sizeCell(ctx: UiContext, row: ResourceRow<VolumeColumn>): string {
  // In a fleet, only the engine shown is measured.
  if (!onShownEngine(ctx, row)) return '';
  const sizes = volumeSizesOf(ctx.diskUsage.usage);
  if (!sizes) return ctx.diskUsage.error ? '?' : '…';
  const size = sizes.get(row.name)?.size;
  return size === undefined ? (ctx.diskUsage.computing ? '…' : '') : dockerSize(size);
}
/** Every row, whatever the filter: where marks are looked up. */
const everyRow = memoLast((items: Parameters<typeof volumeRows>[0], containers: Parameters<typeof volumeRows>[1]) => volumeRows(items, containers, ''));

export const volumes = definePane<ResourceRow<VolumeColumn>>({
  id: ID,
  title: 'Volumes',
  footer: ['create', 'remove', 'filter', 'inspect', 'export-volume', 'restore-volume', 'prune', 'pull', 'next-pane', 'engines'],
  rows: shownRows,
  key: (row, ctx) => fleetRowKey(ctx, row.engine, row.key),
  sorts: volumeSorts,
  filterable: true,
  pinsSelection: true,
  list: 'volume',
  shows: 'volume',
  summary(state, ctx) {
    const filter = paneView(state, ID).filter;
    const sort = sortOf(state);
    const by = sort === 'name' ? '' : ` · by ${sort}`;
    const computing = ctx.diskUsage.computing ? ' · sizes: computing…' : '';
    return `${resourceSummary(ctx.resources.volumes, shownRows(state, ctx), 'volume', filter)}${ctx.resources.volumes.loaded ? `${by}${computing}` : ''}`;
  },
  view: {
    kind: 'table',
    columns: (state, ctx) => withEngineColumn(columnsFor(columnSet, shownKeys(state, ID, columnSet)), ctx),
    columnSet,
    cells: keptCells((row, ctx): TableRow<string> => ({ key: fleetRowKey(ctx, row.engine, row.key), cells: { ...row.cells, size: sizeCell(ctx, row), engine: row.engine ?? '' } }), false, (ctx) => ctx.diskUsage),
    message: (state, ctx, rows) => resourceMessage(ctx.resources.volumes, rows.length, 'volumes', paneView(state, ID).filter, `no volumes (${ctx.keymap.label('create')} creates one)`),
    note: (_state, ctx) => resourceNote(ctx.resources.volumes),
    sortedBy: (state) => ({ key: sortOf(state) === 'used-by' ? 'usedBy' : sortOf(state), descending: isDescending(sortOf(state)) }),
  },
  target: (row) => ({ kind: 'volume', name: row.name, users: row.users, ...(row.engine !== undefined && { engine: row.engine }) }),
  marking: {
    every: (_state, ctx) => {
      const list = ctx.resources.volumes;
      return list.loaded && !list.stale ? everyRow(list.items, ctx.engine.containers.items) : undefined;
    },
    known: (_state, ctx) => (ctx.resources.volumes.loaded ? everyRow(ctx.resources.volumes.items, ctx.engine.containers.items) : undefined),
    noun: 'volume',
  },
  demands: () => ({ resources: 'volumes', diskUsage: true }),
  actions: {
    sort: (state) => {
      const sort = nextSort(volumeSorts, sortOf(state));
      return notify(setSort(state, ID, sort), `volumes sorted by ${sort}${sort === 'size' ? ' (biggest first)' : sort === 'used-by' ? ' (most used first)' : ''}`);
    },
  },
});

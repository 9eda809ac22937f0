/**
 * The Images pane: a row per tag (an untagged image gets one row of its id), newest first, or by
 * size or tag (`o`). What acts on an image is declared by the dialogs and views that do it.
 */
import { freshnessOf, newerVersionOf } from '../../state/freshness/image-freshness.ts';
import { imageMarks, NEWER_MARK, OUTDATED_MARK } from '../rows/markers.ts';
import { formatRelative, plural } from '../format/index.ts';
import { imageRows, type ImageColumn, type ImageRow } from '../rows/image-rows.ts';
import { memoLast } from '../rows/memo.ts';
import { selectImageRows } from '../rows/select.ts';
import { imageSorts, sortedDown } from '../rows/sort.ts';
import type { Column } from '../table.ts';
import type { UiContext } from '../context.ts';
import { paneView, type AppState } from '../types.ts';
import { fleetRowKey, withEngineColumn } from '../fleet/fleet-rows.ts';
import { columnsFor, shownKeys, type ColumnSet } from '../workspace/columns.ts';
import { definePane, keptCells } from './pane.ts';

const ID = 'images';

const columns: readonly Column<ImageColumn>[] = [
  { key: 'id', title: 'IMAGE ID', min: 12, max: 12, priority: 1 },
  { key: 'tag', title: 'REPOSITORY:TAG', min: 16, max: 70, grow: 3, priority: 0 },
  { key: 'size', title: 'SIZE', min: 8, max: 9, priority: 2, align: 'right' },
  { key: 'created', title: 'CREATED', min: 14, max: 22, priority: 3 },
  { key: 'parent', title: 'PARENT', min: 12, max: 12, priority: 4 },
];

/** Every column can be hidden and moved (`,`); the defaults are all of them, in this order. */
const columnSet: ColumnSet = { every: columns, defaults: columns.map((c) => c.key) };

/** Whether the registry holds another image under the row's tag now (state/freshness). */
function isOutdated(row: ImageRow, ctx: UiContext): boolean {
  if (ctx.freshness.remote.size === 0) return false;
  return freshnessOf(ctx.freshness, row.tag, ctx.engine.images.items.find((i) => i.Id === row.imageId)) === 'outdated';
}

/** The newer version the registry holds for the row's tag (state/freshness), if it reads as a version. */
function newerOf(row: ImageRow, ctx: UiContext): string | undefined {
  return ctx.freshness.tags && ctx.freshness.tags.size > 0 ? newerVersionOf(ctx.freshness, row.tag) : undefined;
}

/** How many rows are outdated and how many have a newer version, counted once per rows array and freshness: the tab line asks at every frame. */
const counts = new WeakMap<readonly ImageRow[], { freshness: UiContext['freshness']; items: UiContext['engine']['images']['items']; outdated: number; newer: number }>();
function markedCounts(rows: readonly ImageRow[], ctx: UiContext): { outdated: number; newer: number } {
  const kept = counts.get(rows);
  if (kept && kept.freshness === ctx.freshness && kept.items === ctx.engine.images.items) return kept;
  const made = { freshness: ctx.freshness, items: ctx.engine.images.items, outdated: rows.filter((row) => isOutdated(row, ctx)).length, newer: rows.filter((row) => newerOf(row, ctx) !== undefined).length };
  counts.set(rows, made);
  return made;
}

export function imageRowsOf(state: AppState, ctx: Pick<UiContext, 'engine'>): readonly ImageRow[] {
  const view = paneView(state, ID);
  return selectImageRows(ctx.engine.images.items, view.filter, view.sort, view.reversed === true);
}

/** Every image row, whatever the filter: where marks are looked up. */
const everyRow = memoLast((items: Parameters<typeof imageRows>[0]) => imageRows(items, { filter: '' }));

export const images = definePane<ImageRow>({
  id: ID,
  title: 'Images',
  footer: ['run', 'pull', 'update-image', 'remove', 'filter', 'inspect', 'tag', 'push', 'save-tar', 'load-tar', 'history', 'copy', 'sort', 'prune', 'next-pane', 'engines'],
  rows: imageRowsOf,
  key: (row, ctx) => fleetRowKey(ctx, row.engine, row.key),
  sorts: imageSorts,
  filterable: true,
  pinsSelection: true,
  shows: 'image',
  list: 'image',
  summary(state, ctx) {
    const view = paneView(state, ID);
    const filter = view.filter ? ` · filter "${view.filter}"` : '';
    const sort = view.sort === 'created' && view.reversed !== true ? '' : ` · by ${view.sort}${view.reversed === true ? ' reversed' : ''}`;
    const rows = imageRowsOf(state, ctx);
    const { outdated, newer } = markedCounts(rows, ctx);
    const marked = `${outdated > 0 ? ` · ${OUTDATED_MARK} ${outdated} outdated (${ctx.keymap.label('update-image')} updates)` : ''}${newer > 0 ? ` · ${NEWER_MARK} ${newer} with a newer version` : ''}`;
    return `${plural(rows.length, 'tag')}${marked}${filter}${sort}${ctx.engine.images.stale ? ' [stale]' : ''}`;
  },
  view: {
    kind: 'table',
    columns: (state, ctx) => withEngineColumn(columnsFor(columnSet, shownKeys(state, ID, columnSet)), ctx),
    columnSet,
    cells: keptCells(
      (row, ctx, nowMs) => ({
        key: fleetRowKey(ctx, row.engine, row.key),
        // Outdated and a newer version read without colour too: markers before the tag.
        cells: { ...row.cells, engine: row.engine ?? '', created: formatRelative(row.created, nowMs), tag: `${imageMarks(isOutdated(row, ctx), newerOf(row, ctx))}${row.cells.tag}` },
      }),
      true,
      (ctx) => ctx.freshness,
    ),
    message(state, ctx, rows) {
      if (!ctx.engine.images.loaded) return { text: 'loading images…' };
      if (rows.length > 0) return undefined;
      const filter = paneView(state, ID).filter;
      return { text: filter ? `no images match "${filter}"` : `no images (${ctx.keymap.label('pull')} pulls one)` };
    },
    stale: (_state, ctx) => ctx.engine.images.stale,
    sortedBy: (state) => ({ key: paneView(state, ID).sort, descending: sortedDown(paneView(state, ID).sort, paneView(state, ID).reversed) }),
  },
  target: (row) => ({ kind: 'image', imageId: row.imageId, tag: row.tag, ...(row.engine !== undefined && { engine: row.engine }) }),
  marking: {
    every: (_state, ctx) => (ctx.engine.images.loaded && !ctx.engine.images.stale ? everyRow(ctx.engine.images.items) : undefined),
    known: (_state, ctx) => (ctx.engine.images.loaded ? everyRow(ctx.engine.images.items) : undefined),
    noun: 'image',
  },
  actions: {},
  demands: () => ({ freshness: true }),
});

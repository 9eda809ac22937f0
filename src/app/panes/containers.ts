/**
 * The Containers pane: the engine's containers (running ones, or all with `a`), optionally with
 * `docker stats`'s columns (`M`) and grouped by Compose project (`z`). What acts on a container or
 * a project is declared by the dialogs and views that do it (actions/index.ts); this pane says
 * what its rows are.
 */
import type { ContainerSummary, ImageSummary } from '../../engine/types.ts';
import { imageNewerVersion, imageOutdated, type FreshnessState } from '../../state/freshness/image-freshness.ts';
import { isLive } from '../../state/containers.ts';
import type { StatsFigures } from '../../state/stats/figures.ts';
import { isCoarse } from '../../state/status-age.ts';
import type { ContainerTimes } from '../../state/status-times.ts';
import { memberOf } from '../../state/fleet/member-tag.ts';
import { arrivedAt } from '../../state/fleet/fleet-lists.ts';
import { notify, reduced } from '../commands.ts';
import type { UiContext } from '../context.ts';
import { containerName, formatRelative, sanitizeLine } from '../format/index.ts';
import { bodyHeight } from '../layout.ts';
import { selectedIndex, setSort } from '../navigation.ts';
import { memoLast } from '../rows/memo.ts';
import { imageMarks } from '../rows/markers.ts';
import { selectContainerRows } from '../rows/select.ts';
import { containerRows, statusText, type ContainerColumn, type ContainerRow } from '../rows/container-rows.ts';
import { markSelected } from '../marks.ts';
import { containerSorts, containerStatsSorts, isDescending, nextSort } from '../rows/sort.ts';
import { statsCells, type StatsColumn } from '../rows/stats-cells.ts';
import { containerLook, incidentMarks, lookColor, MARKERS, troubleRows, type ContainerLook } from '../rows/container-health.ts';
import type { Column, TableRow } from '../table.ts';
import type { Target } from '../targets.ts';
import { theme } from '../theme.ts';
import { groupStatsCells } from '../rows/group-stats.ts';
import { paneView, type AppState } from '../types.ts';
import { fleetRowKey, onShownEngine, withEngineColumn } from '../fleet/fleet-rows.ts';
import type { Demands } from '../../state/sources.ts';
import type { DiskUsageState } from '../../state/disk/disk-usage-source.ts';
import type { ContainerSize } from '../../engine/prune.ts';
import { writableSize } from '../../state/prune/preview.ts';
import { dockerSize } from '../format/docker-size.ts';
import { definePane, paneOptions, rowKeys, withPaneOptions, type PaneDefinition } from './pane.ts';

const ID = 'containers';

interface Options extends Record<string, boolean | readonly string[]> {
  /** Every container, not only the running ones (`a`). */
  all: boolean;
  /** `docker stats`'s columns for the running ones (`M`). */
  stats: boolean;
  /** Grouped by Compose project (`z`). */
  grouped: boolean;
  /** The Compose projects folded to their header row. */
  folded: readonly string[];
  /** Only the containers that need a look (`T`), stopped ones included. */
  trouble: boolean;
}

const DEFAULTS: Options = { all: false, stats: false, grouped: false, folded: [], trouble: false };
const options = (state: AppState): Options => paneOptions(state, ID, DEFAULTS);

type Key = ContainerColumn | StatsColumn | 'size';

/** The writable layers by container, as the sort reads figures (state/disk: asked only while ordering by them). */
const sizeFigures = memoLast((sizes: DiskUsageState['containerSizes']) => new Map([...(sizes ?? new Map<string, ContainerSize>()).values()].map((c) => [c.Id, { sizeRw: writableSize(c) }])));

/** Ordered by writable layer: its SIZE beside the state (as `docker ps -s`'s first figure). */
function withSizeColumn(list: readonly Column<Key>[], state: AppState): readonly Column<Key>[] {
  return paneView(state, ID).sort === 'size' ? sizeColumns(list) : list;
}

/** Made once per column set: the table reads its columns by identity. */
const withSizes = new WeakMap<readonly Column<Key>[], readonly Column<Key>[]>();
function sizeColumns(list: readonly Column<Key>[]): readonly Column<Key>[] {
  let made = withSizes.get(list);
  if (!made) {
    const at = list.findIndex((c) => c.key === 'state') + 1;
    made = [...list.slice(0, at), { key: 'size', title: 'SIZE', min: 7, max: 9, priority: 2, align: 'right' }, ...list.slice(at)];
    withSizes.set(list, made);
  }
  return made;
}

/** A drawn row with its SIZE cell, kept while both stand (the table reads rows by identity: a new one each frame would never settle). */
const sized = new WeakMap<TableRow<Key>, { size: string; row: TableRow<Key> }>();
function withSize(row: TableRow<Key>, size: string): TableRow<Key> {
  const kept = sized.get(row);
  if (kept?.size === size) return kept.row;
  const made = { ...row, cells: { ...row.cells, size } };
  sized.set(row, { size, row: made });
  return made;
}

function sizeCell(ctx: UiContext, id: string): string {
  const size = writableSize(ctx.diskUsage.containerSizes?.get(id));
  return size !== undefined ? dockerSize(size) : ctx.diskUsage.sizesComputing || !ctx.diskUsage.containerSizes ? '…' : '';
}

const columns: readonly Column<Key>[] = [
  { key: 'id', title: 'CONTAINER ID', min: 12, max: 12, priority: 1 },
  { key: 'name', title: 'NAME', min: 10, max: 40, grow: 3, priority: 0 },
  { key: 'image', title: 'IMAGE', min: 10, max: 40, grow: 2, priority: 4 },
  { key: 'state', title: 'STATE', min: 7, max: 10, priority: 2 },
  { key: 'status', title: 'STATUS', min: 24, max: 40, grow: 1, priority: 3 },
  { key: 'created', title: 'CREATED', min: 14, max: 22, priority: 6 },
  { key: 'ports', title: 'PORTS', min: 10, max: 40, grow: 1, priority: 5 },
];

/** `docker stats`'s columns, after the state: dropped before the rest when the terminal is narrow. */
const statsColumns: readonly Column<Key>[] = [
  ...columns.slice(0, 4),
  { key: 'cpu', title: 'CPU %', min: 7, max: 7, priority: 2, align: 'right' },
  { key: 'mem', title: 'MEM USAGE / LIMIT', min: 19, max: 21, priority: 3, align: 'right' },
  { key: 'memPercent', title: 'MEM %', min: 6, max: 6, priority: 4, align: 'right' },
  { key: 'net', title: 'NET/s RX / TX', min: 17, max: 23, priority: 7, align: 'right' },
  { key: 'block', title: 'BLOCK/s R / W', min: 17, max: 23, priority: 8, align: 'right' },
  { key: 'pids', title: 'PIDS', min: 4, max: 5, priority: 9, align: 'right' },
  ...columns.slice(4).map((c) => ({ ...c, priority: c.priority + 10 })),
];

/** The rows as shown: with the figures only when ordering by them (new figures must not rebuild the rows otherwise). */
export function containerRowsOf(state: AppState, ctx: UiContext): readonly ContainerRow[] {
  const view = paneView(state, ID);
  const o = options(state);
  const byFigures = o.stats && (view.sort === 'cpu' || view.sort === 'mem');
  const figures = byFigures ? ctx.stats.byId : view.sort === 'size' ? sizeFigures(ctx.diskUsage.containerSizes) : undefined;
  // Needing a look: stopped ones too (an OOM kill, a crash), not grouped.
  if (o.trouble) return troubleRows(selectContainerRows(ctx.engine.containers.items, true, view.filter, view.sort, figures, undefined), incidentMarks(ctx.incidents.incidents, ctx.incidents.oomKilledBefore));
  return selectContainerRows(ctx.engine.containers.items, o.all, view.filter, view.sort, figures, o.grouped ? o.folded : undefined);
}

/** Every container as a row, whatever the filter and options: where marks are looked up. */
const everyRow = memoLast((items: readonly ContainerSummary[]) => containerRows(items, { showAll: true, filter: '' }));

interface Drawn {
  nowMs: number;
  answeredAtMs: number;
  showStats: boolean;
  figures: StatsFigures | undefined;
  times: ContainerTimes | undefined;
  look: ContainerLook | undefined;
  /** The image's markers (⇡, ⇞ and the newer version), or ''. */
  marks: string;
  row: TableRow<Key>;
}

/**
 * Each container row as the table draws it, kept while its row object, the clock and its figures
 * stand: typing a filter over 10,000 containers formats no STATUS or CREATED again (the rows are
 * the same objects, rows/container-rows.ts), and neither does the table measure them again. A new
 * clock or answer time (every poll, every minute) keeps the row too where its STATUS and CREATED
 * read the same: a new row for each of 1,000 containers at every poll lived until the next one,
 * long enough for V8 to move it to its old generation (bench B5).
 */
const drawn = new WeakMap<ContainerRow, Drawn>();

function tableRowOf(r: ContainerRow, key: string, nowMs: number, answeredAtMs: number, times: ContainerTimes | undefined, figures: StatsFigures | undefined, showStats: boolean, look: ContainerLook | undefined, marks = '', groupFigures?: ReadonlyMap<string, StatsFigures>): TableRow<Key> {
  // A project's header with the resource columns: its members' sums, new with every sample (a few rows, not kept).
  if (r.group && showStats && groupFigures) return headerRow(r, key, groupFigures);
  const kept = drawn.get(r);
  const keepable = kept !== undefined && kept.showStats === showStats && kept.figures === figures && kept.look === look && kept.marks === marks;
  if (keepable && kept.nowMs === nowMs && kept.answeredAtMs === answeredAtMs && kept.times === times) return kept.row;
  const status = r.group ? '' : statusText(r.status, answeredAtMs, nowMs, times);
  const created = r.group ? '' : formatRelative(r.created, nowMs);
  if (keepable && (r.group || (kept.row.cells.status === status && kept.row.cells.created === created))) {
    kept.nowMs = nowMs;
    kept.answeredAtMs = answeredAtMs;
    kept.times = times;
    return kept.row;
  }
  const row: TableRow<Key> = {
    key,
    cells: {
      ...r.cells,
      engine: r.engine ?? '',
      ...(r.group
        ? { created: '', ...(showStats ? { cpu: '', mem: '', memPercent: '', net: '', block: '', pids: '' } : {}) }
        : { status, created, ...(showStats ? statsCells(figures, r.state) : {}) }),
      // Trouble reads without colour too: a marker before the name.
      ...(look && { name: `${MARKERS[look]} ${r.cells.name}` }),
      // Its image is older than the registry's under its tag, or a newer version exists: markers before the image.
      ...(marks !== '' && !r.group && { image: `${marks}${r.cells.image}` }),
    } as Record<Key, string>,
    // A project's header row stands out from its containers.
    color: r.group ? theme.accent : look ? lookColor(look) : theme.stateColor(r.state),
  };
  drawn.set(r, { nowMs, answeredAtMs, showStats, figures, times, look, marks, row });
  return row;
}

function headerRow(r: ContainerRow, key: string, figures: ReadonlyMap<string, StatsFigures>): TableRow<Key> {
  const sums = r.group?.loose ? { cpu: '', mem: '', memPercent: '', net: '', block: '', pids: '' } : groupStatsCells(r.group?.members ?? [], figures);
  return { key, cells: { ...r.cells, created: '', ...sums } as Record<Key, string>, color: theme.accent };
}

/**
 * The container rows on screen, or near it: the table's window is the body height around the
 * selection, so a screen's worth either side of it covers whatever the window shows (and a page
 * move) without measuring a list of thousands.
 */
function onScreen(state: AppState, ctx: UiContext, withHeaders = false, everyEngine = false): ContainerRow[] {
  const rows = containerRowsOf(state, ctx);
  // The pane's own keys, kept per rows array: not 10,000 new key strings at every call.
  const at = Math.max(selectedIndex(paneView(state, ID), rowKeys(containers, state, ctx)), 0);
  const reach = bodyHeight(state.terminal, ctx.engine, state.pulse);
  const near = rows.slice(Math.max(at - reach, 0), at + reach + 1);
  // In a fleet, the exact times are the engine shown's to read: its rows only (every engine's
  // for the live figures, which each engine measures for itself).
  return (withHeaders ? near : near.filter((row) => !row.group)).filter((row) => everyEngine || row.group || onShownEngine(ctx, row));
}

/**
 * The running ones among them: whose live figures the resource columns show; and, for a project's
 * header on screen, its running members, folded or not (the header shows their sums).
 */
/**
 * The running containers on screen whose live figures `M` wants: the engine shown's ids, and in a
 * fleet each other engine's, by its name (each engine measures its own: state/fleet/fleet-sources.ts).
 */
function runningOnScreen(state: AppState, ctx: UiContext): Pick<Demands, 'stats' | 'fleetStats'> {
  const running = new Set(ctx.engine.containers.items.filter((c) => isLive(c) && c.State !== 'paused').map((c) => c.Id));
  const shown = new Set<string>();
  const others = new Map<string, Set<string>>();
  const add = (id: string, engine: string | undefined) => {
    if (!running.has(id)) return;
    if (onShownEngine(ctx, { engine })) shown.add(id);
    else if (engine !== undefined) others.set(engine, (others.get(engine) ?? new Set()).add(id));
  };
  for (const row of onScreen(state, ctx, true, true)) {
    if (!row.group) add(row.id, row.engine);
    else if (!row.group.loose) for (const member of row.group.members) add(member.id, member.engine);
  }
  return { stats: [...shown], ...(others.size > 0 && { fleetStats: Object.fromEntries([...others].map(([engine, ids]) => [engine, [...ids]])) }) };
}

/** The markers of the containers whose image is older than its registry's or has a newer version, by id: once per change of the lists or the answers. */
const containerMarks = memoLast((freshness: FreshnessState, images: readonly ImageSummary[], list: readonly ContainerSummary[]): ReadonlyMap<string, string> => {
  const byImage = new Map<string, string>();
  for (const image of images) {
    const marks = imageMarks(imageOutdated(freshness, image), imageNewerVersion(freshness, image));
    if (marks !== '') byImage.set(image.Id, marks);
  }
  const out = new Map<string, string>();
  if (byImage.size === 0) return out;
  for (const c of list) {
    const marks = c.ImageID !== undefined ? byImage.get(c.ImageID) : undefined;
    if (marks !== undefined) out.set(c.Id, marks);
  }
  return out;
});

/** The engine's own name for a container (the list's name cell also carries a swarm task's service). */
function ownName(ctx: UiContext, row: ContainerRow): string {
  return containerName(ctx.engine.containers.items.find((c) => c.Id === row.id)?.Names) || row.cells.name;
}

export const containers: PaneDefinition<ContainerRow> = definePane<ContainerRow>({
  id: ID,
  title: 'Containers',
  footer: ['logs', 'shell', 'stop', 'start', 'restart', 'run', 'remove', 'filter', 'stats-view', 'toggle-all', 'inspect', 'pull', 'commit', 'recreate', 'attach', 'exec', 'toggle-compose', 'pause', 'kill', 'rename', 'copy-out', 'save-tar', 'files', 'diff', 'copy', 'toggle-stats', 'sort', 'prune', 'next-pane', 'engines'],
  rows: containerRowsOf,
  key: (row, ctx) => fleetRowKey(ctx, row.engine, row.id),
  sorts: containerSorts,
  filterable: true,
  pinsSelection: true,
  list: 'container',
  shows: 'container',
  summary(state, ctx) {
    const view = paneView(state, ID);
    const o = options(state);
    // Project header rows are not containers.
    const count = containerRowsOf(state, ctx).filter((r) => !r.group).length;
    const list = ctx.engine.containers;
    const stale = list.stale ? ' [stale]' : list.partial && o.all ? ' [the stopped ones are on their way]' : '';
    const filter = view.filter ? ` · filter "${view.filter}"` : '';
    const sort = view.sort === 'created' ? '' : ` · by ${view.sort}`;
    return `${o.trouble ? 'needing a look' : o.all ? 'all' : 'running'}: ${count}${filter}${sort}${stale}`;
  },
  view: {
    kind: 'table',
    columns: (state, ctx) => withEngineColumn(withSizeColumn(options(state).stats ? statsColumns : columns, state), ctx),
    cells(row, state, ctx, nowMs) {
      const showStats = options(state).stats;
      // In a fleet, as of the row's own engine's answer (another engine's list time would age it wrongly).
      const answeredAt = arrivedAt(ctx.engine.containers, row.engine) ?? nowMs;
      const look = containerLook(row, incidentMarks(ctx.incidents.incidents, ctx.incidents.oomKilledBefore));
      const marks = ctx.freshness.remote.size > 0 || (ctx.freshness.tags?.size ?? 0) > 0 ? (containerMarks(ctx.freshness, ctx.engine.images.items, ctx.engine.containers.items).get(row.id) ?? '') : '';
      const drawnRow = tableRowOf(row, fleetRowKey(ctx, row.engine, row.id), nowMs, answeredAt, ctx.times.byId.get(row.id), showStats ? ctx.stats.byId.get(row.id) : undefined, showStats, look, marks, ctx.stats.byId);
      // Ordered by writable layer: the size beside (a row of its own while this order lasts).
      return paneView(state, ID).sort === 'size' && !row.group ? withSize(drawnRow, sizeCell(ctx, row.id)) : drawnRow;
    },
    message(state, ctx, rows) {
      if (!ctx.engine.containers.loaded) return { text: 'loading containers…' };
      if (rows.length > 0) return undefined;
      const filter = paneView(state, ID).filter;
      if (options(state).trouble) return { text: `no container needs a look${filter ? ` matching "${filter}"` : ''} (${ctx.keymap.label('trouble-only')} shows them all again)` };
      return { text: filter ? `no containers match "${filter}"` : options(state).all ? 'no containers' : `no running containers (${ctx.keymap.label('toggle-all')} shows all)` };
    },
    stale: (_state, ctx) => ctx.engine.containers.stale,
    sortedBy: (state) => ({ key: paneView(state, ID).sort, descending: isDescending(paneView(state, ID).sort) }),
  },
  target(row, _state, ctx): Target | undefined {
    // The "no project" header is no thing to act on: only the list's actions (run, prune…) and fold.
    if (row.group?.loose) return undefined;
    if (row.group) return { kind: 'project', project: row.group.project, members: row.group.members };
    const service = ctx.engine.containers.items.find((c) => c.Id === row.id)?.Labels?.['com.docker.swarm.service.name'];
    return { kind: 'container', id: row.id, name: ownName(ctx, row), shown: row.cells.name, state: row.state, ...(service && { service: sanitizeLine(service) }), ...(row.engine !== undefined && { engine: row.engine }) };
  },
  reveal(state, key, ctx) {
    // A container that already ended is listed only with `a`: show all, then select it.
    const container = ctx.engine.containers.items.find((c) => fleetRowKey(ctx, memberOf(c), c.Id) === key);
    const shown = container && !isLive(container) && !options(state).all ? withPaneOptions(state, ID, { all: true }) : state;
    return shown;
  },
  marking: {
    // A list read in part (the stopped ones on their way) or stale would unmark what it lacks.
    every: (_state, ctx) => {
      const list = ctx.engine.containers;
      return list.loaded && !list.stale && !list.partial ? everyRow(list.items) : undefined;
    },
    can: (row) => !row.group,
    noun: 'container',
  },
  demands(state, ctx) {
    // The engine's own times for ages said only to the minute or coarser: "Up 3 minutes" turns
    // into "Up 4 minutes" when docker ps's does, not up to a minute early or late.
    const times = onScreen(state, ctx)
      .filter((row) => isCoarse(row.status))
      .map((row) => row.id);
    return { ...(options(state).stats && runningOnScreen(state, ctx)), ...(times.length > 0 && { times }), freshness: true, ...(paneView(state, ID).sort === 'size' && { containerSizes: true }) };
  },
  actions: {
    // With the resource columns on, `o` orders by CPU and memory too.
    sort: (state) => {
      const orders = options(state).stats ? containerStatsSorts : containerSorts;
      const sort = nextSort(orders, paneView(state, ID).sort);
      const what = sort === 'size' ? 'writable layer size (biggest first; the engine measures each)' : sort;
      return notify(setSort(state, ID, sort), `containers sorted by ${what}${isDescending(sort) && sort !== 'size' ? ' (newest, busiest or largest first)' : ''}`);
    },
    'toggle-all': (state) => {
      const all = !options(state).all;
      return notify(withPaneOptions(state, ID, { all }), all ? 'showing all containers' : 'showing running containers');
    },
    'trouble-only': (state) => {
      const trouble = !options(state).trouble;
      return notify(withPaneOptions(state, ID, { trouble }), trouble ? 'only the containers that need a look: unhealthy ⚠, restarting ↻, OOM-killed ✕, or with an incident not acknowledged' : 'every container again');
    },
    'toggle-stats': (state) => {
      const stats = !options(state).stats;
      return notify(withPaneOptions(state, ID, { stats }), stats ? 'resource columns on: running containers are measured (figures in a few seconds)' : 'resource columns off');
    },
    'toggle-compose': (state, ctx) => {
      const grouped = !options(state).grouped;
      return notify(withPaneOptions(state, ID, { grouped }), grouped ? `grouped by Compose project (${ctx.keymap.label('fold')} folds a project)` : 'one list, not grouped');
    },
    fold: (state, ctx) => {
      const o = options(state);
      const rows = containerRowsOf(state, ctx);
      const at = selectedIndex(paneView(state, ID), rowKeys(containers, state, ctx));
      const group = rows[at]?.group;
      // Space folds a project's header row and marks a container's.
      if (!group) return markSelected(containers, state, ctx);
      const folded = o.folded;
      return reduced(withPaneOptions(state, ID, { folded: folded.includes(group.project) ? folded.filter((p) => p !== group.project) : [...folded, group.project] }));
    },
  },
});

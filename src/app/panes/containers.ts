/**
 * The Containers pane: the engine's containers (running ones, or all with `a`), optionally with
 * `docker stats`'s columns (`M`) and grouped by Compose project (`z`). What acts on a container or
 * a project is declared by the dialogs and views that do it (actions/index.ts); this pane says
 * what its rows are.
 */
import type { ContainerSummary, ImageSummary } from '../../engine/types.ts';
import { imageNewerVersion, imageOutdated, type FreshnessState } from '../../state/freshness/image-freshness.ts';
import { isLive, isMeasurable } from '../../state/containers.ts';
import type { StatsFigures } from '../../state/stats/figures.ts';
import { isCoarse } from '../../state/status-age.ts';
import type { ContainerTimes } from '../../state/status-times.ts';
import { memberOf } from '../../state/fleet/member-tag.ts';
import { arrivedAt } from '../../state/fleet/fleet-lists.ts';
import { notify, reduced } from '../commands.ts';
import type { UiContext } from '../context.ts';
import { containerName, formatBytes, formatRelative, nextRelativeChange, sanitizeLine } from '../format/index.ts';
import { bodyHeight } from '../layout.ts';
import { selectedIndex, setSort } from '../navigation.ts';
import { memoLast } from '../rows/memo.ts';
import { imageMarks } from '../rows/markers.ts';
import { selectContainerRows } from '../rows/select.ts';
import { containerRows, detailCells, statusChangeAt, statusText, type ContainerColumn, type ContainerRow, type DetailColumn } from '../rows/container-rows.ts';
import { markSelected } from '../marks.ts';
import { containerSorts, isDescending, nextSort, sortedDown } from '../rows/sort.ts';
import { statsCells, type StatsColumn } from '../rows/stats-cells.ts';
import { containerLook, incidentMarks, lookColor, MARKERS, troubleRows, type ContainerLook } from '../rows/container-health.ts';
import type { TableRow } from '../table.ts';
import type { Target } from '../targets.ts';
import { theme } from '../theme.ts';
import { groupStatsCells } from '../rows/group-stats.ts';
import { paneView, type AppState } from '../types.ts';
import { fleetRowKey, onShownEngine, withEngineColumn } from '../fleet/fleet-rows.ts';
import type { Demands } from '../../state/sources.ts';
import { definePane, paneOptions, rowKeys, withPaneOptions, type PaneDefinition } from './pane.ts';
import { columnsFor, shownKeys, sortableShown, type ChoosableColumn, type ColumnSet } from '../workspace/columns.ts';

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

/** The columns read from a source beyond the list: RESTARTS (the engine's RestartCount), SIZE (`size=1`). */
type SourcedColumn = 'restarts' | 'size';
type Key = ContainerColumn | StatsColumn | DetailColumn | SourcedColumn;

const STATS_KEYS: readonly string[] = ['cpu', 'mem', 'memPercent', 'net', 'block', 'pids'] satisfies StatsColumn[];

/**
 * Everything berth knows about a container that a column can show, in the chooser's order (`,`).
 * The defaults are `docker ps`'s; `M` adds the resource columns after the state. A column with a
 * cost says so in the chooser and is asked for only while shown (demands).
 */
const every: readonly (ChoosableColumn & { key: Key })[] = [
  // Ids are random: an order by them means nothing to a person, so `o` passes over it.
  { key: 'id', title: 'CONTAINER ID', min: 12, max: 12, priority: 1 },
  { key: 'name', title: 'NAME', min: 10, max: 40, grow: 3, priority: 0, sortable: true },
  { key: 'image', title: 'IMAGE', min: 10, max: 40, grow: 2, priority: 4, sortable: true },
  { key: 'state', title: 'STATE', min: 7, max: 10, priority: 2, sortable: true },
  { key: 'cpu', title: 'CPU %', min: 7, max: 7, priority: 2, align: 'right', sortable: true, costs: 'live figures: each running container on screen is measured' },
  { key: 'mem', title: 'MEM USAGE / LIMIT', min: 19, max: 21, priority: 3, align: 'right', sortable: true, costs: 'live figures: each running container on screen is measured' },
  { key: 'memPercent', title: 'MEM %', min: 6, max: 6, priority: 4, align: 'right', costs: 'live figures: each running container on screen is measured' },
  { key: 'net', title: 'NET/s RX / TX', min: 17, max: 23, priority: 7, align: 'right', costs: 'live figures: each running container on screen is measured' },
  { key: 'block', title: 'BLOCK/s R / W', min: 17, max: 23, priority: 8, align: 'right', costs: 'live figures: each running container on screen is measured' },
  { key: 'pids', title: 'PIDS', min: 4, max: 5, priority: 9, align: 'right', costs: 'live figures: each running container on screen is measured' },
  { key: 'status', title: 'STATUS', min: 24, max: 40, grow: 1, priority: 13, sortable: true },
  { key: 'created', title: 'CREATED', min: 14, max: 22, priority: 16, sortable: true },
  { key: 'ports', title: 'PORTS', min: 10, max: 40, grow: 1, priority: 15, sortable: true },
  { key: 'restarts', title: 'RESTARTS', min: 8, max: 8, priority: 17, align: 'right', sortable: true, costs: 'an inspect per container on screen, once (again after it starts or stops)' },
  { key: 'health', title: 'HEALTH', min: 9, max: 9, priority: 14, sortable: true },
  { key: 'size', title: 'SIZE', min: 10, max: 28, priority: 18, align: 'right', sortable: true, costs: 'the engine walks every container’s layers (docker ps -s): asked while shown, at most every 10 s' },
  { key: 'ip', title: 'IP', min: 9, max: 32, priority: 19, sortable: true },
  { key: 'networks', title: 'NETWORKS', min: 8, max: 30, priority: 20, sortable: true },
  { key: 'command', title: 'COMMAND', min: 10, max: 40, grow: 1, priority: 21, sortable: true },
  { key: 'service', title: 'SERVICE', min: 7, max: 24, priority: 12, sortable: true },
];

export const containerColumns: ColumnSet = { every, defaults: ['id', 'name', 'image', 'state', 'status', 'created', 'ports'] };

/** The keys shown: the chosen ones, with `M`'s resource columns after the state when it is on (unless chosen already). */
const withStats = memoLast((keys: readonly string[], stats: boolean): readonly string[] => {
  if (!stats) return keys;
  const missing = STATS_KEYS.filter((k) => !keys.includes(k));
  if (missing.length === 0) return keys;
  const at = keys.indexOf('state');
  return at < 0 ? [...keys, ...missing] : [...keys.slice(0, at + 1), ...missing, ...keys.slice(at + 1)];
});

export function shownContainerKeys(state: AppState): readonly string[] {
  return withStats(shownKeys(state, ID, containerColumns), options(state).stats);
}

const showsStats = (keys: readonly string[]) => keys.some((k) => STATS_KEYS.includes(k));

/** The figure by container id of a column read from a source, while sorting by it. */
const restartsById = memoLast((times: ReadonlyMap<string, ContainerTimes>): ReadonlyMap<string, number> => new Map([...times].flatMap(([id, t]) => (t.restarts === undefined ? [] : [[id, t.restarts] as const]))));
const sizesById = memoLast((sizes: ReadonlyMap<string, { rw?: number }>): ReadonlyMap<string, number> => new Map([...sizes].flatMap(([id, s]) => (s.rw === undefined ? [] : [[id, s.rw] as const]))));

/** The rows as shown: with the figures only when ordering by them (new figures must not rebuild the rows otherwise). */
export function containerRowsOf(state: AppState, ctx: UiContext): readonly ContainerRow[] {
  const view = paneView(state, ID);
  const o = options(state);
  const byFigures = (view.sort === 'cpu' || view.sort === 'mem') && showsStats(shownContainerKeys(state));
  const figures = byFigures ? ctx.stats.byId : undefined;
  const numbers = view.sort === 'restarts' ? restartsById(ctx.times.byId) : view.sort === 'size' ? sizesById(ctx.sizes.byId) : undefined;
  const reversed = view.reversed === true;
  // Needing a look: stopped ones too (an OOM kill, a crash), not grouped.
  if (o.trouble) return troubleRows(selectContainerRows(ctx.engine.containers.items, true, view.filter, view.sort, figures, undefined, reversed, numbers), incidentMarks(ctx.incidents.incidents, ctx.incidents.oomKilledBefore));
  return selectContainerRows(ctx.engine.containers.items, o.all, view.filter, view.sort, figures, o.grouped ? o.folded : undefined, reversed, numbers);
}

/** The containers among the rows (not the project headers), counted once per rows array: the tab line asks at every frame. */
const counted = new WeakMap<readonly ContainerRow[], number>();
function containerCount(rows: readonly ContainerRow[]): number {
  let count = counted.get(rows);
  if (count === undefined) {
    count = 0;
    for (const row of rows) if (!row.group) count++;
    counted.set(rows, count);
  }
  return count;
}

/** Every container as a row, whatever the filter and options: where marks are looked up. */
const everyRow = memoLast((items: readonly ContainerSummary[]) => containerRows(items, { showAll: true, filter: '' }));

interface Drawn {
  nowMs: number;
  /** The first moment after `nowMs` at which its STATUS or CREATED reads differently: until then the row stands as it is. */
  until: number;
  answeredAtMs: number;
  showStats: boolean;
  figures: StatsFigures | undefined;
  times: ContainerTimes | undefined;
  look: ContainerLook | undefined;
  /** The image's markers (⇡, ⇞ and the newer version), or ''. */
  marks: string;
  extra: Readonly<Record<string, string>> | undefined;
  row: TableRow<Key>;
}

function sameExtra(a: Readonly<Record<string, string>> | undefined, b: Readonly<Record<string, string>> | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
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

function tableRowOf(r: ContainerRow, ctx: Pick<UiContext, 'engine'>, nowMs: number, answeredAtMs: number, times: ContainerTimes | undefined, figures: StatsFigures | undefined, showStats: boolean, look: ContainerLook | undefined, marks = '', groupFigures?: ReadonlyMap<string, StatsFigures>, extra?: Readonly<Record<string, string>>): TableRow<Key> {
  // A project's header with the resource columns: its members' sums, new with every sample (a few rows, not kept).
  if (r.group && showStats && groupFigures) return headerRow(r, fleetRowKey(ctx, r.engine, r.id), groupFigures);
  const kept = drawn.get(r);
  const keepable = kept !== undefined && kept.showStats === showStats && kept.figures === figures && kept.look === look && kept.marks === marks && sameExtra(kept.extra, extra);
  // A clock's tick over 10,000 rows formats only those whose ages it changed (B11: in the all view
  // of containers made at different moments some age turns every few seconds, and each tick was a
  // pass formatting them all).
  if (keepable && kept.answeredAtMs === answeredAtMs && kept.times === times && kept.nowMs <= nowMs && nowMs < kept.until) return kept.row;
  const status = r.group ? '' : statusText(r.status, answeredAtMs, nowMs, times);
  const created = r.group ? '' : formatRelative(r.created, nowMs);
  const until = r.group ? Infinity : Math.min(statusChangeAt(r.status, answeredAtMs, nowMs, times), nextRelativeChange(r.created, nowMs));
  if (keepable && (r.group || (kept.row.cells.status === status && kept.row.cells.created === created))) {
    kept.nowMs = nowMs;
    kept.until = until;
    kept.answeredAtMs = answeredAtMs;
    kept.times = times;
    return kept.row;
  }
  const row: TableRow<Key> = {
    // Its key made only here, for a row made: not 10,000 new strings at each pass over the list.
    key: fleetRowKey(ctx, r.engine, r.id),
    cells: {
      ...r.cells,
      engine: r.engine ?? '',
      ...extra,
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
  drawn.set(r, { nowMs, until, answeredAtMs, showStats, figures, times, look, marks, extra, row });
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
  const running = new Set(ctx.engine.containers.items.filter(isMeasurable).map((c) => c.Id));
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

/**
 * What every row's cells read besides the row, worked out once for all the rows of a drawing (the
 * table asks for them all with one state and one context), not once per row: over 10,000 rows that
 * was most of a view switch's work (B11).
 */
const cellInputs = memoLast((state: AppState, ctx: UiContext) => {
  const shown = shownContainerKeys(state);
  const marked = ctx.freshness.remote.size > 0 || (ctx.freshness.tags?.size ?? 0) > 0;
  return {
    shown,
    extra: extraKinds(shown),
    showStats: showsStats(shown),
    looks: incidentMarks(ctx.incidents.incidents, ctx.incidents.oomKilledBefore),
    marks: marked ? containerMarks(ctx.freshness, ctx.engine.images.items, ctx.engine.containers.items) : undefined,
  };
});

/** A column's title as the header writes it, for notices ("sorted by NAME"). */
function titleOf(key: string): string {
  return every.find((c) => c.key === key)?.title ?? key;
}

/** Which kinds of cells beyond the list's defaults the shown columns need: none, mostly. Worked out once per choice of columns, not once per row. */
interface ExtraKinds {
  restarts: boolean;
  size: boolean;
  detail: boolean;
}

function extraKinds(shown: readonly string[]): ExtraKinds | undefined {
  const restarts = shown.includes('restarts');
  const size = shown.includes('size');
  const detail = shown.some((k) => k === 'health' || k === 'ip' || k === 'networks' || k === 'command' || k === 'service');
  return restarts || size || detail ? { restarts, size, detail } : undefined;
}

/** A row's cells for the shown columns beyond the list's defaults: made only when one is shown. */
function extraCells(row: ContainerRow, kinds: ExtraKinds | undefined, times: ContainerTimes | undefined, ctx: UiContext): Readonly<Record<string, string>> | undefined {
  if (kinds === undefined) return undefined;
  const { restarts, size, detail } = kinds;
  if (row.group) return { restarts: '', size: '', health: '', ip: '', networks: '', command: '', service: '' };
  const sized = size ? ctx.sizes.byId.get(row.id) : undefined;
  return {
    ...(detail && detailCells(row)),
    ...(restarts && { restarts: times?.restarts === undefined ? '' : String(times.restarts) }),
    ...(size && { size: sized?.rw === undefined ? (ctx.sizes.loaded ? '' : '…') : `${formatBytes(sized.rw)}${sized.rootFs === undefined ? '' : ` (virtual ${formatBytes(sized.rootFs)})`}` }),
  };
}

/**
 * The list's entry a row was made from: the row carries it. Looking it up by id went through the
 * list, and the selected row's target is asked at every frame: over 10,000 containers that was
 * ~20 ms of each all-view switch (B11), and in a fleet it could find another engine's namesake.
 */
function listedOf(ctx: UiContext, row: ContainerRow): ContainerSummary | undefined {
  return row.summary ?? ctx.engine.containers.items.find((c) => c.Id === row.id);
}

/** The engine's own name for a container (the list's name cell also carries a swarm task's service). */
function ownName(ctx: UiContext, row: ContainerRow): string {
  return containerName(listedOf(ctx, row)?.Names) || row.cells.name;
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
    const count = containerCount(containerRowsOf(state, ctx));
    const list = ctx.engine.containers;
    const stale = list.stale ? ' [stale]' : list.partial && o.all ? ' [the stopped ones are on their way]' : '';
    const filter = view.filter ? ` · filter "${view.filter}"` : '';
    const sort = view.sort === 'created' && view.reversed !== true ? '' : ` · by ${view.sort}${view.reversed === true ? ' reversed' : ''}`;
    return `${o.trouble ? 'needing a look' : o.all ? 'all' : 'running'}: ${count}${filter}${sort}${stale}`;
  },
  view: {
    kind: 'table',
    columns: (state, ctx) => withEngineColumn(columnsFor(containerColumns, shownContainerKeys(state)), ctx),
    columnSet: containerColumns,
    cells(row, state, ctx, nowMs) {
      const { extra, showStats, looks, marks } = cellInputs(state, ctx);
      // In a fleet, as of the row's own engine's answer (another engine's list time would age it wrongly).
      const answeredAt = arrivedAt(ctx.engine.containers, row.engine) ?? nowMs;
      const look = containerLook(row, looks);
      const times = ctx.times.byId.get(row.id);
      return tableRowOf(row, ctx, nowMs, answeredAt, times, showStats ? ctx.stats.byId.get(row.id) : undefined, showStats, look, marks?.get(row.id) ?? '', ctx.stats.byId, extraCells(row, extra, times, ctx));
    },
    message(state, ctx, rows) {
      if (!ctx.engine.containers.loaded) return { text: 'loading containers…' };
      if (rows.length > 0) return undefined;
      const filter = paneView(state, ID).filter;
      if (options(state).trouble) return { text: `no container needs a look${filter ? ` matching "${filter}"` : ''} (${ctx.keymap.label('trouble-only')} shows them all again)` };
      return { text: filter ? `no containers match "${filter}"` : options(state).all ? 'no containers' : `no running containers (${ctx.keymap.label('toggle-all')} shows all)` };
    },
    stale: (_state, ctx) => ctx.engine.containers.stale,
    sortedBy: (state) => ({ key: paneView(state, ID).sort, descending: sortedDown(paneView(state, ID).sort, paneView(state, ID).reversed) }),
  },
  target(row, _state, ctx): Target | undefined {
    // The "no project" header is no thing to act on: only the list's actions (run, prune…) and fold.
    if (row.group?.loose) return undefined;
    if (row.group) return { kind: 'project', project: row.group.project, members: row.group.members };
    const service = listedOf(ctx, row)?.Labels?.['com.docker.swarm.service.name'];
    return { kind: 'container', id: row.id, name: ownName(ctx, row), shown: row.cells.name, state: row.state, ...(service && { service: sanitizeLine(service) }), ...(row.engine !== undefined && { engine: row.engine }) };
  },
  reveal(state, key, ctx) {
    // A container that already ended is listed only with `a`: show all, then select it.
    const container = ctx.engine.containers.items.find((c) => fleetRowKey(ctx, memberOf(c), c.Id) === key);
    const shown = container && !isLive(container) && !options(state).all ? withPaneOptions(state, ID, { all: true }) : state;
    return shown;
  },
  // `a` is this pane's view switch over the whole list: all ↔ running.
  nextView: (state) => withPaneOptions(state, ID, { all: !options(state).all }),
  marking: {
    // A list read in part (the stopped ones on their way) or stale would unmark what it lacks.
    every: (_state, ctx) => {
      const list = ctx.engine.containers;
      return list.loaded && !list.stale && !list.partial ? everyRow(list.items) : undefined;
    },
    known: (_state, ctx) => (ctx.engine.containers.loaded ? everyRow(ctx.engine.containers.items) : undefined),
    partial: (_state, ctx) => ctx.engine.containers.partial === true,
    can: (row) => !row.group,
    noun: 'container',
  },
  demands(state, ctx) {
    // The engine's own times for ages said only to the minute or coarser: "Up 3 minutes" turns
    // into "Up 4 minutes" when docker ps's does, not up to a minute early or late.
    const shown = shownContainerKeys(state);
    // RESTARTS reads the same inspect as the exact times: every row on screen then, not only the coarse ones.
    const restarts = shown.includes('restarts');
    const times = onScreen(state, ctx)
      .filter((row) => restarts || isCoarse(row.status))
      .map((row) => row.id);
    return { ...(showsStats(shown) && runningOnScreen(state, ctx)), ...(times.length > 0 && { times }), ...(shown.includes('size') && { sizes: true }), freshness: true };
  },
  actions: {
    // `o` walks the shown columns that order (the resource ones too while shown), from the
    // engine's own order (newest first); `O` turns the order round.
    sort: (state) => {
      const orders = ['created', ...sortableShown(containerColumns, shownContainerKeys(state)).filter((k) => k !== 'created')];
      const sort = nextSort(orders, paneView(state, ID).sort);
      return notify(setSort(state, ID, sort), `containers sorted by ${titleOf(sort).toLowerCase()}${isDescending(sort) ? ' (newest, busiest or largest first)' : ''}`);
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

import type { ContainerSummary } from '../../engine/types.ts';
import { isLive } from '../../state/containers.ts';
import { agedFrom, ageNow, statusAge } from '../../state/status-age.ts';
import type { ContainerTimes } from '../../state/status-times.ts';
import { memberOf } from '../../state/fleet/member-tag.ts';
import { containerImage, containerName, formatPorts, sanitizeLine, shortId, swarmServiceName } from '../format/index.ts';
import { humanDuration, untilDurationChanges } from '../format/time.ts';

export type ContainerColumn = 'engine' | 'id' | 'name' | 'image' | 'state' | 'status' | 'created' | 'ports';

export interface ContainerRow {
  id: string;
  state: string;
  /**
   * Every cell but CREATED and STATUS, which read the clock and are made when drawn (the pane
   * writes them with formatRelative and statusText); `cells.status` is the engine's text as sent.
   */
  cells: Record<Exclude<ContainerColumn, 'created' | 'engine'>, string>;
  /** Epoch seconds, from the engine. */
  created?: number;
  /** The engine's Status, unsanitised: statusText carries its age forward when drawn. */
  status?: string;
  /** Lower-cased text the filter matches against: id, name, image, service. */
  haystack: string;
  /** `com.docker.compose.project` and `…service`, when Compose made it. */
  project?: string;
  service?: string;
  /** In a fleet: the short name of the engine it is on (state/fleet/member-tag.ts). */
  engine?: string;
  /** Set on a group's header row (grouped view, `z`): the project (or none) and its containers. */
  group?: ProjectGroup;
  /** The engine's entry it was made from: what the columns chosen beyond the defaults read (detailCells). */
  summary?: ContainerSummary;
}

/** The columns a container's list entry gives beyond the defaults (the chooser's, `,`). */
export type DetailColumn = 'health' | 'ip' | 'networks' | 'command' | 'service';

/** Its health check's state, as the list's Status says it ("Up 3 minutes (healthy)"). */
export function healthOf(status: string | undefined): string {
  const found = /\((healthy|unhealthy|health: starting)\)/.exec(status ?? '');
  return found ? (found[1] === 'health: starting' ? 'starting' : (found[1] ?? '')) : '';
}

/**
 * A row's detail cells, made only when one of those columns is shown and kept per row (so per
 * container object): sanitised once, like the rest.
 */
const details = new WeakMap<ContainerRow, Record<DetailColumn, string>>();
export function detailCells(row: ContainerRow): Record<DetailColumn, string> {
  let cells = details.get(row);
  if (!cells) {
    const c = row.summary;
    cells = {
      health: healthOf(c?.Status),
      ip: sanitizeLine((c?.IPs ?? []).join(', ')),
      networks: sanitizeLine(Object.keys(c?.NetworkSettings?.Networks ?? {}).join(', ')),
      command: sanitizeLine(c?.Command ?? ''),
      service: row.service ?? '',
    };
    details.set(row, cells);
  }
  return cells;
}

export interface ProjectGroup {
  project: string;
  /** Every container of the project, listed or not (running-only hides the stopped ones). */
  members: ReadonlyArray<{ id: string; name: string; state: string; service: string; engine?: string }>;
  running: number;
  folded: boolean;
  /**
   * The containers no project claims (`project` is then ''): a header to fold them under, not a
   * project to act on (stopping "every container without a project" is nobody's intent).
   */
  loose?: true;
}

export { isLive };

/**
 * Rows ready to draw: every engine string sanitised once here, not on every render, and the
 * running-only and filter rules applied. `items` arrive sorted (newest first). Nothing here reads
 * the clock, so the rows (and so their order, which keys walk over) only change with the data.
 * The array is the caller's own (the sort orders it in place).
 */
export function containerRows(items: readonly ContainerSummary[], options: { showAll: boolean; filter: string }): ContainerRow[] {
  const needle = options.filter.trim().toLowerCase();
  const base = options.showAll ? everyRowOf(items) : liveRowsOf(items);
  if (needle === '') return base.slice();
  // Typing a filter narrows the last one's matches: a key over 10,000 containers looks at the
  // few that still match, not at all of them again (B11).
  const from = lastMatch !== undefined && lastMatch.base === base && needle.startsWith(lastMatch.needle) ? lastMatch.rows : base;
  const rows = from.filter((row) => row.haystack.includes(needle));
  lastMatch = { base, needle, rows };
  return rows.slice();
}

/** The last filter's matches, and what they were picked from. */
let lastMatch: { base: readonly ContainerRow[]; needle: string; rows: readonly ContainerRow[] } | undefined;

/** Every container's row, in the list's order: once per list array, not a lookup per container at every filter key. */
const everyRows = new WeakMap<readonly ContainerSummary[], readonly ContainerRow[]>();
function everyRowOf(items: readonly ContainerSummary[]): readonly ContainerRow[] {
  let rows = everyRows.get(items);
  if (rows === undefined) {
    rows = items.map(rowOf);
    everyRows.set(items, rows);
  }
  return rows;
}

/** The live ones' rows (`docker ps` without -a), once per list array. */
const liveRows = new WeakMap<readonly ContainerSummary[], readonly ContainerRow[]>();
function liveRowsOf(items: readonly ContainerSummary[]): readonly ContainerRow[] {
  let rows = liveRows.get(items);
  if (rows === undefined) {
    const every = everyRowOf(items);
    rows = every.filter((_, i) => isLive(items[i] as ContainerSummary));
    liveRows.set(items, rows);
  }
  return rows;
}

/**
 * Each container's row, kept as long as the container object lives: the engine client hands back
 * the same object for a container that did not change (AnswerMemo), so typing a filter over
 * 10,000 containers, or a refresh that changed one of them, builds no row twice. Rows are shared:
 * nothing may change one in place.
 */
const built = new WeakMap<ContainerSummary, ContainerRow>();

function rowOf(c: ContainerSummary): ContainerRow {
  let row = built.get(c);
  if (row === undefined) {
    row = buildRow(c);
    built.set(c, row);
  }
  return row;
}

function buildRow(c: ContainerSummary): ContainerRow {
  const name = sanitizeLine(containerName(c.Names));
  const service = swarmServiceName(c.Labels);
  const image = containerImage(c.Image, c.ImageID);
  const state = sanitizeLine(c.State ?? '');
  const project = c.Labels?.['com.docker.compose.project'];
  const composeService = c.Labels?.['com.docker.compose.service'];
  const engine = memberOf(c);
  return {
    id: c.Id,
    state,
    ...(engine !== undefined && { engine }),
    ...(project ? { project: sanitizeLine(project), service: sanitizeLine(composeService ?? '') } : {}),
    // In a fleet `engine:NAME` filters by engine: the filter matches within this text.
    haystack: `${c.Id} ${name} ${image} ${service ?? ''} ${project ?? ''} ${composeService ?? ''}${engine === undefined ? '' : ` engine:${engine}`}`.toLowerCase(),
    created: c.Created,
    status: c.Status,
    summary: c,
    cells: {
      id: shortId(c.Id),
      name: service ? `${name} (${sanitizeLine(service)})` : name,
      image,
      state: state || '-',
      status: sanitizeLine(c.Status ?? '') || '-',
      ports: sanitizeLine(formatPorts(c.Ports)),
    },
  };
}

/** The engine's time the age in a Status counts from (StartedAt for "Up …", FinishedAt for an exit), when known. */
function sinceOf(age: NonNullable<ReturnType<typeof statusAge>>, times: ContainerTimes | undefined): number | undefined {
  return agedFrom(age) === 'start' ? times?.startedAt : times?.finishedAt;
}

/**
 * A container's Status as of `nowMs`, as `docker ps` would print it then: the engine's words, with
 * the age in them carried forward from when the answer arrived (exact with the engine's own
 * `times`, status-age.ts ageNow) and written as go-units writes it ("Up 26 seconds", "Exited (0)
 * 3 minutes ago"). A text with no age in it ("Created") is shown as the engine wrote it.
 */
export function statusText(status: string | undefined, answeredAtMs: number, nowMs: number, times?: ContainerTimes): string {
  const age = statusAge(status);
  if (!age) return sanitizeLine(status ?? '') || '-';
  return sanitizeLine(`${age.before}${humanDuration(ageNow(age, answeredAtMs, nowMs, sinceOf(age, times)))}${age.after}`);
}

/**
 * The first moment after `nowMs` at which one of the containers' Status texts reads differently
 * (Infinity if none has an age): when the screen needs a new frame for them, and not before.
 */
export function nextStatusChange(items: readonly ContainerSummary[], answeredAtMs: number | ((c: ContainerSummary) => number), nowMs: number, times?: ReadonlyMap<string, ContainerTimes>): number {
  let earliest = Infinity;
  for (const c of items) {
    const answered = typeof answeredAtMs === 'number' ? answeredAtMs : answeredAtMs(c);
    earliest = Math.min(earliest, statusChangeAt(c.Status, answered, nowMs, times?.get(c.Id)));
  }
  return earliest;
}

/** The first moment after `nowMs` at which this one Status reads differently (statusText); Infinity with no age in it. */
export function statusChangeAt(status: string | undefined, answeredAtMs: number, nowMs: number, times?: ContainerTimes): number {
  const age = statusAge(status);
  return age ? nowMs + untilDurationChanges(ageNow(age, answeredAtMs, nowMs, sinceOf(age, times))) : Infinity;
}

import type { ContainerSummary } from '../../engine/types.ts';
import { containerName, formatPorts, formatRelative, sanitizeLine, shortId, swarmServiceName } from '../format/index.ts';

export type ContainerColumn = 'id' | 'name' | 'image' | 'state' | 'status' | 'created' | 'ports';

export interface ContainerRow {
  id: string;
  state: string;
  cells: Record<ContainerColumn, string>;
  /** Lower-cased text the filter matches against: id, name, image, service. */
  haystack: string;
}

/** `docker ps` without -a shows these; everything else needs "all". */
const liveStates = new Set(['running', 'paused', 'restarting']);

export function isLive(container: ContainerSummary): boolean {
  return liveStates.has((container.State ?? '').toLowerCase());
}

/**
 * Rows ready to draw: every engine string sanitised once here, not on every render, and the
 * running-only and filter rules applied. `items` arrive sorted (newest first).
 */
export function containerRows(items: readonly ContainerSummary[], options: { showAll: boolean; filter: string; nowMs: number }): ContainerRow[] {
  const needle = options.filter.trim().toLowerCase();
  const rows: ContainerRow[] = [];
  for (const c of items) {
    if (!options.showAll && !isLive(c)) continue;
    const row = rowOf(c, options.nowMs);
    if (needle !== '' && !row.haystack.includes(needle)) continue;
    rows.push(row);
  }
  return rows;
}

/**
 * Each container's row, kept as long as the container object lives: the engine client hands back
 * the same object for a container that did not change (AnswerMemo), so typing a filter over
 * 10,000 containers, or a refresh that changed one of them, builds no row twice. Only CREATED
 * depends on the clock; it is redone when the clock moved, and the row replaced only when it reads
 * differently. Rows are shared: nothing may change one in place.
 */
const built = new WeakMap<ContainerSummary, { row: ContainerRow; nowMs: number }>();

function rowOf(c: ContainerSummary, nowMs: number): ContainerRow {
  const cached = built.get(c);
  if (cached?.nowMs === nowMs) return cached.row;
  let row: ContainerRow;
  if (cached) {
    const created = formatRelative(c.Created, nowMs);
    row = created === cached.row.cells.created ? cached.row : { ...cached.row, cells: { ...cached.row.cells, created } };
  } else {
    row = buildRow(c, nowMs);
  }
  built.set(c, { row, nowMs });
  return row;
}

function buildRow(c: ContainerSummary, nowMs: number): ContainerRow {
  const name = sanitizeLine(containerName(c.Names));
  const service = swarmServiceName(c.Labels);
  const image = sanitizeLine(c.Image ?? '');
  const state = sanitizeLine(c.State ?? '');
  return {
    id: c.Id,
    state,
    haystack: `${c.Id} ${name} ${image} ${service ?? ''}`.toLowerCase(),
    cells: {
      id: shortId(c.Id),
      name: service ? `${name} (${sanitizeLine(service)})` : name,
      image,
      state: state || '-',
      status: sanitizeLine(c.Status ?? '') || '-',
      created: formatRelative(c.Created, nowMs),
      ports: sanitizeLine(formatPorts(c.Ports)),
    },
  };
}

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
    const name = sanitizeLine(containerName(c.Names));
    const service = swarmServiceName(c.Labels);
    const image = sanitizeLine(c.Image ?? '');
    const haystack = `${c.Id} ${name} ${image} ${service ?? ''}`.toLowerCase();
    if (needle !== '' && !haystack.includes(needle)) continue;
    const state = sanitizeLine(c.State ?? '');
    rows.push({
      id: c.Id,
      state,
      haystack,
      cells: {
        id: shortId(c.Id),
        name: service ? `${name} (${sanitizeLine(service)})` : name,
        image,
        state: state || '-',
        status: sanitizeLine(c.Status ?? '') || '-',
        created: formatRelative(c.Created, options.nowMs),
        ports: sanitizeLine(formatPorts(c.Ports)),
      },
    });
  }
  return rows;
}

import type { ContainerSummary } from '../../engine/types.ts';
import { isLive } from '../../state/containers.ts';
import { containerName, formatPorts, sanitizeLine, shortId, swarmServiceName } from '../format/index.ts';

export type ContainerColumn = 'id' | 'name' | 'image' | 'state' | 'status' | 'created' | 'ports';

export interface ContainerRow {
  id: string;
  state: string;
  /** Every cell but CREATED, which reads the clock and is made when drawn (see `createdCell`). */
  cells: Record<Exclude<ContainerColumn, 'created'>, string>;
  /** Epoch seconds, from the engine. */
  created?: number;
  /** Lower-cased text the filter matches against: id, name, image, service. */
  haystack: string;
}

export { isLive };

/**
 * Rows ready to draw: every engine string sanitised once here, not on every render, and the
 * running-only and filter rules applied. `items` arrive sorted (newest first). Nothing here reads
 * the clock, so the rows (and so their order, which keys walk over) only change with the data.
 */
export function containerRows(items: readonly ContainerSummary[], options: { showAll: boolean; filter: string }): ContainerRow[] {
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
      created: c.Created,
      cells: {
        id: shortId(c.Id),
        name: service ? `${name} (${sanitizeLine(service)})` : name,
        image,
        state: state || '-',
        status: sanitizeLine(c.Status ?? '') || '-',
        ports: sanitizeLine(formatPorts(c.Ports)),
      },
    });
  }
  return rows;
}

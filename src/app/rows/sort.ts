/**
 * The orders a pane can be sorted in, cycled with `o`. The engine's lists arrive newest first
 * (state/lists.ts), which is the first order; the others sort the rows already built, stably,
 * so rows that tie stay newest first.
 */
import { detailCells, type ContainerRow, type DetailColumn } from './container-rows.ts';
import type { ImageRow } from './image-rows.ts';
import { compareNames } from '../format/collate.ts';

/** 'size': the writable layer (the list asked with `size=1` while this order is chosen: state/disk). */
export const containerSorts = ['created', 'name', 'image', 'state', 'size'] as const;
/** With the resource columns on, `o` also orders by them (busiest first). */
export const containerStatsSorts = [...containerSorts, 'cpu', 'mem'] as const;
export const imageSorts = ['created', 'size', 'tag'] as const;
/** Volumes: by name (the list's own order), by size (the disk usage's), by how many containers use each. */
export const volumeSorts = ['name', 'size', 'used-by'] as const;
export type ContainerSort = (typeof containerSorts)[number];
export type ImageSort = (typeof imageSorts)[number];

/** The order after `current` among a pane's `orders` (wrapping); an unknown one starts over. */
export function nextSort(orders: readonly string[], current: string): string {
  return orders[(orders.indexOf(current) + 1) % orders.length] ?? 'created';
}

/** Descending orders (newest, largest first) are drawn ▼ in the header, alphabetical ones ▲. */
export function isDescending(by: string): boolean {
  return by === 'created' || by === 'size' || by === 'cpu' || by === 'mem' || by === 'used-by' || by === 'restarts';
}

/** Which way the header's arrow points: the order's own, turned by `O` (reversed). */
export function sortedDown(by: string, reversed: boolean | undefined): boolean {
  return isDescending(by) !== (reversed === true);
}

const healthRank: Record<string, number> = { unhealthy: 0, starting: 1, healthy: 2 };
const DETAIL_TEXT: readonly string[] = ['ip', 'networks', 'command', 'service'] satisfies DetailColumn[];
const CELL_TEXT: readonly string[] = ['id', 'status', 'ports'];

// Live states first, then the ones a person is likely looking for, then the gone.
const stateRank: Record<string, number> = { running: 0, restarting: 1, paused: 2, created: 3, exited: 4, removing: 5, dead: 6 };

/** Sorting by a resource figure needs the figures: busiest first, unmeasured rows last. */
export type FigureOf = (id: string) => { cpuPercent?: number; memUsed?: number } | undefined;

/**
 * Orders container rows by `by` (any sortable column, containers.ts), stably; `numbers` gives the
 * figure of the columns read from a source (restarts, size: largest first, unknown last).
 */
export function sortContainerRows(rows: ContainerRow[], by: string, figures?: FigureOf, numbers?: ReadonlyMap<string, number>): ContainerRow[] {
  if (DETAIL_TEXT.includes(by)) return rows.sort((a, b) => compareNames(detailCells(a)[by as DetailColumn], detailCells(b)[by as DetailColumn]));
  if (CELL_TEXT.includes(by)) return rows.sort((a, b) => compareNames(a.cells[by as 'id'], b.cells[by as 'id']));
  switch (by) {
    case 'health':
      return rows.sort((a, b) => (healthRank[detailCells(a).health] ?? 3) - (healthRank[detailCells(b).health] ?? 3));
    case 'restarts':
    case 'size': {
      if (!numbers) return rows;
      return rows.sort((a, b) => (numbers.get(b.id) ?? -1) - (numbers.get(a.id) ?? -1));
    }
    case 'cpu':
    case 'mem': {
      if (!figures) return rows;
      const value = (row: ContainerRow) => {
        const f = figures(row.id);
        return (by === 'cpu' ? f?.cpuPercent : f?.memUsed) ?? -1;
      };
      return rows.sort((a, b) => value(b) - value(a));
    }
    case 'name':
      return rows.sort((a, b) => compareNames(a.cells.name, b.cells.name));
    case 'image':
      return rows.sort((a, b) => compareNames(a.cells.image, b.cells.image));
    case 'state':
      return rows.sort((a, b) => (stateRank[a.state] ?? 7) - (stateRank[b.state] ?? 7));
    default:
      return rows;
  }
}

export function sortImageRows(rows: ImageRow[], by: string): ImageRow[] {
  switch (by) {
    case 'size':
      return rows.sort((a, b) => b.sizeBytes - a.sizeBytes);
    case 'tag':
      // Untagged rows last: they are the ones nobody sorts by name to find.
      return rows.sort((a, b) => Number(a.tag.startsWith('<none>')) - Number(b.tag.startsWith('<none>')) || compareNames(a.tag, b.tag));
    default:
      return rows;
  }
}

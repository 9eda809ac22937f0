/**
 * The rows each pane shows, as memoised selectors over (engine data, view state): what the key
 * reducer walks over and what the panes draw are the same arrays, so `j` after `/web` in one read
 * moves within the filtered rows.
 */
import type { ContainerSummary, ImageSummary } from '../../engine/types.ts';
import type { PullState } from '../../state/pulls/pull-reducer.ts';
import { containerRows, type ContainerRow } from './container-rows.ts';
import { imageRows, type ImageRow } from './image-rows.ts';
import type { LoggedEvent } from '../../state/events/event-log.ts';
import { eventRows, type EventRow } from './event-rows.ts';
import { groupByProject } from './compose-groups.ts';
import { memoLast, memoRecent } from './memo.ts';
import { sortContainerRows, sortImageRows } from './sort.ts';

// The last two: all ↔ running and back keeps both arrays (and what is kept per array after them).
export const selectContainerRows = memoRecent(
  2,
  (
    items: readonly ContainerSummary[],
    showAll: boolean,
    filter: string,
    sort: string,
    figures?: ReadonlyMap<string, { cpuPercent?: number; memUsed?: number; sizeRw?: number }>,
    /** Grouped by Compose project (`z`), with these projects folded; undefined: not grouped. */
    folded?: readonly string[],
    /** The order read the other way round (`O`). */
    reversed = false,
    /** The figure by container id of a column read from a source (restarts, size), when sorting by it. */
    numbers?: ReadonlyMap<string, number>,
  ): readonly ContainerRow[] => {
    const sorted = sortContainerRows(containerRows(items, { showAll, filter }), sort, figures && ((id) => figures.get(id)), numbers);
    const rows = reversed ? sorted.reverse() : sorted;
    return folded ? groupByProject(rows, items, folded) : rows;
  },
);
export const selectContainerIds = memoLast((rows: readonly ContainerRow[]): readonly string[] => rows.map((r) => r.id));

export const selectImageRows = memoLast((items: readonly ImageSummary[], filter: string, sort: string, reversed = false): readonly ImageRow[] => {
  const rows = sortImageRows(imageRows(items, { filter }), sort);
  return reversed ? rows.reverse() : rows;
});
export const selectImageKeys = memoLast((rows: readonly ImageRow[]): readonly string[] => rows.map((r) => r.key));

export const selectPullIds = memoLast((pulls: readonly PullState[]): readonly string[] => pulls.map((p) => p.id));

export const selectEventRows = memoLast((events: readonly LoggedEvent[], filter: string): readonly EventRow[] => eventRows(events, filter));
export const selectEventKeys = memoLast((rows: readonly EventRow[]): readonly string[] => rows.map((r) => r.key));

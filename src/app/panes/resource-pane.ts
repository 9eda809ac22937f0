/**
 * What the Volumes and Networks panes say alike: both list an engine resource with who uses it,
 * read while shown, kept and marked stale with the engine's words when a read fails.
 */
import { plural, sanitizeLine } from '../format/index.ts';
import type { PaneMessage } from './pane.ts';

/** A resource list as its pane sees it (state/resources/resource-lists.ts). */
interface ResourceListState {
  loaded: boolean;
  stale: boolean;
  error?: string;
}

/**
 * The tab's summary: "3 volumes, 1 unused", with the filter; nothing before the first read. The
 * engine's own networks (host, none) are not unused: nothing can remove them.
 */
export function resourceSummary(list: ResourceListState, rows: readonly { users: number; predefined?: true }[], noun: string, filter: string | undefined): string {
  if (!list.loaded) return '';
  const unused = rows.filter((r) => r.users === 0 && !r.predefined).length;
  return `${plural(rows.length, noun)}, ${unused} unused${filter ? ` · filter "${filter}"` : ''}`;
}

/** The empty table's line: loading, the engine's error, no match, or how to make the first one. */
export function resourceMessage(list: ResourceListState, shown: number, nouns: string, filter: string | undefined, none: string): PaneMessage | undefined {
  if (shown > 0) return undefined;
  if (!list.loaded) return list.error ? { text: sanitizeLine(list.error), tone: 'error' } : { text: 'loading…' };
  return { text: filter ? `no ${nouns} match "${filter}"` : none };
}

/** The line under a table whose last read failed: the engine's words, `[stale]` when rows are kept. */
export function resourceNote(list: ResourceListState): PaneMessage | undefined {
  return list.error ? { text: `${list.stale ? '[stale] ' : ''}${sanitizeLine(list.error)}`, tone: 'error' } : undefined;
}

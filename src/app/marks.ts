/**
 * Marks: rows a person picked so an action acts on all of them at once. A pane's marks are row
 * keys (a thing's engine and id, state/sources.ts rowKey) in the order they were marked, kept in
 * its view: a refresh, a sort or a filter moves rows about and hides some, and the marks stay on
 * the same things. A marked thing the engine no longer lists is unmarked, and a notice says how
 * many went (settleMarks). Pure: the keys' handlers (keys/actions.ts) and the reducer call these.
 */
import { notify, reduced, type Reduced } from './commands.ts';
import type { UiContext } from './context.ts';
import { plural } from './format/index.ts';
import { keysPresent, markableKeys, selectedRow, type PaneDefinition } from './panes/pane.ts';
import { paneView, type AppState, type PaneId } from './types.ts';

const NONE: readonly string[] = [];

export function marksOf(state: AppState, pane: PaneId): readonly string[] {
  return paneView(state, pane).marks ?? NONE;
}

function withMarks(state: AppState, pane: PaneId, marks: readonly string[]): AppState {
  const view = paneView(state, pane);
  if ((view.marks ?? NONE).length === 0 && marks.length === 0) return state;
  return { ...state, views: { ...state.views, [pane]: { ...view, marks: marks.length === 0 ? undefined : marks } } };
}

/** Marks the row, or unmarks it if it was marked. */
export function toggleMark(state: AppState, pane: PaneId, key: string): AppState {
  const marks = marksOf(state, pane);
  return withMarks(state, pane, marks.includes(key) ? marks.filter((k) => k !== key) : [...marks, key]);
}

/**
 * Marks every row from the last mark to `key`, both ends included, in the order shown (`shown`,
 * the markable rows' keys as the pane shows them now). Without a mark, or when the last mark is
 * not shown (filtered out), it marks `key` alone. The row at `key` becomes the last mark.
 */
export function markRange(state: AppState, pane: PaneId, shown: readonly string[], key: string): AppState {
  const marks = marksOf(state, pane);
  const to = shown.indexOf(key);
  if (to < 0) return state;
  const last = marks[marks.length - 1];
  const from = last === undefined ? -1 : shown.indexOf(last);
  const range = from < 0 ? [key] : shown.slice(Math.min(from, to), Math.max(from, to) + 1);
  const added = range.filter((k) => !marks.includes(k) && k !== key);
  return withMarks(state, pane, [...marks.filter((k) => k !== key), ...added, key]);
}

/** Marks every row shown (`shown`: what the filter lets through), keeping the marks already made. */
export function markAll(state: AppState, pane: PaneId, shown: readonly string[]): AppState {
  const marks = marksOf(state, pane);
  const had = new Set(marks);
  return withMarks(state, pane, [...marks, ...shown.filter((k) => !had.has(k))]);
}

export function clearMarks(state: AppState, pane: PaneId): AppState {
  return withMarks(state, pane, NONE);
}

/** Unmarks these keys wherever they are marked (a bulk action's done rows). */
export function unmarkKeys(state: AppState, keys: readonly string[]): AppState {
  if (keys.length === 0) return state;
  const drop = new Set(keys);
  let next = state;
  for (const [pane, view] of Object.entries(state.views)) {
    if (view.marks?.some((k) => drop.has(k))) next = withMarks(next, pane, view.marks.filter((k) => !drop.has(k)));
  }
  return next;
}

/**
 * The marks of things that are still there (`present`: every key the pane's list holds), and the
 * ones that went. The marks array is the same object when none went.
 */
export function keepPresent(marks: readonly string[], present: ReadonlySet<string>): { kept: readonly string[]; gone: number } {
  const kept = marks.filter((k) => present.has(k));
  return kept.length === marks.length ? { kept: marks, gone: 0 } : { kept, gone: marks.length - kept.length };
}

/** The marks of `pane` with the gone ones dropped (see keepPresent). */
export function dropGone(state: AppState, pane: PaneId, present: ReadonlySet<string>): { state: AppState; gone: number } {
  const { kept, gone } = keepPresent(marksOf(state, pane), present);
  return gone === 0 ? { state, gone } : { state: withMarks(state, pane, kept), gone };
}

/** The pane's tab words with its marks counted after them ("running: 5 · 3 marked"). */
export function summaryWithMarks(summary: string, state: AppState, pane: PaneId): string {
  const count = marksOf(state, pane).length;
  if (count === 0) return summary;
  return summary === '' ? `${count} marked` : `${summary} · ${count} marked`;
}

/** The selected row's key, when it takes a mark. */
function selectedMarkable<Row>(pane: PaneDefinition<Row>, state: AppState, ctx: UiContext): string | undefined {
  const row = selectedRow(pane, state, ctx);
  if (row === undefined || (pane.marking?.can && !pane.marking.can(row))) return undefined;
  return pane.key(row, ctx);
}

/** Space: marks the selected row, or unmarks it. */
export function markSelected<Row>(pane: PaneDefinition<Row>, state: AppState, ctx: UiContext): Reduced | undefined {
  if (!pane.marking) return undefined;
  const key = selectedMarkable(pane, state, ctx);
  return reduced(key === undefined ? state : toggleMark(state, pane.id, key));
}

/** V: marks from the last mark to the selected row. */
export function markRangeSelected<Row>(pane: PaneDefinition<Row>, state: AppState, ctx: UiContext): Reduced | undefined {
  if (!pane.marking) return undefined;
  const key = selectedMarkable(pane, state, ctx);
  if (key === undefined) return selectedRow(pane, state, ctx) === undefined ? reduced(state) : notify(state, `this row takes no mark: only a ${pane.marking.noun}’s row does`);
  return reduced(markRange(state, pane.id, markableKeys(pane, state, ctx), key));
}

/** Ctrl-A: marks every row shown. */
export function markAllShown<Row>(pane: PaneDefinition<Row>, state: AppState, ctx: UiContext): Reduced | undefined {
  if (!pane.marking) return undefined;
  return reduced(markAll(state, pane.id, markableKeys(pane, state, ctx)));
}

/**
 * Every marking pane's marks without the things that went away (once its list is to be
 * trusted), and a notice naming how many: a container removed meanwhile is no longer marked,
 * and the count on the tab says so.
 */
export function settleMarks(state: AppState, ctx: UiContext, panes: readonly PaneDefinition<unknown>[]): Reduced | undefined {
  let next = state;
  const went: string[] = [];
  for (const pane of panes) {
    if (!pane.marking || marksOf(next, pane.id).length === 0) continue;
    const present = keysPresent(pane, next, ctx);
    if (!present) continue;
    const dropped = dropGone(next, pane.id, present);
    if (dropped.gone === 0) continue;
    next = dropped.state;
    went.push(plural(dropped.gone, `marked ${pane.marking.noun}`));
  }
  if (went.length === 0) return undefined;
  const left = marksOf(next, next.pane).length;
  return notify(next, `${went.join(', ')} went away: unmarked${left > 0 ? ` (${left} still marked)` : ''}`);
}

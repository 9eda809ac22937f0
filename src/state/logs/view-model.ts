// Scroll, follow and search state of the logs view, as a pure reducer. The buffer lives outside
// (it is mutable and large); the reducer only learns its current length through `ctx`, and how it
// changed through `lines-appended`, so the same rules can be driven by a React hook or a test.
//
// Invariants after every action: 0 ≤ top ≤ maxTop(length, height); following implies top = maxTop;
// search matches are ascending indices in [0, length) and `current`, when set, is one of them.

import { nextMatch } from './search.ts';

export interface LogSearchState {
  readonly query: string;
  /** Ascending line indices that contain `query`. */
  readonly matches: readonly number[];
  /** Line index of the selected match (a line index, not a position in `matches`, so it survives eviction). */
  readonly current?: number;
}

/** Where a shown timestamp is told from (app/format/log-stamp.ts): UTC as the engine wrote it, local time, or relative to now. */
export type StampZone = 'utc' | 'local' | 'relative';
/** `t`'s cycle after off. */
export const STAMP_ZONES: readonly StampZone[] = ['utc', 'local', 'relative'];

export interface LogViewState {
  /** Stick to the bottom as lines arrive, like `tail -f`. */
  readonly follow: boolean;
  /** Index of the first visible line. */
  readonly top: number;
  readonly showTimestamps: boolean;
  /** Which time the stamps show while shown (default UTC). */
  readonly stampZone?: StampZone;
  readonly search?: LogSearchState;
  /** Long lines take as many rows as they need (scrolling stays a line at a time). */
  readonly wrap?: boolean;
  /** Columns scrolled off to the left while not wrapping. */
  readonly left?: number;
}

/** Line indices in `[start, end)` that contain `query`, ascending: `findMatches` bound to the buffer. */
export type LineMatcher = (query: string, start: number, end: number) => number[];

export interface LogViewContext {
  /** Lines in the buffer now, after whatever the action reports. */
  readonly length: number;
  /** Visible rows. */
  readonly height: number;
  /** Searches the buffer; without it, searches find only the `matches` an action brings. */
  readonly matcher?: LineMatcher;
}

export type LogViewAction =
  /** The buffer gained `added` lines and evicted `dropped` from its front (`LogBuffer.append`'s result). */
  | { readonly type: 'lines-appended'; readonly added: number; readonly dropped: number }
  /** The buffer was cleared. */
  | { readonly type: 'buffer-cleared' }
  /** An older page went in before the first line (`added`), pushing `droppedBack` out at the end. */
  | { readonly type: 'lines-prepended'; readonly added: number; readonly droppedBack: number }
  /** The buffer now holds another part of the log (a jump): show line `focus`, or follow the end. */
  | { readonly type: 'window-replaced'; readonly focus?: number }
  /** Show line `line` (a whole-history match the window already holds). */
  | { readonly type: 'reveal'; readonly line: number }
  /** Scroll by `by` lines; negative is up. */
  | { readonly type: 'scroll'; readonly by: number }
  | { readonly type: 'page'; readonly direction: 1 | -1 }
  | { readonly type: 'top' }
  | { readonly type: 'bottom' }
  | { readonly type: 'toggle-follow' }
  | { readonly type: 'toggle-timestamps' }
  | { readonly type: 'toggle-wrap' }
  /** Scroll sideways by `by` columns (negative: back towards the start of the lines). */
  | { readonly type: 'scroll-columns'; readonly by: number }
  /** Start a search; `matches` if the caller already has them, else `ctx.matcher` is asked. */
  | { readonly type: 'search'; readonly query: string; readonly matches?: readonly number[] }
  | { readonly type: 'next-match' }
  | { readonly type: 'prev-match' }
  | { readonly type: 'clear-search' }
  /** `ctx.height` changed. */
  | { readonly type: 'resize' };

/** A fresh view follows: opening a container's logs means "show me what it is doing now". */
export function initialLogViewState(options: { showTimestamps?: boolean } = {}): LogViewState {
  return { follow: true, top: 0, showTimestamps: options.showTimestamps ?? false };
}

/** The largest valid `top`: the last line sits on the bottom row, or 0 when everything fits. */
export function maxTop(length: number, height: number): number {
  return Math.max(0, count(length) - rows(height));
}

export function reduceLogView(state: LogViewState, action: LogViewAction, ctx: LogViewContext): LogViewState {
  const length = count(ctx.length);
  const height = rows(ctx.height);
  const view: View = { length, height, matcher: ctx.matcher };
  return settle(state, step(state, action, view), view);
}

interface View {
  readonly length: number;
  readonly height: number;
  readonly matcher: LineMatcher | undefined;
}

function step(state: LogViewState, action: LogViewAction, view: View): LogViewState {
  switch (action.type) {
    case 'lines-appended':
      return linesAppended(state, count(action.added), count(action.dropped), view);
    case 'buffer-cleared':
      // Keep the query so the search stays live for the lines that arrive next.
      return state.search === undefined
        ? { ...state, top: 0 }
        : { ...state, top: 0, search: { query: state.search.query, matches: [] } };
    case 'lines-prepended':
      return linesPrepended(state, count(action.added), view);
    case 'window-replaced': {
      const base: LogViewState = { ...state, follow: action.focus === undefined, top: 0 };
      const replaced = state.search === undefined ? base : search(base, state.search.query, undefined, view);
      // Back at the live end: follow it, whatever the search would have revealed.
      if (action.focus === undefined) return { ...replaced, follow: true };
      const current = replaced.search?.matches.includes(action.focus) === true ? action.focus : replaced.search?.current;
      const focused = replaced.search === undefined ? replaced : { ...replaced, search: { ...replaced.search, ...(current === undefined ? {} : { current }) } };
      return { ...focused, follow: false, top: action.focus - Math.floor(view.height / 2) };
    }
    case 'reveal': {
      const current = state.search?.matches.includes(action.line) === true ? action.line : state.search?.current;
      const moved = state.search === undefined || current === undefined ? state : { ...state, search: { ...state.search, current } };
      return reveal(moved, action.line, view);
    }
    case 'scroll':
      return scroll(state, Math.trunc(action.by) || 0);
    case 'page':
      return scroll(state, action.direction * view.height);
    case 'top':
      return { ...state, follow: false, top: 0 };
    case 'bottom':
      return { ...state, follow: true };
    case 'toggle-follow':
      // Turning follow on jumps to the bottom; `settle` does that for any following state.
      return { ...state, follow: !state.follow };
    case 'toggle-timestamps': {
      // Off → UTC → local → relative → off.
      if (!state.showTimestamps) return { ...state, showTimestamps: true, stampZone: STAMP_ZONES[0] };
      const next = STAMP_ZONES[STAMP_ZONES.indexOf(state.stampZone ?? 'utc') + 1];
      return next === undefined ? { ...state, showTimestamps: false, stampZone: undefined } : { ...state, stampZone: next };
    }
    case 'toggle-wrap':
      // Wrapped lines have nothing off to the side.
      return { ...state, wrap: state.wrap !== true, left: 0 };
    case 'scroll-columns':
      return state.wrap === true ? state : { ...state, left: Math.max(0, (state.left ?? 0) + (Math.trunc(action.by) || 0)) };
    case 'search':
      return search(state, action.query, action.matches, view);
    case 'next-match':
    case 'prev-match':
      return stepMatch(state, action.type === 'next-match' ? 1 : -1, view);
    case 'clear-search':
      return state.search === undefined ? state : withoutSearch(state);
    case 'resize':
      // Nothing to do beyond re-clamping against the new height, which `settle` does.
      return state;
  }
}

function linesAppended(state: LogViewState, added: number, dropped: number, view: View): LogViewState {
  // Not following: every surviving line moved `dropped` places towards 0, so moving `top` by the
  // same amount keeps the same line at the top of the screen while the user reads.
  const top = state.follow ? state.top : Math.max(0, state.top - dropped);
  if (state.search === undefined || (added === 0 && dropped === 0)) return { ...state, top };

  const { query, current } = state.search;
  const matches: number[] = [];
  for (const m of state.search.matches) if (m - dropped >= 0) matches.push(m - dropped);
  // New lines are the last `added` (or all of them, if the batch overflowed the buffer).
  const firstNew = view.length - Math.min(added, view.length);
  if (view.matcher !== undefined && firstNew < view.length) {
    for (const m of view.matcher(query, firstNew, view.length)) {
      if (m >= firstNew && m < view.length) matches.push(m);
    }
  }
  const shifted = current === undefined ? undefined : current - dropped;
  return {
    ...state,
    top,
    search: shifted === undefined || shifted < 0 ? { query, matches } : { query, matches, current: shifted },
  };
}

function linesPrepended(state: LogViewState, added: number, view: View): LogViewState {
  // Every line moved `added` places down: the same line stays at the top of the screen (the new
  // ones are above it, one ↑ away), and matches move with their lines.
  if (added === 0) return state;
  const top = state.top + added;
  if (state.search === undefined) return { ...state, follow: false, top };
  const { query, current } = state.search;
  const fresh = view.matcher?.(query, 0, Math.min(added, view.length)) ?? [];
  const matches = [...fresh, ...state.search.matches.map((m) => m + added).filter((m) => m < view.length)];
  const shifted = current === undefined || current + added >= view.length ? undefined : current + added;
  return { ...state, follow: false, top, search: shifted === undefined ? { query, matches } : { query, matches, current: shifted } };
}

function scroll(state: LogViewState, by: number): LogViewState {
  if (by === 0) return state;
  // Scrolling up is the user saying "stop, let me read": it leaves follow mode. Scrolling down,
  // even to the very bottom, does not re-enter it, so reading the last page is not yanked away;
  // `G` and `f` are the explicit ways back.
  return { ...state, follow: by < 0 ? false : state.follow, top: state.top + by };
}

function search(
  state: LogViewState,
  query: string,
  given: readonly number[] | undefined,
  view: View,
): LogViewState {
  if (query.length === 0) return withoutSearch(state);
  const matches = normaliseMatches(given ?? view.matcher?.(query, 0, view.length) ?? [], view.length);
  // Like less: the first hit at or below where the user is looking, else wrap to the first.
  const current = nextMatch(matches, state.top - 1, 1);
  if (current === undefined) return { ...state, search: { query, matches } };
  return reveal({ ...state, search: { query, matches, current } }, current, view);
}

function stepMatch(state: LogViewState, direction: 1 | -1, view: View): LogViewState {
  const found = state.search;
  if (found === undefined) return state;
  // With no selected match, `n` starts from the top of the screen and `N` from its bottom, so both
  // go to the nearest hit in their direction from what the user sees.
  const from = found.current ?? (direction === 1 ? state.top - 1 : state.top + view.height);
  const current = nextMatch(found.matches, from, direction);
  if (current === undefined) return state;
  return reveal({ ...state, search: { ...found, current } }, current, view);
}

/**
 * Scrolls so `line` is visible: left alone if it already is, otherwise centred so there is context
 * both above and below. Always leaves follow mode, or the next append would scroll the match away.
 */
function reveal(state: LogViewState, line: number, view: View): LogViewState {
  const visible = line >= state.top && line < state.top + view.height;
  return { ...state, follow: false, top: visible ? state.top : line - Math.floor(view.height / 2) };
}

function withoutSearch(state: LogViewState): LogViewState {
  const { search: _search, ...rest } = state;
  return rest;
}

/** Caller-supplied matches are trusted for content but made ascending, unique and in range, as `nextMatch` needs. */
function normaliseMatches(matches: readonly number[], length: number): number[] {
  const out = matches.filter((m) => Number.isInteger(m) && m >= 0 && m < length);
  for (let i = 1; i < out.length; i++) {
    if ((out[i] as number) <= (out[i - 1] as number)) {
      return [...new Set(out)].sort((a, b) => a - b);
    }
  }
  return out;
}

/**
 * Clamps `next` into the invariants and hands back `previous` itself when nothing changed, so a
 * React `useReducer` skips the render for no-op keys (scrolling past the end, `n` with no matches).
 */
function settle(previous: LogViewState, next: LogViewState, view: View): LogViewState {
  const bottom = maxTop(view.length, view.height);
  const top = next.follow ? bottom : Math.min(Math.max(0, next.top), bottom);
  if (
    top === previous.top &&
    next.follow === previous.follow &&
    next.showTimestamps === previous.showTimestamps &&
    next.stampZone === previous.stampZone &&
    next.wrap === previous.wrap &&
    next.left === previous.left &&
    sameSearch(next.search, previous.search)
  ) {
    return previous;
  }
  return top === next.top ? next : { ...next, top };
}

function sameSearch(a: LogSearchState | undefined, b: LogSearchState | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  return a.query === b.query && a.current === b.current && sameNumbers(a.matches, b.matches);
}

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A non-negative integer count; garbage (NaN, negative) reads as 0. */
function count(n: number): number {
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** At least one row: a zero-height view still has a meaningful `top`, and maxTop stays ≤ length - 1. */
function rows(n: number): number {
  return Math.max(1, count(n));
}

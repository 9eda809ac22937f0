import type { EngineState } from '../state/engine-state.ts';
import type { AppState } from './types.ts';
import { bannerHeight, noticeLines } from './banner-lines.ts';

/**
 * Rows the pane or overlay gets: the terminal less the status bar, the banner (when the engine is
 * unreachable), the error line, the tabs, the message line and the footer. One line short of the
 * terminal: Ink clears the whole screen on every frame once its output reaches the terminal's
 * height. The app draws with it and the reducer pages with it, so PgDn moves what is on screen.
 */
export function bodyHeight(terminal: { rows: number; columns: number }, engine: EngineState, pulse = false, notice?: string): number {
  return Math.max(terminal.rows - 1 - chromeRows(engine, terminal.columns) - (pulse ? 1 : 0) - noticeExtraRows(notice, terminal.columns), 3);
}

/**
 * The lines a long notice takes past the message line's one (it wraps: banner-lines.ts
 * noticeLines). Callers that page without it are off by these lines while such a notice shows.
 */
export function noticeExtraRows(notice: string | undefined, columns: number): number {
  return notice === undefined ? 0 : noticeLines(notice, columns).length - 1;
}

/**
 * The banner and error lines wrap at the terminal's width. Their height is taken with the retry
 * countdown at its start (no clock here: the reducer pages with this), so a countdown whose
 * digits shrink can change it by a line at most, for a second.
 */
export function chromeRows(engine: EngineState, columns: number): number {
  return 4 + bannerHeight(engine.connection, columns, engine.connection.retryAt ?? 0);
}

/** The notice the message line shows on its own (the quit question and the filter prompt take the line instead). */
export function shownNotice(state: Pick<AppState, 'quitQuestion' | 'filtering' | 'notice'>): string | undefined {
  return !state.quitQuestion && !state.filtering && state.notice ? state.notice.text : undefined;
}

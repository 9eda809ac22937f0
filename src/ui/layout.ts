import type { EngineState } from '../state/engine-state.ts';

/**
 * Rows the pane or overlay gets: the terminal less the status bar, the banner (when the engine is
 * unreachable), the error line, the tabs, the message line and the footer. One line short of the
 * terminal: Ink clears the whole screen on every frame once its output reaches the terminal's
 * height. The app draws with it and the reducer pages with it, so PgDn moves what is on screen.
 */
export function bodyHeight(terminalRows: number, engine: EngineState): number {
  return Math.max(terminalRows - 1 - chromeRows(engine), 3);
}

export function chromeRows(engine: EngineState): number {
  const unreachable = engine.connection.status === 'unreachable';
  const backgroundError = !unreachable && engine.connection.error !== undefined && engine.connection.error !== '';
  return 4 + (unreachable ? 2 : 0) + (backgroundError ? 1 : 0);
}

/**
 * What keys do in the views over the panes (help, inspect, logs, stats, the engine switcher) and
 * in dialogs, each through the keymap's contexts for it (contexts.ts). A dialog's keys are its
 * module's (app/dialogs), a pure function of its own state.
 *
 * Adding an overlay kind: its state in app/types.ts (Overlay), a case here, and a component in
 * ui/views/overlay-views.tsx.
 */
import { notify, reduced, type Command, type Reduced } from '../commands.ts';
import { replaceOverlay } from '../navigation.ts';
import type { AppState, DialogOverlay, HelpOverlay, HistoryOverlay, InspectOverlay, LogsOverlay, Overlay } from '../types.ts';
import { dialogOf } from '../dialogs/index.ts';
import { applyOutcome, dialogContext } from '../dialogs/open.ts';
import type { KeyPress } from '../input/press.ts';
import { editLine } from '../input/field.ts';
import { findMatches, nextMatch } from '../../state/logs/search.ts';
import { maxTop, reduceLogView, type LogViewAction, type LogViewContext } from '../../state/logs/view-model.ts';
import { bodyHeight } from '../layout.ts';
import { contextsFor, helpContexts } from './contexts.ts';
import { isPrintableKey, type KeyContext } from './keymap.ts';
import { enginesKey } from './engines.ts';
import { helpLines } from './help-lines.ts';
import { close } from './steps.ts';
import type { UiContext } from '../context.ts';
import { plural } from '../format/plural.ts';

/** Rows of text a scroll view shows under its title line. */
export function scrollBody(state: AppState, ctx: UiContext): number {
  return Math.max(bodyHeight(state.terminal, ctx.engine) - 1, 1);
}

/** Rows of log lines under the logs view's header, above its hint line. */
export function logsBody(state: AppState, ctx: UiContext): number {
  return Math.max(bodyHeight(state.terminal, ctx.engine) - 2, 1);
}

/** The help text's lines: every key for the screen under it, from the keymap in force, wrapped at the width. */
export function helpLineCount(state: AppState, ctx: UiContext): number {
  return helpLines(ctx.keymap.bindingsFor(helpContexts(state)), state.terminal.columns).length;
}

function scrollKey<O extends HelpOverlay | InspectOverlay | HistoryOverlay>(state: AppState, overlay: O, press: KeyPress, ctx: UiContext, context: KeyContext, lines: number): Reduced | undefined {
  const body = scrollBody(state, ctx);
  const maxTop = Math.max(lines - body, 0);
  const to = (top: number) => reduced(replaceOverlay(state, { ...overlay, top: Math.min(Math.max(top, 0), maxTop) }));
  switch (ctx.keymap.resolve(context, press.name)) {
    case 'up':
      return to(overlay.top - 1);
    case 'down':
      return to(overlay.top + 1);
    case 'page-up':
      return to(overlay.top - body);
    case 'page-down':
      return to(overlay.top + body);
    case 'top':
      return to(0);
    case 'bottom':
      return to(maxTop);
    case 'close':
      return close(state, overlay.id);
    default:
      return undefined;
  }
}

export function logViewContext(state: AppState, overlay: LogsOverlay, ctx: UiContext): LogViewContext {
  const lines = ctx.logLines(overlay.id);
  return {
    length: overlay.length,
    height: logsBody(state, ctx),
    matcher: lines ? (query, start, end) => findMatches(lines, query, { start, end }) : undefined,
  };
}

export function applyLogView(state: AppState, overlay: LogsOverlay, action: LogViewAction, ctx: UiContext, patch: Partial<LogsOverlay> = {}): AppState {
  const view = reduceLogView(overlay.view, action, logViewContext(state, overlay, ctx));
  return replaceOverlay(state, { ...overlay, ...patch, view });
}

/** Columns one ←/→ moves long lines by. */
const COLUMN_STEP = 10;

function logsKey(state: AppState, overlay: LogsOverlay, press: KeyPress, ctx: UiContext): Reduced | undefined {
  const apply = (action: LogViewAction, ...commands: Command[]) => reduced(applyLogView(state, overlay, action, ctx), ...commands);
  const prompt = overlay.prompt;
  const history = overlay.history;
  const page = (to: 'older' | 'newer' | 'first' | 'last'): Command => ({ type: 'logs-page', overlay: overlay.id, to });
  if (prompt !== undefined) {
    // A printable key is text here, whatever it does elsewhere.
    const action = isPrintableKey(press.name) || press.name === 'paste' ? undefined : ctx.keymap.resolveIn(['prompt', 'line'], press.name);
    if (action === 'prompt-clear') return reduced(replaceOverlay(state, { ...overlay, prompt: undefined }));
    if (action === 'prompt-keep') {
      const query = prompt.trim() === '' ? undefined : prompt;
      const search: LogViewAction = query === undefined ? { type: 'clear-search' } : { type: 'search', query };
      // The window is searched at once; the rest of the history, streamed from the engine.
      const whole: Command[] = history !== undefined && (history.older || history.newer) ? [{ type: 'logs-history-search', overlay: overlay.id, query }] : [];
      return reduced(applyLogView(state, overlay, search, ctx, { prompt: undefined }), ...whole);
    }
    const edited = editLine(prompt, press, action);
    return reduced(edited === prompt ? state : replaceOverlay(state, { ...overlay, prompt: edited }));
  }
  const body = logsBody(state, ctx);
  const atBottom = overlay.view.top >= maxTop(overlay.length, body);
  switch (ctx.keymap.resolve('logs', press.name)) {
    case 'up':
      // At the top of what is loaded, ↑ reads the page before it.
      return apply({ type: 'scroll', by: -1 }, ...(overlay.view.top === 0 && history?.older === true ? [page('older')] : []));
    case 'down':
      return apply({ type: 'scroll', by: 1 }, ...(atBottom && history?.newer === true ? [page('newer')] : []));
    case 'page-up':
      return apply({ type: 'page', direction: -1 }, ...(overlay.view.top - body <= 0 && history?.older === true ? [page('older')] : []));
    case 'page-down':
      return apply({ type: 'page', direction: 1 }, ...(overlay.view.top + body >= maxTop(overlay.length, body) && history?.newer === true ? [page('newer')] : []));
    case 'top':
      return apply({ type: 'top' }, ...(history?.older === true ? [page('first')] : []));
    case 'bottom':
      return history?.newer === true ? reduced(state, page('last')) : apply({ type: 'bottom' });
    case 'follow':
      return history?.newer === true ? reduced(state, page('last')) : apply({ type: 'toggle-follow' });
    case 'timestamps':
      return apply({ type: 'toggle-timestamps' });
    case 'wrap':
      return apply({ type: 'toggle-wrap' });
    case 'scroll-left':
      return apply({ type: 'scroll-columns', by: -COLUMN_STEP });
    case 'scroll-right':
      return apply({ type: 'scroll-columns', by: COLUMN_STEP });
    case 'search':
      return reduced(replaceOverlay(state, { ...overlay, prompt: '' }));
    case 'next-match':
    case 'prev-match':
      return stepMatch(state, overlay, press, ctx);
    case 'save-logs':
      return notify(state, history !== undefined ? 'saving the whole history…' : `saving ${plural(overlay.length, 'line')}…`, 'info', { type: 'logs-save', overlay: overlay.id, name: overlay.name, timestamps: overlay.view.showTimestamps });
    case 'close':
      // Esc stops a whole-history search first, then clears the search, then closes.
      if (history?.search !== undefined && !history.search.done) return reduced(state, { type: 'logs-search-cancel', overlay: overlay.id });
      if (overlay.view.search) return apply({ type: 'clear-search' }, ...(history?.search !== undefined ? [{ type: 'logs-history-search', overlay: overlay.id } as const] : []));
      return close(state, overlay.id);
    default:
      return undefined;
  }
}

/** `n`/`N`: the next match in the window; past its last (first), the whole history's next, read in. */
function stepMatch(state: AppState, overlay: LogsOverlay, press: KeyPress, ctx: UiContext): Reduced {
  const direction = ctx.keymap.resolve('logs', press.name) === 'next-match' ? 1 : -1;
  const search = overlay.view.search;
  const found = overlay.history?.search?.found ?? 0;
  if (search !== undefined && found > 0 && overlay.history?.offset !== undefined) {
    const from = search.current ?? overlay.view.top;
    const next = nextMatch(search.matches, from, direction);
    const wraps = next === undefined || (direction === 1 ? next <= from : next >= from);
    if (wraps) return reduced(state, { type: 'logs-reveal', overlay: overlay.id, from, direction });
  }
  return reduced(applyLogView(state, overlay, { type: direction === 1 ? 'next-match' : 'prev-match' }, ctx));
}

function dialogKeyPress(state: AppState, overlay: DialogOverlay, press: KeyPress, ctx: UiContext): Reduced {
  const dialog = dialogOf(overlay.dialog.type);
  if (!dialog) return close(state, overlay.id);
  const action = ctx.keymap.resolveIn(contextsFor(state), press.name);
  return applyOutcome(state, ctx, overlay, dialog.key(overlay.dialog, { press, action }, dialogContext(state, ctx, overlay.id)));
}

/** The overlay's answer to a key, or undefined when it lets the key through (to quit and help). */
export function overlayKey(state: AppState, overlay: Overlay, press: KeyPress, ctx: UiContext): Reduced | undefined {
  switch (overlay.kind) {
    case 'dialog':
      // Modal: every key is the dialog's.
      return dialogKeyPress(state, overlay, press, ctx);
    case 'help':
      return scrollKey(state, overlay, press, ctx, 'help', helpLineCount(state, ctx));
    case 'inspect':
      return scrollKey(state, overlay, press, ctx, 'inspect', overlay.lines?.length ?? 1);
    case 'logs':
      return logsKey(state, overlay, press, ctx);
    case 'engines':
      return enginesKey(state, overlay, press, ctx);
    case 'history':
      // A title row, then a line per layer.
      return scrollKey(state, overlay, press, ctx, 'inspect', (overlay.entries?.length ?? 0) + 1);
    case 'stats':
      return ctx.keymap.resolve('stats', press.name) === 'close' ? close(state, overlay.id) : undefined;
  }
}

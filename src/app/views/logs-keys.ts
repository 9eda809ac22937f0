/**
 * The logs view's keys (logs.ts is the view): scrolling, which reads older and newer pages of a
 * container's whole history at the ends; search (the window at once, the rest of the history
 * through the engine) and filter mode; a time window; select mode (copy lines, a JSON line laid
 * out); the pager; saving. What the view shows is a LogViewState (state/logs/view-model.ts).
 */
import { nextMatch } from '../../state/logs/search.ts';
import { anchorAt, filterTop, nextContext, revealInFilter } from '../../state/logs/filter.ts';
import { nextPreset, parseTimeWindow } from '../../state/logs/time-window.ts';
import { maxTop, reduceLogView, type LogViewAction, type LogViewContext } from '../../state/logs/view-model.ts';
import { COPY_MAX_BYTES, fitCopy } from '../clipboard.ts';
import { notify, reduced, type Command, type Reduced } from '../commands.ts';
import type { UiContext } from '../context.ts';
import { sanitizeTabbed } from '../format/index.ts';
import { jsonTokens, prettyJson } from '../format/json-line.ts';
import { plural } from '../format/plural.ts';
import { editLine } from '../input/field.ts';
import type { KeyPress } from '../input/press.ts';
import { isPrintableKey } from '../keys/keymap.ts';
import { close } from '../keys/steps.ts';
import { bodyHeight } from '../layout.ts';
import { findOverlay, moveTarget, replaceOverlay } from '../navigation.ts';
import type { AppState, LogsOverlay } from '../types.ts';
import { compiledQuery, filterFor, overlayMatcher } from './logs-filter.ts';
import type { ViewApp } from './module.ts';

/** Rows of log lines under the logs view's header, above its hint line. */
function logsBody(state: AppState, ctx: UiContext): number {
  return Math.max(bodyHeight(state.terminal, ctx.engine, state.pulse) - 2, 1);
}

function logViewContext(state: AppState, overlay: LogsOverlay, ctx: UiContext): LogViewContext {
  const lines = ctx.logLines(overlay.id);
  return {
    length: overlay.length,
    height: logsBody(state, ctx),
    matcher: lines ? overlayMatcher(lines, overlay.query) : undefined,
  };
}

export function applyLogView(state: AppState, overlay: LogsOverlay, action: LogViewAction, ctx: UiContext, patch: Partial<LogsOverlay> = {}): AppState {
  const view = reduceLogView(overlay.view, action, logViewContext(state, overlay, ctx));
  return replaceOverlay(state, { ...overlay, ...patch, view });
}

/** Columns one ←/→ moves long lines by. */
const COLUMN_STEP = 10;

export function logsKey(state: AppState, overlay: LogsOverlay, press: KeyPress, ctx: UiContext, app: ViewApp): Reduced | undefined {
  const apply = (action: LogViewAction, ...commands: Command[]) => reduced(applyLogView(state, overlay, action, ctx), ...commands);
  const prompt = overlay.prompt;
  const history = overlay.history;
  const page = (to: 'older' | 'newer' | 'first' | 'last'): Command => ({ type: 'logs-page', overlay: overlay.id, to });
  if (prompt !== undefined) {
    // A printable key is text here, whatever it does elsewhere.
    const action = isPrintableKey(press.name) || press.name === 'paste' ? undefined : ctx.keymap.resolveIn(['prompt', 'line'], press.name);
    // Leaving the prompt that F opened, with no search, leaves filter mode too.
    if (action === 'prompt-clear') return reduced(replaceOverlay(state, { ...overlay, prompt: undefined, promptFor: undefined, ...(overlay.view.search === undefined && overlay.promptFor === undefined ? { filter: onlyStreams(overlay) } : {}) }));
    if (action === 'prompt-keep' && overlay.promptFor === 'time') {
      const window = prompt.trim() === '' ? undefined : parseTimeWindow(prompt);
      // What cannot be read keeps the prompt and its text; the prompt line says why.
      if (typeof window === 'string') return reduced(state);
      return reduced(replaceOverlay(state, { ...overlay, prompt: undefined, promptFor: undefined, window: window?.label }), { type: 'logs-window', overlay: overlay.id, window });
    }
    if (action === 'prompt-keep') {
      const query = prompt.trim() === '' ? undefined : prompt;
      // An invalid regex keeps the prompt and what was typed; the prompt line says what is wrong.
      if (query !== undefined && !compiledQuery(query, overlay.query).ok) return reduced(state);
      return searchFor(state, overlay, ctx, query, { prompt: undefined });
    }
    const edited = editLine(prompt, press, action);
    return reduced(edited === prompt ? state : replaceOverlay(state, { ...overlay, prompt: edited }));
  }
  const body = logsBody(state, ctx);
  const atBottom = overlay.view.top >= maxTop(overlay.length, body);
  const action = ctx.keymap.resolve('logs', press.name);
  const selecting = selectKey(state, overlay, action, ctx, app);
  if (selecting !== undefined) return selecting;
  const filtered = filterKey(state, overlay, action, ctx);
  if (filtered !== undefined) return filtered;
  switch (action) {
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
      // With older lines to read, the first page replaces the window and shows its first line
      // (window-replaced): moving to the window's top first drew a frame of lines about to go,
      // and the page's answer waited for it (B14's `g`).
      return history?.older === true ? reduced(state, page('first')) : apply({ type: 'top' });
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
    case 'streams': {
      // Both → stdout only → stderr only → both. Alone it narrows the view to that stream; with
      // filter mode on, filter mode shows that stream's matches.
      const filter = overlay.filter;
      const streams = filter?.streams === undefined ? 'stdout' : filter.streams === 'stdout' ? 'stderr' : undefined;
      if (streams !== undefined) return reduced(replaceOverlay(state, { ...overlay, filter: filter ? { ...filter, streams } : { context: 0, anchor: overlay.view.top, streams, streamsOnly: true } }));
      return reduced(replaceOverlay(state, { ...overlay, filter: filter?.streamsOnly === true ? undefined : filter && { context: filter.context, anchor: filter.anchor } }));
    }
    case 'filter-lines':
      // Off: what the stream choice narrows stays narrowed.
      if (overlay.filter !== undefined && overlay.filter.streamsOnly !== true) return reduced(replaceOverlay(state, { ...overlay, filter: onlyStreams(overlay) }));
      if (overlay.filter?.streamsOnly === true) {
        const { streamsOnly: _, ...on } = overlay.filter;
        return reduced(replaceOverlay(state, { ...overlay, filter: on, ...(overlay.view.search === undefined ? { prompt: '' } : {}) }));
      }
      // With nothing to filter for yet, the prompt asks what (the filter is on once it is kept).
      return reduced(replaceOverlay(state, { ...overlay, filter: { context: 0, anchor: overlay.view.top }, ...(overlay.view.search === undefined ? { prompt: '' } : {}) }));
    case 'time-window': {
      // A set's logs (a project's, a service's) have no single run or history to window.
      if (history === undefined) return notify(state, 'time windows are for one container’s logs', 'error');
      const window = nextPreset(overlay.window);
      return reduced(replaceOverlay(state, { ...overlay, window: window?.label }), { type: 'logs-window', overlay: overlay.id, window });
    }
    case 'select-lines': {
      // Select mode works on consecutive lines: it leaves filter mode, and stops following.
      const current = overlay.view.search?.current;
      const onScreen = current !== undefined && current >= overlay.view.top && current < overlay.view.top + body;
      const cursor = Math.max(0, onScreen ? current : Math.min(overlay.view.top + body, overlay.length) - 1);
      if (overlay.length === 0) return reduced(state);
      return reduced(replaceOverlay(state, { ...overlay, filter: undefined, select: { anchor: cursor, cursor }, view: { ...overlay.view, follow: false } }));
    }
    case 'copy-lines':
    case 'pretty-json': {
      const line = overlay.view.search?.current;
      if (line === undefined) {
        // Select mode is off and nothing is matched: say which key comes first.
        const [key, what] = action === 'copy-lines' ? [ctx.keymap.shortLabel('copy-lines'), 'copies selected lines'] : [ctx.keymap.shortLabel('pretty-json'), 'shows one line as JSON'];
        return notify(state, `${key} ${what}: press ${ctx.keymap.shortLabel('select-lines')} first (select mode puts a cursor on a line), or ${ctx.keymap.shortLabel('search')} to search for one`, 'error');
      }
      return action === 'copy-lines' ? copyLines(state, overlay, ctx, line, line) : prettyLine(state, overlay, ctx, app, line);
    }
    case 'pager':
      return reduced(state, { type: 'logs-pager', overlay: overlay.id });
    case 'pager-all':
      if (history === undefined) return notify(state, 'the whole history is for one container’s logs: o opens the loaded lines', 'error');
      return reduced(state, { type: 'logs-pager', overlay: overlay.id, whole: true });
    case 'time-typed':
      if (history === undefined) return notify(state, 'time windows are for one container’s logs', 'error');
      return reduced(replaceOverlay(state, { ...overlay, prompt: '', promptFor: 'time' }));
    case 'context-lines': {
      const filter = overlay.filter ?? { context: 0, anchor: overlay.view.top };
      return reduced(replaceOverlay(state, { ...overlay, filter: { ...filter, context: nextContext(filter.context) } }));
    }
    case 'toggle-regex':
    case 'toggle-case': {
      const options = overlay.query ?? {};
      const query = action === 'toggle-regex' ? { ...options, regex: options.regex !== true } : { ...options, caseSensitive: options.caseSensitive !== true };
      const changed = { ...overlay, query };
      const typed = overlay.view.search?.query;
      // The search in force is asked again with the new rules (an invalid regex: none, the header says why).
      return typed === undefined ? reduced(replaceOverlay(state, changed)) : searchFor(state, changed, ctx, typed, {});
    }
    case 'save-logs':
      return notify(state, history !== undefined ? 'saving the whole history…' : `saving ${plural(overlay.length, 'line')}…`, 'info', { type: 'logs-save', overlay: overlay.id, name: overlay.name, timestamps: overlay.view.showTimestamps });
    case 'close':
      // Esc stops a whole-history search first, then clears the search, then closes.
      if (history?.search !== undefined && !history.search.done) return reduced(state, { type: 'logs-search-cancel', overlay: overlay.id });
      if (overlay.view.search) return reduced(applyLogView(state, overlay, { type: 'clear-search' }, ctx, { filter: onlyStreams(overlay) }), ...(history?.search !== undefined ? [{ type: 'logs-history-search', overlay: overlay.id } as const] : []));
      return close(state, overlay.id);
    default:
      return undefined;
  }
}

/** Select mode's keys: the cursor moves (the screen follows it), y copies the range, J pretty-prints the cursor's line. */
function selectKey(state: AppState, overlay: LogsOverlay, action: ReturnType<UiContext['keymap']['resolve']>, ctx: UiContext, app: ViewApp): Reduced | undefined {
  const select = overlay.select;
  if (select === undefined) return undefined;
  const body = logsBody(state, ctx);
  const last = Math.max(0, overlay.length - 1);
  const moveTo = (to: number) => {
    const cursor = Math.min(Math.max(0, to), last);
    const top = cursor < overlay.view.top ? cursor : cursor >= overlay.view.top + body ? cursor - body + 1 : overlay.view.top;
    return reduced(replaceOverlay(state, { ...overlay, select: { ...select, cursor }, view: { ...overlay.view, follow: false, top: Math.min(Math.max(0, top), maxTop(overlay.length, body)) } }));
  };
  const moved = moveTarget(action, select.cursor, body, last);
  if (moved !== undefined) return moveTo(moved);
  switch (action) {
    case 'copy-lines':
      return copyLines(replaceOverlay(state, { ...overlay, select: undefined }), overlay, ctx, Math.min(select.anchor, select.cursor), Math.max(select.anchor, select.cursor));
    case 'pretty-json':
      return prettyLine(state, overlay, ctx, app, select.cursor);
    case 'select-lines':
    case 'close':
      return reduced(replaceOverlay(state, { ...overlay, select: undefined }));
    default:
      return undefined;
  }
}

/** Lines `from`–`to` to the clipboard (OSC 52), as many as one copy may carry; says how many went. */
function copyLines(state: AppState, overlay: LogsOverlay, ctx: UiContext, from: number, to: number): Reduced {
  const lines = ctx.logLines(overlay.id);
  const texts: string[] = [];
  for (let i = from; i <= to; i++) {
    const line = lines?.at(i);
    if (line !== undefined) texts.push(sanitizeTabbed(line.text));
  }
  const { text, lines: copied } = fitCopy(texts);
  if (copied === 0 && texts.length > 0) return notify(state, `that line is longer than one copy may carry (${COPY_MAX_BYTES / 1024} KB): nothing copied`, 'error');
  const said = copied < texts.length ? `copied the first ${copied} of ${plural(texts.length, 'line')} (one copy carries at most ${COPY_MAX_BYTES / 1024} KB)` : `copied ${plural(copied, 'line')}`;
  return notify(state, said, copied < texts.length ? 'error' : 'info', { type: 'clipboard-copy', text });
}

/** A JSON line laid out in the inspect view (closing it comes back here); not JSON: says so. */
function prettyLine(state: AppState, overlay: LogsOverlay, ctx: UiContext, app: ViewApp, index: number): Reduced {
  const text = ctx.logLines(overlay.id)?.at(index)?.text;
  const tokens = text === undefined ? undefined : jsonTokens(text);
  if (tokens === undefined) return notify(state, 'that line is not JSON', 'error');
  // The inspect view sanitises each line as it draws it.
  return app.showLines(state, { objectId: overlay.containerId, title: `${overlay.name}: a log line`, lines: prettyJson(tokens) });
}

/** Searches the window for `query` (undefined: clears it), and the rest of the history through the engine. */
function searchFor(state: AppState, overlay: LogsOverlay, ctx: UiContext, query: string | undefined, patch: Partial<LogsOverlay>): Reduced {
  const history = overlay.history;
  const search: LogViewAction = query === undefined ? { type: 'clear-search' } : { type: 'search', query };
  // The window is searched at once; the rest of the history, streamed from the engine.
  const whole: Command[] = history !== undefined && (history.older || history.newer) ? [{ type: 'logs-history-search', overlay: overlay.id, query, options: overlay.query }] : [];
  const next = applyLogView(state, overlay, search, ctx, { ...patch, ...(query === undefined ? { filter: onlyStreams(overlay) } : {}) });
  return reduced(revealCurrent(next, overlay.id, ctx), ...whole);
}

/** In filter mode, scrolls so the selected match is on screen (the reducer moved only the unfiltered view). */
export function revealCurrent(state: AppState, id: number, ctx: UiContext): AppState {
  // `id` is the logs overlay just applied (applyLogView): found as it is now.
  const overlay = findOverlay(state, id) as LogsOverlay | undefined;
  if (overlay?.filter === undefined) return state;
  const current = overlay.view.search?.current;
  const result = filterFor(overlay, ctx.logLines(overlay.id));
  if (current === undefined || result === undefined) return state;
  const anchor = revealInFilter(result.rows, overlay.filter.anchor, logsBody(state, ctx), current);
  return anchor === overlay.filter.anchor && !overlay.view.follow ? state : replaceOverlay(state, { ...overlay, view: { ...overlay.view, follow: false }, filter: { ...overlay.filter, anchor } });
}

/**
 * Filter mode's moves: by row of the filtered list (matches, their context, the gaps). At its top
 * (bottom) the same keys read older (newer) pages of the history, as unfiltered.
 */
function filterKey(state: AppState, overlay: LogsOverlay, action: ReturnType<UiContext['keymap']['resolve']>, ctx: UiContext): Reduced | undefined {
  const filter = overlay.filter;
  const result = filterFor(overlay, ctx.logLines(overlay.id));
  if (filter === undefined || result === undefined) return undefined;
  const history = overlay.history;
  const page = (to: 'older' | 'newer' | 'first' | 'last'): Command => ({ type: 'logs-page', overlay: overlay.id, to });
  const body = logsBody(state, ctx);
  const rows = result.rows;
  const top = filterTop(rows, filter.anchor, body, overlay.view.follow);
  const last = Math.max(0, rows.length - body);
  const moveTo = (to: number, ...commands: Command[]) =>
    reduced(replaceOverlay(state, { ...overlay, view: { ...overlay.view, follow: false }, filter: { ...filter, anchor: anchorAt(rows, Math.min(Math.max(0, to), last)) } }), ...commands);
  switch (action) {
    case 'up':
      return moveTo(top - 1, ...(top === 0 && history?.older === true ? [page('older')] : []));
    case 'down':
      return moveTo(top + 1, ...(top >= last && history?.newer === true ? [page('newer')] : []));
    case 'page-up':
      return moveTo(top - body, ...(top - body <= 0 && history?.older === true ? [page('older')] : []));
    case 'page-down':
      return moveTo(top + body, ...(top + body >= last && history?.newer === true ? [page('newer')] : []));
    case 'top':
      // As unfiltered: the first page, when there is one to read, shows its own first line.
      return history?.older === true ? reduced(state, page('first')) : moveTo(0);
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
  return reduced(revealCurrent(applyLogView(state, overlay, { type: direction === 1 ? 'next-match' : 'prev-match' }, ctx), overlay.id, ctx));
}

/** Filter mode off, keeping the one stream shown (`s`) if one is. */
function onlyStreams(overlay: LogsOverlay): LogsOverlay['filter'] {
  const filter = overlay.filter;
  return filter?.streams === undefined ? undefined : { ...filter, streamsOnly: true };
}

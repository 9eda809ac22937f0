/**
 * What keys do in the views over the panes (help, inspect, logs, stats, the engine switcher) and
 * in dialogs, each through the keymap's contexts for it (contexts.ts). A dialog's keys are its
 * module's (app/dialogs), a pure function of its own state.
 *
 * Adding an overlay kind: its state in app/types.ts (Overlay), a case here, and a component in
 * ui/views/overlay-views.tsx.
 */
import { notify, reduced, type Reduced } from '../commands.ts';
import { replaceOverlay } from '../navigation.ts';
import type { AppState, DialogOverlay, HelpOverlay, HistoryOverlay, IncidentOverlay, InspectOverlay, LogsOverlay, Overlay } from '../types.ts';
import { handlerOn } from '../actions/target-actions.ts';
import { targetActions } from '../actions/index.ts';
import { incidentCard, incidentTarget, incidentWhat } from '../rows/incident-rows.ts';
import { dialogOf } from '../dialogs/index.ts';
import { applyOutcome, dialogContext } from '../dialogs/open.ts';
import type { KeyPress } from '../input/press.ts';
import { editLine } from '../input/field.ts';
import { findMatches } from '../../state/logs/search.ts';
import { reduceLogView, type LogViewAction, type LogViewContext } from '../../state/logs/view-model.ts';
import { bodyHeight } from '../layout.ts';
import { contextsFor, helpContexts } from './contexts.ts';
import { isPrintableKey, type KeyContext } from './keymap.ts';
import { enginesKey } from './engines.ts';
import { close } from './steps.ts';
import type { UiContext } from '../context.ts';
import { plural } from '../format/plural.ts';

/** Rows of text a scroll view shows under its title line. */
export function scrollBody(state: AppState, ctx: UiContext): number {
  return Math.max(bodyHeight(state.terminal, ctx.engine, state.pulse) - 1, 1);
}

/** Rows of log lines under the logs view's header, above its hint line. */
export function logsBody(state: AppState, ctx: UiContext): number {
  return Math.max(bodyHeight(state.terminal, ctx.engine, state.pulse) - 2, 1);
}

/** The help text: every key for the screen under it, from the keymap in force. */
export function helpLineCount(state: AppState, ctx: UiContext): number {
  return ctx.keymap.bindingsFor(helpContexts(state)).length;
}

function scrollKey<O extends HelpOverlay | InspectOverlay | HistoryOverlay | IncidentOverlay>(state: AppState, overlay: O, press: KeyPress, ctx: UiContext, context: KeyContext, lines: number): Reduced | undefined {
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

function logsKey(state: AppState, overlay: LogsOverlay, press: KeyPress, ctx: UiContext): Reduced | undefined {
  const apply = (action: LogViewAction) => reduced(applyLogView(state, overlay, action, ctx));
  const prompt = overlay.prompt;
  if (prompt !== undefined) {
    // A printable key is text here, whatever it does elsewhere.
    const action = isPrintableKey(press.name) || press.name === 'paste' ? undefined : ctx.keymap.resolveIn(['prompt', 'line'], press.name);
    if (action === 'prompt-clear') return reduced(replaceOverlay(state, { ...overlay, prompt: undefined }));
    if (action === 'prompt-keep') {
      const search: LogViewAction = prompt.trim() === '' ? { type: 'clear-search' } : { type: 'search', query: prompt };
      return reduced(applyLogView(state, overlay, search, ctx, { prompt: undefined }));
    }
    const edited = editLine(prompt, press, action);
    return reduced(edited === prompt ? state : replaceOverlay(state, { ...overlay, prompt: edited }));
  }
  switch (ctx.keymap.resolve('logs', press.name)) {
    case 'up':
      return apply({ type: 'scroll', by: -1 });
    case 'down':
      return apply({ type: 'scroll', by: 1 });
    case 'page-up':
      return apply({ type: 'page', direction: -1 });
    case 'page-down':
      return apply({ type: 'page', direction: 1 });
    case 'top':
      return apply({ type: 'top' });
    case 'bottom':
      return apply({ type: 'bottom' });
    case 'follow':
      return apply({ type: 'toggle-follow' });
    case 'timestamps':
      return apply({ type: 'toggle-timestamps' });
    case 'search':
      return reduced(replaceOverlay(state, { ...overlay, prompt: '' }));
    case 'next-match':
      return apply({ type: 'next-match' });
    case 'prev-match':
      return apply({ type: 'prev-match' });
    case 'save-logs':
      return notify(state, `saving ${plural(overlay.length, 'line')}…`, 'info', { type: 'logs-save', overlay: overlay.id, name: overlay.name, timestamps: overlay.view.showTimestamps });
    case 'close':
      return overlay.view.search ? apply({ type: 'clear-search' }) : close(state, overlay.id);
    default:
      return undefined;
  }
}

/**
 * The post-mortem card: it scrolls; acknowledge; and logs, inspect and restart act on its
 * container as they do on a Containers row (the view or dialog opens over the card).
 */
function incidentKey(state: AppState, overlay: IncidentOverlay, press: KeyPress, ctx: UiContext): Reduced | undefined {
  const incident = ctx.incidents.incidents.find((i) => i.seq === overlay.seq);
  const action = ctx.keymap.resolve('incident', press.name);
  if (incident && action === 'acknowledge') return incident.acknowledged ? reduced(state) : notify(state, `acknowledged: ${incidentWhat(incident)}`, 'info', { type: 'incident-acknowledge', seq: incident.seq });
  const handler = incident && action ? handlerOn(targetActions, action, incidentTarget(incident, ctx)) : undefined;
  if (handler) return handler(state, ctx);
  return scrollKey(state, overlay, press, ctx, 'incident', incident ? incidentCard(incident).length + 1 : 1);
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
    case 'incident':
      return incidentKey(state, overlay, press, ctx);
  }
}

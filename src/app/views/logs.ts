/**
 * The logs view: a container's logs, a Compose project's (every container's, merged in time
 * order, each line marked with its service), the marked containers' (merged the same way), a
 * swarm task's container's, and a service's (every task's lines, each named task@node). Its
 * lines live in a log session outside the store (handlers/views.ts), which reports what arrived
 * (`changed`); its keys are logs-keys.ts; it is drawn by ui/views/logs-view.tsx.
 */
import { initialLogViewState, type LogViewAction } from '../../state/logs/view-model.ts';
import type { TargetActions } from '../actions/target-actions.ts';
import { notify, reduced, type LogsReply, type Reduced } from '../commands.ts';
import type { UiContext } from '../context.ts';
import { openView } from '../keys/steps.ts';
import { findOverlay } from '../navigation.ts';
import { projectRowId } from '../rows/compose-groups.ts';
import type { AppState, LogsOverlay } from '../types.ts';
import { applyLogView, logsKey, revealCurrent } from './logs-keys.ts';
import { defineView } from './module.ts';

const logsActions: TargetActions = {
  logs: {
    container: (state, _ctx, c) =>
      openView(
        state,
        (id): LogsOverlay => ({ kind: 'logs', id, containerId: c.id, name: c.shown, view: initialLogViewState(), length: 0 }),
        (o) => ({ type: 'logs-open', overlay: o.id, containerId: c.id }),
      ),
    project: (state, _ctx, p) =>
      openView(
        state,
        (id): LogsOverlay => ({ kind: 'logs', id, containerId: projectRowId(p.project), name: `project ${p.project}`, view: initialLogViewState(), length: 0 }),
        (o) => ({ type: 'logs-open-project', overlay: o.id, members: p.members.map((m) => ({ id: m.id, source: m.service || m.name })) }),
      ),
    // The marked containers' logs, merged as a project's are, each line named by its container.
    marked: (state, _ctx, m) => {
      const members = m.items.flatMap(({ target }) => (target.kind === 'container' ? [{ id: target.id, source: target.name || target.shown }] : []));
      if (members.length === 0) return notify(state, 'no marked container to show the logs of', 'error');
      return openView(
        state,
        (id): LogsOverlay => ({ kind: 'logs', id, containerId: `marked:${members.map((c) => c.id.slice(0, 12)).join(',')}`, name: `${members.length} marked container${members.length === 1 ? '' : 's'}`, view: initialLogViewState(), length: 0 }),
        (o) => ({ type: 'logs-open-project', overlay: o.id, members }),
      );
    },
  },
  // Enter on a task row: its container's logs.
  'open-tasks': {
    task: (state, _ctx, t) => {
      if (!t.containerId) return notify(state, `${t.name} has no container yet`, 'error');
      const containerId = t.containerId;
      return openView(
        state,
        (id): LogsOverlay => ({ kind: 'logs', id, containerId, name: t.name, view: initialLogViewState(), length: 0 }),
        (o) => ({ type: 'logs-open', overlay: o.id, containerId }),
      );
    },
  },
  'service-logs': {
    service: (state, _ctx, s) =>
      openView(
        state,
        (id): LogsOverlay => ({ kind: 'logs', id, containerId: `service:${s.serviceId}`, name: `service ${s.name}`, view: initialLogViewState(), length: 0 }),
        (o) => ({ type: 'logs-open-service', overlay: o.id, serviceId: s.serviceId, name: s.name }),
      ),
    task: (state, _ctx, t) => notify(state, `${t.name} is a task: this acts on its service (select the service row)`, 'error'),
  },
};

/** Lines arrived, went or were replaced in the session: the view keeps its place (filter mode's anchor, a selection) with them. */
function changed(state: AppState, overlay: LogsOverlay, result: LogsReply, ctx: UiContext): Reduced {
  // Filter mode keeps its place by the buffer index on top: it moves with the lines.
  const filter = overlay.filter === undefined ? undefined : { ...overlay.filter, anchor: result.replaced !== undefined ? (result.replaced.focus ?? 0) : Math.max(0, overlay.filter.anchor - result.dropped + (result.prepended ?? 0)) };
  // So does a selection; a jump to another part of the log ends it.
  const moved = (i: number) => Math.max(0, i - result.dropped + (result.prepended ?? 0));
  const select = overlay.select === undefined || result.replaced !== undefined ? undefined : { anchor: moved(overlay.select.anchor), cursor: moved(overlay.select.cursor) };
  const patch = { length: result.length, history: result.history ?? overlay.history, detached: result.detached ?? overlay.detached, ...(filter === undefined ? {} : { filter }), select };
  const grown = { ...overlay, ...patch };
  if (result.replaced !== undefined) return reduced(revealCurrent(applyLogView(state, grown, { type: 'window-replaced', focus: result.replaced.focus }, ctx, patch), overlay.id, ctx));
  let next = state;
  let current: LogsOverlay = grown;
  const step = (view: LogViewAction) => {
    next = applyLogView(next, current, view, ctx, patch);
    current = findOverlay(next, overlay.id) as LogsOverlay;
  };
  if (result.prepended) step({ type: 'lines-prepended', added: result.prepended, droppedBack: result.droppedBack ?? 0 });
  step({ type: 'lines-appended', added: result.added, dropped: result.dropped });
  if (result.reveal !== undefined) step({ type: 'reveal', line: result.reveal });
  return reduced(result.reveal !== undefined ? revealCurrent(next, overlay.id, ctx) : next);
}

export const logs = defineView<LogsOverlay, LogsReply>({
  id: 'logs',
  actions: logsActions,
  contexts: (overlay) => (overlay.prompt !== undefined ? ['prompt', 'line'] : ['logs', 'global']),
  key: logsKey,
  result: (state, overlay, result, ctx) => changed(state, overlay, result, ctx),
  resized: (state, overlay, ctx) => applyLogView(state, overlay, { type: 'resize' }, ctx),
  footer: ['close', 'follow', 'search', 'filter-lines', 'next-match', 'prev-match', 'context-lines', 'toggle-regex', 'time-window', 'time-typed', 'select-lines', 'copy-lines', 'pretty-json', 'pager', 'timestamps', 'save-logs', 'wrap', 'toggle-case', 'bottom'],
  draws: 'log-lines',
});

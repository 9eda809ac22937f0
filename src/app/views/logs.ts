/**
 * The logs view's openers: a container's logs, a Compose project's (every container's, merged in
 * time order, each line marked with its service), the marked containers' (merged the same way), a swarm task's container's, and a service's
 * (every task's lines, each named task@node). The view itself is keys/overlays.ts and
 * ui/views/logs-view.tsx.
 */
import { initialLogViewState } from '../../state/logs/view-model.ts';
import type { TargetActions } from '../actions/target-actions.ts';
import { notify } from '../commands.ts';
import { openView } from '../keys/steps.ts';
import { projectRowId } from '../rows/compose-groups.ts';

export const logsActions: TargetActions = {
  logs: {
    container: (state, _ctx, c) =>
      openView(
        state,
        (id) => ({ kind: 'logs', id, containerId: c.id, name: c.shown, view: initialLogViewState(), length: 0 }),
        (o) => ({ type: 'logs-open', overlay: o.id, containerId: c.id }),
      ),
    project: (state, _ctx, p) =>
      openView(
        state,
        (id) => ({ kind: 'logs', id, containerId: projectRowId(p.project), name: `project ${p.project}`, view: initialLogViewState(), length: 0 }),
        (o) => ({ type: 'logs-open-project', overlay: o.id, members: p.members.map((m) => ({ id: m.id, source: m.service || m.name })) }),
      ),
    // The marked containers' logs, merged as a project's are, each line named by its container.
    marked: (state, _ctx, m) => {
      const members = m.items.flatMap(({ target }) => (target.kind === 'container' ? [{ id: target.id, source: target.name || target.shown }] : []));
      if (members.length === 0) return notify(state, 'no marked container to show the logs of', 'error');
      return openView(
        state,
        (id) => ({ kind: 'logs', id, containerId: `marked:${members.map((c) => c.id.slice(0, 12)).join(',')}`, name: `${members.length} marked container${members.length === 1 ? '' : 's'}`, view: initialLogViewState(), length: 0 }),
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
        (id) => ({ kind: 'logs', id, containerId, name: t.name, view: initialLogViewState(), length: 0 }),
        (o) => ({ type: 'logs-open', overlay: o.id, containerId }),
      );
    },
  },
  'service-logs': {
    service: (state, _ctx, s) =>
      openView(
        state,
        (id) => ({ kind: 'logs', id, containerId: `service:${s.serviceId}`, name: `service ${s.name}`, view: initialLogViewState(), length: 0 }),
        (o) => ({ type: 'logs-open-service', overlay: o.id, serviceId: s.serviceId, name: s.name }),
      ),
    task: (state, _ctx, t) => notify(state, `${t.name} is a task: this acts on its service (select the service row)`, 'error'),
  },
};

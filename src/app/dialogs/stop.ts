/**
 * Stop (`s`) and restart (`R`) a container or a Compose project's containers: a confirmation
 * naming them, with the grace period editable (empty leaves it to the container's StopTimeout or
 * the engine's 10 s). Enter sends once; a second Enter while the request is out sends nothing.
 * A swarm task is warned about first: the swarm will start a replacement.
 */
import { graceNote } from '../../state/actions/stop-container.ts';
import { isLive } from '../../state/containers.ts';
import { checkGracePeriod } from '../../state/validation.ts';
import type { TargetActions } from '../actions/target-actions.ts';
import { notify, type Command, type Members, type RequestReply } from '../commands.ts';
import { sanitizeLine, shortId } from '../format/index.ts';
import { field } from '../input/field.ts';
import { editIn, type Fields } from './form.ts';
import { defineDialog, formContexts, type Outcome } from './machine.ts';
import { openDialog } from './open.ts';
import type { DialogBlock } from './view.ts';

export interface StopRequest {
  type: 'stop';
  containerId: string;
  /** The container's own name (not the list's "name (service)"), for messages. */
  name: string;
  /** `com.docker.swarm.service.name`, when it is a swarm task. */
  service?: string;
  /** Restart rather than stop: the same confirmation and grace period, then it runs again. */
  restart?: boolean;
  /** A Compose project's containers, all of them (`name` is then the project's). */
  members?: Members;
}

export interface StopDialog extends StopRequest {
  fields: Fields<'grace'>;
  showErrors: boolean;
  /** The engine's refusal, until the next attempt. */
  error?: string;
  busy: boolean;
}

function label(state: StopRequest): string {
  const count = state.members?.length;
  const name = sanitizeLine(state.name);
  return count === undefined ? `${name || shortId(state.containerId)} (${shortId(state.containerId)})` : `project ${name} (${count} container${count === 1 ? '' : 's'})`;
}

const actions: TargetActions = {
  stop: {
    container: (state, ctx, c) => openDialog(state, ctx, stop, { type: 'stop', containerId: c.id, name: c.name, service: c.service }),
    // The live ones, as `docker compose stop`.
    project: (state, ctx, p) => {
      const members = p.members.filter((m) => isLive({ State: m.state })).map(({ id, name }) => ({ id, name }));
      if (members.length === 0) return notify(state, `no container of ${p.project} is running`, 'error');
      return openDialog(state, ctx, stop, { type: 'stop', containerId: members[0]?.id ?? '', name: p.project, members });
    },
  },
  restart: {
    container: (state, ctx, c) => openDialog(state, ctx, stop, { type: 'stop', containerId: c.id, name: c.name, service: c.service, restart: true }),
    // All of them, as `docker compose restart`.
    project: (state, ctx, p) => {
      const members = p.members.map(({ id, name }) => ({ id, name }));
      return openDialog(state, ctx, stop, { type: 'stop', containerId: members[0]?.id ?? '', name: p.project, restart: true, members });
    },
  },
};

export const stop = defineDialog<StopDialog, StopRequest, RequestReply>({
  id: 'stop',
  changesEngine: true,
  actions,
  open: (request) => ({ state: { ...request, fields: { grace: field() }, showErrors: false, busy: false } }),
  contexts: (state) => formContexts(state.busy ? 'none' : 'field', 1),
  key(state, key, ctx): Outcome<StopDialog> {
    if (key.action === 'cancel') return { state, close: true };
    if (key.action === 'submit') {
      if (state.busy) return { state };
      const grace = checkGracePeriod(state.fields.grace.value);
      if (!grace.ok) return { state: { ...state, showErrors: true } };
      const command: Command = {
        type: 'container-stop',
        overlay: ctx.overlay,
        containerId: state.containerId,
        name: state.name,
        service: state.service,
        timeout: grace.value,
        restart: state.restart === true,
        ...(state.members ? { members: state.members } : {}),
      };
      return { state: { ...state, busy: true, error: undefined }, commands: [command] };
    }
    if (state.busy) return { state };
    const fields = editIn(state.fields, 'grace', key);
    return { state: fields && fields !== state.fields ? { ...state, fields } : state };
  },
  result(state, result): Outcome<StopDialog> {
    if (result.kind === 'done') return { state: { ...state, busy: false }, close: true, notify: { text: result.message } };
    return { state: { ...state, busy: false, error: result.message } };
  },
  view(state) {
    const restart = state.restart === true;
    const verb = restart ? 'restarting' : 'stopping';
    const grace = checkGracePeriod(state.fields.grace.value);
    const service = state.service ? sanitizeLine(state.service) : undefined;
    const blocks: DialogBlock[] = [];
    if (service) {
      blocks.push(
        {
          kind: 'text',
          tone: 'warning',
          text: restart
            ? `⚠ This container is a task of swarm service ${service}. Restarting it outside the swarm: if it stops for long, the swarm starts a replacement.`
            : `⚠ This container is a task of swarm service ${service}. The swarm will start a replacement container once it stops.`,
        },
        { kind: 'text', tone: 'muted', text: `To stop the service itself, scale it to 0 (docker service scale ${service}=0).` },
      );
    }
    blocks.push({
      kind: 'field',
      label: 'grace (s)',
      field: state.fields.grace,
      focused: !state.busy,
      placeholder: 'empty: the default (10 s unless the container sets one)',
      message: state.showErrors && !grace.ok ? grace.message : undefined,
    });
    if (state.busy) {
      blocks.push({ kind: 'busy', text: `${verb} ${label(state)}…` });
      // A container that ignores the signal holds the stop for the whole grace period: say what it waits for.
      if (grace.ok) blocks.push({ kind: 'text', tone: 'muted', wrap: 'wrap', text: `${state.members ? 'each container gets' : 'sent'} ${graceNote(grace.value)}${restart ? ', then started again' : ''}` });
    }
    return {
      title: `${restart ? 'Restart' : 'Stop'} ${label(state)}?`,
      width: 'form',
      blocks,
      error: state.error,
      hints: state.busy ? [{ text: `${verb}…` }, { action: 'cancel', text: `closes (the ${restart ? 'restart' : 'stop'} still completes)` }] : [{ action: 'submit', text: restart ? 'restart' : 'stop' }, { action: 'cancel', text: 'cancel' }],
    };
  },
});

/**
 * A yes/no before a swarm action that changes the cluster (drain or activate a node, restart or
 * roll back a service's tasks, remove a service): what will happen, Enter (or y) does it once,
 * Esc (or n) leaves everything as it was, and the engine's refusal stays in the dialog in its words.
 */
import type { TargetActions } from '../actions/target-actions.ts';
import { notify, type RequestReply, type SwarmAction } from '../commands.ts';
import type { UiContext } from '../context.ts';
import { sanitizeLine } from '../format/index.ts';
import type { AppState } from '../types.ts';
import { defineDialog, type Outcome } from './machine.ts';
import { openDialog } from './open.ts';

export interface ConfirmRequest {
  type: 'confirm';
  title: string;
  /** What follows, in a sentence. */
  detail: string;
  action: SwarmAction;
}

export interface ConfirmDialog extends ConfirmRequest {
  busy: boolean;
  error?: string;
}

function ask(state: AppState, ctx: UiContext, title: string, detail: string, action: SwarmAction) {
  return openDialog(state, ctx, confirm, { type: 'confirm', title, detail, action });
}

/** A task row under a service: these act on the service itself. */
const onTask = (state: AppState, ctx: UiContext, task: { name: string }) => notify(state, `${task.name} is a task: this acts on its service (select the service row)`, 'error');

const actions: TargetActions = {
  'force-update': {
    service: (state, ctx, s) => ask(state, ctx, `Restart ${s.name}'s tasks?`, 'Every task is replaced, one after another, as its update policy says (docker service update --force).', { kind: 'force-update', serviceId: s.serviceId, name: s.name }),
    task: onTask,
  },
  rollback: {
    service: (state, ctx, s) => ask(state, ctx, `Roll ${s.name} back?`, 'The service goes back to its previous spec (docker service rollback); its tasks are replaced.', { kind: 'rollback', serviceId: s.serviceId, name: s.name }),
    task: onTask,
  },
  remove: {
    service: (state, ctx, s) => ask(state, ctx, `Remove service ${s.name}?`, 'Its tasks stop and their containers go (docker service rm).', { kind: 'remove-service', serviceId: s.serviceId, name: s.name }),
    task: onTask,
  },
  drain: {
    node: (state, ctx, n) => ask(state, ctx, `Drain ${n.name}?`, 'Its tasks move to other nodes and it takes no new ones until activated.', { kind: 'drain', nodeId: n.nodeId, name: n.name }),
  },
  activate: {
    node: (state, ctx, n) => ask(state, ctx, `Activate ${n.name}?`, 'It takes tasks again.', { kind: 'activate', nodeId: n.nodeId, name: n.name }),
  },
};

export const confirm = defineDialog<ConfirmDialog, ConfirmRequest, RequestReply>({
  id: 'confirm',
  changesEngine: true,
  actions,
  open: (request) => ({ state: { ...request, busy: false } }),
  contexts: () => ['confirm', 'dialog'],
  key(state, key, ctx): Outcome<ConfirmDialog> {
    if (key.action === 'cancel' || key.action === 'no') return { state, close: true };
    if ((key.action === 'submit' || key.action === 'yes') && !state.busy) {
      return { state: { ...state, busy: true, error: undefined }, commands: [{ type: 'swarm-act', overlay: ctx.overlay, action: state.action }] };
    }
    return { state };
  },
  result(state, result): Outcome<ConfirmDialog> {
    if (result.kind === 'done') return { state: { ...state, busy: false }, close: true, notify: { text: result.message } };
    return { state: { ...state, busy: false, error: result.message } };
  },
  view: (state) => ({
    title: sanitizeLine(state.title),
    width: 'form',
    blocks: [{ kind: 'text', text: sanitizeLine(state.detail), wrap: 'wrap' }, ...(state.busy ? [{ kind: 'busy' as const, text: 'asking the swarm…' }] : [])],
    error: state.error,
    hints: state.busy ? [{ text: 'working…' }, { action: 'cancel', text: 'closes' }] : [{ action: 'submit', text: 'yes' }, { action: 'cancel', text: 'no' }],
  }),
});

/**
 * Remove (`d`) a container, an image's tag, a volume or a network: a confirmation naming what
 * goes, with the choices `docker rm`, `docker rmi` and `docker volume rm` offer (force, the
 * container's anonymous volumes, an image's untagged parents), and the engine's refusal in its
 * own words. A swarm task is warned about: the swarm replaces what is removed.
 */
import { removalTarget } from '../../state/actions/remove.ts';
import type { TargetActions } from '../actions/target-actions.ts';
import type { Command, RequestReply } from '../commands.ts';
import { sanitizeLine, shortId } from '../format/index.ts';
import { formKey, moveFocus } from './form.ts';
import { defineDialog, formContexts, type Outcome } from './machine.ts';
import { openDialog } from './open.ts';
import type { DialogBlock } from './view.ts';

/** What the remove dialog would remove: a container, or one row (one tag) of the Images pane. */
export type RemoveTarget =
  | { kind: 'container'; id: string; name: string; running: boolean; /** A swarm task's service: the swarm replaces what is removed. */ service?: string }
  | { kind: 'image'; id: string; tag: string }
  | ({ kind: 'volume' } & ResourceTarget)
  | ({ kind: 'network' } & ResourceTarget);

/** A volume (its id is its name) or a network; `users` containers use it, so the engine will refuse. */
interface ResourceTarget {
  id: string;
  name: string;
  users: number;
}

export interface RemoveRequest {
  type: 'remove';
  target: RemoveTarget;
  /** How the dialog names it: "container web (0123456789ab)", "image busybox:latest". */
  label: string;
}

export interface RemoveDialog extends RemoveRequest {
  force: boolean;
  volumes: boolean;
  /** An image's: keep its untagged parents (`docker rmi --no-prune`). */
  noPrune: boolean;
  focus: number;
  error?: string;
  busy: boolean;
}

export type RemoveRow = 'force' | 'volumes' | 'noPrune';

export function removeRows(target: RemoveTarget): readonly RemoveRow[] {
  switch (target.kind) {
    case 'container':
      return ['force', 'volumes'];
    case 'image':
      return ['force', 'noPrune'];
    case 'volume':
      return ['force'];
    case 'network':
      return [];
  }
}

function command(state: RemoveDialog, overlay: number): Command {
  const { target } = state;
  switch (target.kind) {
    case 'container':
      return { type: 'container-remove', overlay, containerId: target.id, name: target.name, force: state.force, volumes: state.volumes };
    case 'image':
      return { type: 'image-remove', overlay, imageId: target.id, tag: target.tag, force: state.force, noPrune: state.noPrune };
    case 'volume':
      return { type: 'volume-remove', overlay, name: target.id, force: state.force };
    case 'network':
      return { type: 'network-remove', overlay, id: target.id, name: target.name };
  }
}

const actions: TargetActions = {
  remove: {
    container: (state, ctx, c) => {
      const label = `container ${sanitizeLine(c.name) || shortId(c.id)} (${shortId(c.id)})`;
      return openDialog(state, ctx, remove, { type: 'remove', target: { kind: 'container', id: c.id, name: c.name, running: ['running', 'paused', 'restarting'].includes(c.state), ...(c.service && { service: c.service }) }, label });
    },
    image: (state, ctx, i) => {
      const what = removalTarget(i) === i.imageId ? shortId(i.imageId) : i.tag;
      return openDialog(state, ctx, remove, { type: 'remove', target: { kind: 'image', id: i.imageId, tag: i.tag }, label: `image ${what}` });
    },
    volume: (state, ctx, v) => openDialog(state, ctx, remove, { type: 'remove', target: { kind: 'volume', id: v.name, name: v.name, users: v.users }, label: `volume ${v.name}` }),
    network: (state, ctx, n) => openDialog(state, ctx, remove, { type: 'remove', target: { kind: 'network', id: n.id, name: n.name, users: n.users }, label: `network ${n.name}` }),
  },
};

export const remove = defineDialog<RemoveDialog, RemoveRequest, RequestReply>({
  id: 'remove',
  changesEngine: true,
  actions,
  open: (request) => ({ state: { ...request, force: false, volumes: false, noPrune: false, focus: 0, busy: false } }),
  contexts: (state) => formContexts(!state.busy && removeRows(state.target).length > 0 ? 'toggle' : 'none', removeRows(state.target).length),
  key(state, key, ctx): Outcome<RemoveDialog> {
    const rows = removeRows(state.target);
    const nav = formKey(key);
    if (nav?.kind === 'close') return { state, close: true };
    if (nav?.kind === 'move') return rows.length === 0 ? { state } : { state: { ...state, focus: moveFocus(state.focus, nav.delta, rows.length) } };
    if (nav?.kind === 'submit') {
      if (state.busy) return { state };
      return { state: { ...state, busy: true, error: undefined }, commands: [command(state, ctx.overlay)] };
    }
    if (key.action === 'toggle' && !state.busy && rows.length > 0) {
      const row = rows[state.focus] ?? 'force';
      return { state: { ...state, [row]: !state[row] } };
    }
    return { state };
  },
  result(state, result) {
    if (result.kind === 'done') return { state: { ...state, busy: false }, close: true, notify: { text: result.message } };
    return { state: { ...state, busy: false, error: result.message } };
  },
  view(state, ctx) {
    const { target, label, busy } = state;
    const rows = removeRows(target);
    const focused = (row: RemoveRow) => !busy && rows[state.focus] === row;
    const blocks: DialogBlock[] = [];
    if (target.kind === 'container' && target.service) {
      blocks.push({ kind: 'text', tone: 'warning', wrap: 'wrap', text: `⚠ This container is a task of swarm service ${sanitizeLine(target.service)}. The swarm will start a replacement; to stop the service, scale it to 0 (the Services pane, ${ctx.keymap.label('scale')}).` });
    }
    if (target.kind === 'container' && target.running && !state.force) blocks.push({ kind: 'text', tone: 'warning', wrap: 'wrap', text: 'It is running: the engine will refuse unless force is on.' });
    if (target.kind === 'image' && !target.tag.startsWith('<none>')) blocks.push({ kind: 'text', tone: 'muted', wrap: 'wrap', text: 'Removes this tag; the image itself goes with its last tag.' });
    if ((target.kind === 'volume' || target.kind === 'network') && target.users > 0) {
      blocks.push({ kind: 'text', tone: 'warning', wrap: 'wrap', text: `${target.users} container${target.users === 1 ? '' : 's'} use${target.users === 1 ? 's' : ''} it: the engine will refuse while ${target.users === 1 ? 'it exists' : 'they exist'}.` });
    }
    const forceText = target.kind === 'container' ? 'kill it first if it is running' : target.kind === 'volume' ? 'also when the engine thinks it is in use' : 'also when a stopped container uses it';
    if (rows.includes('force')) blocks.push({ kind: 'toggle', label: 'force', on: state.force, focused: focused('force'), description: forceText });
    if (rows.includes('volumes')) blocks.push({ kind: 'toggle', label: 'volumes', on: state.volumes, focused: focused('volumes'), description: 'also remove its anonymous volumes' });
    if (rows.includes('noPrune')) blocks.push({ kind: 'toggle', label: 'no prune', on: state.noPrune, focused: focused('noPrune'), description: 'keep its untagged parent images (docker rmi --no-prune)' });
    if (busy) blocks.push({ kind: 'busy', text: `removing ${label}…` });
    return {
      title: `Remove ${label}?`,
      width: 'form',
      blocks,
      error: state.error,
      focus: state.focus,
      hints: busy
        ? [{ text: 'removing…' }, { action: 'cancel', text: 'closes (the removal still completes)' }]
        : [{ action: 'submit', text: 'remove' }, ...(rows.length > 0 ? [{ action: 'toggle' as const, text: 'toggles' }, { action: ['next-field', 'prev-field'] as const, text: 'option' }] : []), { action: 'cancel', text: 'cancel' }],
    };
  },
});

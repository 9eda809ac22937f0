/**
 * Remove (`d`): a confirmation naming what goes, with the choices `docker rm` and `docker rmi`
 * offer. Force is off by default, so a running container or an image still in use is refused by
 * the engine in its own words rather than destroyed by a stray key; Space turns it on.
 */
import { formKey, moveFocus } from './form.ts';
import type { DialogMachine, Outcome, RequestResult } from './machine.ts';

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

export type RemoveCommand = { type: 'remove'; overlay: number; target: RemoveTarget; force: boolean; volumes: boolean; noPrune?: boolean };

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

export function openRemove(request: RemoveRequest): RemoveDialog {
  return { ...request, force: false, volumes: false, noPrune: false, focus: 0, busy: false };
}

export const removeMachine: DialogMachine<RemoveDialog, RequestResult> = {
  key(state, press, ctx): Outcome<RemoveDialog> {
    const rows = removeRows(state.target);
    const nav = formKey(press.name);
    if (nav?.kind === 'close') return { state, close: true };
    if (nav?.kind === 'move') return rows.length === 0 ? { state } : { state: { ...state, focus: moveFocus(state.focus, nav.delta, rows.length) } };
    if (nav?.kind === 'submit') {
      if (state.busy) return { state };
      const command: RemoveCommand = {
        type: 'remove',
        overlay: ctx.overlay,
        target: state.target,
        force: state.force,
        volumes: state.volumes,
        ...(state.target.kind === 'image' && state.noPrune && { noPrune: true }),
      };
      return { state: { ...state, busy: true, error: undefined }, commands: [command] };
    }
    if (press.name === ' ' && !state.busy && rows.length > 0) {
      const row = rows[state.focus] ?? 'force';
      return { state: { ...state, [row]: !state[row] } };
    }
    return { state };
  },
  result(state, result) {
    if (result.kind === 'done') return { state: { ...state, busy: false }, close: true, notify: { text: result.message } };
    return { state: { ...state, busy: false, error: result.message } };
  },
};

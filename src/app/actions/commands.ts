/**
 * Actions on things that need no dialog and no view: start (a container, or a project's stopped
 * containers), pause and resume, a shell in a running container, and copying a container's id or
 * an image's name to the clipboard.
 */
import { isLive } from '../../state/containers.ts';
import { removalTarget } from '../../state/actions/remove.ts';
import { notify, reduced } from '../commands.ts';
import type { ActionId } from '../keys/keymap.ts';
import type { TargetActions } from './target-actions.ts';

/**
 * Which of these change the engine (what a read-only engine refuses: app/fleet/access.ts); copying
 * an id does not. `run-check` is the health panel's (views/health.ts): an exec in the container.
 * A port forward (the ports view, views/ports.ts) runs a helper there, or has the ssh master listen for it.
 */
export const commandChanges: readonly ActionId[] = ['start', 'pause', 'shell', 'attach', 'run-check', 'forward-port', 'tunnel-port'];

export const commandActions: TargetActions = {
  // No confirmation: starting is what the user asked and undoes nothing. The result arrives later.
  start: {
    container: (state, _ctx, c) => notify(state, `starting ${c.shown}…`, 'info', { type: 'container-start', containerId: c.id, name: c.name }),
    project: (state, _ctx, p) => {
      const members = p.members.filter((m) => !isLive({ State: m.state })).map(({ id, name }) => ({ id, name }));
      if (members.length === 0) return notify(state, `every container of ${p.project} is running`);
      return notify(state, `starting ${members.length} container${members.length === 1 ? '' : 's'} of ${p.project}…`, 'info', { type: 'project-start', project: p.project, members });
    },
  },
  pause: {
    container: (state, _ctx, c) => {
      if (c.state !== 'running' && c.state !== 'paused') return notify(state, `${c.shown} is ${c.state || 'not running'}: only a running container can be paused`, 'error');
      const pause = c.state === 'running';
      return notify(state, `${pause ? 'pausing' : 'resuming'} ${c.shown}…`, 'info', { type: 'container-pause', containerId: c.id, name: c.name, pause });
    },
  },
  shell: {
    container: (state, ctx, c) => {
      if (c.state !== 'running') return notify(state, `${c.shown} is not running: start it first (${ctx.keymap.label('start')})`, 'error');
      return reduced(state, { type: 'container-shell', containerId: c.id, name: c.shown });
    },
  },
  attach: {
    container: (state, ctx, c) => {
      if (c.state !== 'running') return notify(state, `${c.shown} is not running: start it first (${ctx.keymap.label('start')})`, 'error');
      return reduced(state, { type: 'container-attach', containerId: c.id, name: c.shown });
    },
  },
  copy: {
    container: (state, _ctx, c) => notify(state, `copied ${c.id.slice(0, 12)} to the clipboard`, 'info', { type: 'clipboard-copy', text: c.id }),
    // An image row's name is what one pastes into `docker run`; an untagged one has only its id.
    image: (state, _ctx, i) => {
      const text = removalTarget(i);
      return notify(state, `copied ${text} to the clipboard`, 'info', { type: 'clipboard-copy', text });
    },
  },
};

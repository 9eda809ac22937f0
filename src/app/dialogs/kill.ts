/**
 * Kill (`K`) a container with a signal: empty is SIGKILL, as `docker kill`; a name (KILL, TERM,
 * SIGHUP, SIGRTMIN+3) or a number (1–64) otherwise. Says what the signal does before it is sent.
 */
import { checkSignal } from '../../state/validation.ts';
import { sanitizeLine, shortId } from '../format/index.ts';
import { openDialog } from './open.ts';
import { definePrompt, type Prompt } from './prompt.ts';

export interface KillRequest {
  type: 'kill';
  containerId: string;
  /** The container's own name. */
  name: string;
}

/** A signal by name or number (state/validation.ts): the bulk kill checks it the same way. */
export { checkSignal };

export const kill: Prompt<KillRequest> = definePrompt<KillRequest>({
  id: 'kill',
  changesEngine: true,
  actions: { kill: { container: (state, ctx, c) => openDialog(state, ctx, kill, { type: 'kill', containerId: c.id, name: c.name }) } },
  start: () => '',
  check: (_request, input) => checkSignal(input),
  words(state, checked) {
    const label = `${sanitizeLine(state.name) || shortId(state.containerId)} (${shortId(state.containerId)})`;
    const gentle = checked.ok && checked.value !== 'SIGKILL' && checked.value !== '9';
    return {
      title: `Kill ${label}?`,
      doing: `killing ${label}`,
      enter: 'send the signal',
      field: 'signal',
      placeholder: 'empty: SIGKILL (or TERM, HUP, INT, 15…)',
      note: {
        tone: 'warning',
        text: gentle && checked.ok ? `sends ${checked.value} to the container's main process; what happens next is up to it` : 'SIGKILL ends every process at once, with no chance to clean up (s stops gracefully)',
      },
    };
  },
  command: (state, signal, overlay) => ({ type: 'container-kill', overlay, containerId: state.containerId, name: state.name, signal }),
});

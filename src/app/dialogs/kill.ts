/**
 * Kill (`K`) a container with a signal: empty is SIGKILL, as `docker kill`; a name (KILL, TERM,
 * SIGHUP, SIGRTMIN+3) or a number (1–64) otherwise. Says what the signal does before it is sent.
 */
import type { Checked } from '../../state/validation.ts';
import { sanitizeLine, shortId } from '../format/index.ts';
import { openDialog } from './open.ts';
import { definePrompt, type Prompt } from './prompt.ts';

export interface KillRequest {
  type: 'kill';
  containerId: string;
  /** The container's own name. */
  name: string;
}

const SIGNAL = /^(SIG)?[A-Z][A-Z0-9]*(\+\d+|-\d+)?$/;

/** A signal by name (KILL, SIGTERM, SIGRTMIN+3) or number (1–64); empty is SIGKILL. */
export function checkSignal(input: string): Checked<string> {
  const text = input.trim();
  if (text === '') return { ok: true, value: 'SIGKILL' };
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    return n >= 1 && n <= 64 ? { ok: true, value: text } : { ok: false, message: `signal ${text} is not between 1 and 64` };
  }
  const upper = text.toUpperCase();
  if (!SIGNAL.test(upper)) return { ok: false, message: 'a signal is a name (KILL, SIGTERM, SIGHUP…) or a number (9, 15…)' };
  return { ok: true, value: upper.startsWith('SIG') ? upper : `SIG${upper}` };
}

export const kill: Prompt<KillRequest> = definePrompt<KillRequest>({
  id: 'kill',
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

/**
 * Forward a port the container neither exposes nor publishes (`F` in the ports view): a port
 * number typed, then the same forward as `f` (through the engine's API to a helper in the
 * container's network). Many servers listen on ports their image never declared: this is the
 * "expose a port on a running container" people ask for, without recreating it.
 */
import { DEFAULT_DEBUG_IMAGE } from '../../state/actions/debug-shell.ts';
import type { Checked } from '../../state/validation.ts';
import { sanitizeLine, shortId } from '../format/index.ts';
import { openDialog } from './open.ts';
import { definePrompt, type Prompt } from './prompt.ts';

export interface ForwardAnyRequest {
  type: 'forward-any';
  containerId: string;
  name: string;
  image: string;
}

export function checkPort(input: string): Checked<string> {
  const text = input.trim();
  if (text === '') return { ok: false, message: 'type the port the container listens on' };
  const port = Number(text);
  if (!/^\d+$/.test(text) || port < 1 || port > 65535) return { ok: false, message: 'a TCP port: 1 to 65535' };
  return { ok: true, value: String(port) };
}

export const forwardAny: Prompt<ForwardAnyRequest> = definePrompt<ForwardAnyRequest>({
  id: 'forward-any',
  changesEngine: true,
  actions: {
    'forward-any-port': {
      container: (state, ctx, c) => openDialog(state, ctx, forwardAny, { type: 'forward-any', containerId: c.id, name: c.name, image: ctx.custom?.debugImage ?? DEFAULT_DEBUG_IMAGE }),
    },
  },
  start: () => '',
  check: (_request, input) => checkPort(input),
  words(state) {
    const label = sanitizeLine(state.name) || shortId(state.containerId);
    return {
      title: `Forward a port of ${label} here`,
      doing: `starting the forward`,
      enter: 'forward',
      field: 'port in the container',
      placeholder: '8080',
      note: { tone: 'muted', text: 'any TCP port it listens on, declared or not: berth listens on 127.0.0.1 and carries each connection through the engine to a helper in its network' },
    };
  },
  command: (state, port, overlay) => ({ type: 'forward-start', overlay, containerId: state.containerId, name: state.name, port: Number(port), way: 'engine', image: state.image, reply: 'dialog' }),
});

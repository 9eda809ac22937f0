/** Scale (`s`) a replicated swarm service: the replica count, from 0 (stops every task) to 1,000. */
import type { Checked } from '../../state/validation.ts';
import { notify } from '../commands.ts';
import { sanitizeLine } from '../format/index.ts';
import { openDialog } from './open.ts';
import { definePrompt, type Prompt } from './prompt.ts';

export interface ScaleRequest {
  type: 'scale';
  serviceId: string;
  name: string;
  /** The replica count now, to start from. */
  current: number;
}

/** A replica count: a whole number, 0 (stops every task) to 1,000. */
export function checkReplicas(input: string): Checked<string> {
  const text = input.trim();
  if (!/^\d{1,4}$/.test(text) || Number(text) > 1000) return { ok: false, message: 'replicas: a whole number from 0 to 1000' };
  return { ok: true, value: String(Number(text)) };
}

export const scale: Prompt<ScaleRequest> = definePrompt<ScaleRequest>({
  id: 'scale',
  changesEngine: true,
  actions: {
    scale: {
      service: (state, ctx, s) =>
        s.scale === undefined ? notify(state, `${s.name} is a global service: one task per node, nothing to scale`, 'error') : openDialog(state, ctx, scale, { type: 'scale', serviceId: s.serviceId, name: s.name, current: s.scale }),
      task: (state, _ctx, t) => notify(state, `${t.name} is a task: this acts on its service (select the service row)`, 'error'),
    },
  },
  start: (request) => String(request.current),
  check: (_request, input) => checkReplicas(input),
  words: (state) => ({ title: `Scale service ${sanitizeLine(state.name)}`, doing: `scaling ${sanitizeLine(state.name)}`, enter: 'scale', field: 'replicas', placeholder: 'how many tasks, e.g. 3' }),
  command: (state, replicas, overlay) => ({ type: 'swarm-act', overlay, action: { kind: 'scale', serviceId: state.serviceId, name: state.name, replicas: Number(replicas) } }),
});

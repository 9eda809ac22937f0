/**
 * Stop (`s`) and restart (`R`): a confirmation naming the container, with the grace period
 * editable (empty leaves it to the container's StopTimeout or the engine's 10 s). Enter sends
 * once; a second Enter while the request is out sends nothing.
 */
import { field } from '../input/field.ts';
import { editIn, type Fields } from './form.ts';
import type { DialogMachine, Outcome, RequestResult } from './machine.ts';
import { checkGracePeriod } from './validation.ts';

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
  members?: ReadonlyArray<{ id: string; name: string }>;
}

export interface StopDialog extends StopRequest {
  fields: Fields<'grace'>;
  showErrors: boolean;
  /** The engine's refusal, until the next attempt. */
  error?: string;
  busy: boolean;
}

export type StopCommand = {
  type: 'stop-container';
  overlay: number;
  containerId: string;
  name: string;
  service?: string;
  /** Seconds; undefined leaves it to the container or the engine. */
  timeout?: number;
  restart: boolean;
  members?: ReadonlyArray<{ id: string; name: string }>;
};

export function openStop(request: StopRequest): StopDialog {
  return { ...request, fields: { grace: field() }, showErrors: false, busy: false };
}

export const stopMachine: DialogMachine<StopDialog, RequestResult> = {
  key(state, press, ctx): Outcome<StopDialog> {
    if (press.name === 'escape') return { state, close: true };
    if (press.name === 'return') {
      if (state.busy) return { state };
      const grace = checkGracePeriod(state.fields.grace.value);
      if (!grace.ok) return { state: { ...state, showErrors: true } };
      const command: StopCommand = {
        type: 'stop-container',
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
    const fields = editIn(state.fields, 'grace', press);
    return { state: fields && fields !== state.fields ? { ...state, fields } : state };
  },
  result(state, result): Outcome<StopDialog> {
    if (result.kind === 'done') return { state: { ...state, busy: false }, close: true, notify: { text: result.message } };
    return { state: { ...state, busy: false, error: result.message } };
  },
};

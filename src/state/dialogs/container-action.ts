/**
 * The one-field actions: kill (`K`) and rename (`N`) of a container, tag (`t`) of an image,
 * create (`c`) of a volume or network, scale (`s`) of a swarm service. Kill asks which signal
 * (empty is SIGKILL, as `docker kill`); rename asks the new name, checked as the engine checks
 * names; tag asks the new reference, checked with the image-reference grammar pulls use; create
 * asks the name; scale the replica count. Enter sends once; the engine's refusal stays in the
 * dialog with what was typed. (`containerId` is the image's id for a tag, the service's for a
 * scale, and empty for a create; `name` is what the title names.)
 */
import { parseImageReference } from '../../engine/reference.ts';
import { field } from '../input/field.ts';
import { editIn, type Fields } from './form.ts';
import type { DialogMachine, Outcome, RequestResult } from './machine.ts';
import { checkContainerName, type Checked } from './validation.ts';

export type ContainerAction = 'kill' | 'rename' | 'tag' | 'create-volume' | 'create-network' | 'scale';

export interface ContainerActionRequest {
  type: 'container-action';
  action: ContainerAction;
  containerId: string;
  /** The container's own name, for the title and messages. */
  name: string;
  /** Scale: the replica count now, to start from. */
  current?: string;
}

export interface ContainerActionDialog extends ContainerActionRequest {
  fields: Fields<'value'>;
  showErrors: boolean;
  error?: string;
  busy: boolean;
}

export type ContainerActionCommand = {
  type: 'container-action';
  overlay: number;
  action: ContainerAction;
  containerId: string;
  name: string;
  /** The signal to send, or the new name. */
  value: string;
};

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

export function checkNewName(input: string): Checked<string> {
  const checked = checkContainerName(input.trim());
  if (!checked.ok) return checked;
  return checked.value === undefined ? { ok: false, message: 'type the new name' } : { ok: true, value: checked.value };
}

/** The new reference for an image: a name and a tag (latest when none), never a digest. */
export function checkNewTag(input: string): Checked<string> {
  const text = input.trim();
  if (text === '') return { ok: false, message: 'type the new name, e.g. registry:5000/team/app:1' };
  const parsed = parseImageReference(text);
  if (!parsed.ok) return parsed;
  if (parsed.ref.digest) return { ok: false, message: 'a tag, not a digest: the engine names images by tag' };
  return { ok: true, value: parsed.ref.tag ? text : `${text}:latest` };
}

/** A new volume's or network's name: the engine's name rule (as containers'), or empty for a volume (the engine names it). */
export function checkResourceName(action: 'create-volume' | 'create-network', input: string): Checked<string> {
  const text = input.trim();
  if (text === '' && action === 'create-volume') return { ok: true, value: '' };
  if (text === '') return { ok: false, message: 'a network needs a name' };
  const checked = checkContainerName(text);
  return checked.ok ? { ok: true, value: text } : checked;
}

/** A replica count: a whole number, 0 (stops every task) to 1,000. */
export function checkReplicas(input: string): Checked<string> {
  const text = input.trim();
  if (!/^\d{1,4}$/.test(text) || Number(text) > 1000) return { ok: false, message: 'replicas: a whole number from 0 to 1000' };
  return { ok: true, value: String(Number(text)) };
}

export function checkActionValue(action: ContainerAction, input: string): Checked<string> {
  switch (action) {
    case 'kill':
      return checkSignal(input);
    case 'tag':
      return checkNewTag(input);
    case 'rename':
      return checkNewName(input);
    case 'create-volume':
    case 'create-network':
      return checkResourceName(action, input);
    case 'scale':
      return checkReplicas(input);
  }
}

export function openContainerAction(request: ContainerActionRequest): ContainerActionDialog {
  // Rename starts from the current name, as a person edits it; kill from empty (SIGKILL).
  // A tag starts from the image's current name too: the usual edit is the registry or the tag.
  const start = request.action === 'rename' || request.action === 'tag' ? request.name : request.action === 'scale' ? (request.current ?? '') : '';
  return { ...request, fields: { value: field(start) }, showErrors: false, busy: false };
}

export const containerActionMachine: DialogMachine<ContainerActionDialog, RequestResult> = {
  key(state, press, ctx): Outcome<ContainerActionDialog> {
    if (press.name === 'escape') return { state, close: true };
    if (press.name === 'return') {
      if (state.busy) return { state };
      const checked = checkActionValue(state.action, state.fields.value.value);
      if (!checked.ok) return { state: { ...state, showErrors: true } };
      const command: ContainerActionCommand = { type: 'container-action', overlay: ctx.overlay, action: state.action, containerId: state.containerId, name: state.name, value: checked.value };
      return { state: { ...state, busy: true, error: undefined }, commands: [command] };
    }
    if (state.busy) return { state };
    const fields = editIn(state.fields, 'value', press);
    return { state: fields && fields !== state.fields ? { ...state, fields } : state };
  },
  result(state, result): Outcome<ContainerActionDialog> {
    if (result.kind === 'done') return { state: { ...state, busy: false }, close: true, notify: { text: result.message } };
    return { state: { ...state, busy: false, error: result.message } };
  },
};

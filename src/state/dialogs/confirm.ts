/**
 * A yes/no before a swarm action that changes the cluster (drain or activate a node, restart or
 * roll back a service's tasks, remove a service): what will happen, Enter does it once, Esc
 * leaves everything as it was, and the engine's refusal stays in the dialog in its words.
 */
import type { DialogMachine, Outcome, RequestResult } from './machine.ts';

export type SwarmAction =
  | { kind: 'scale'; serviceId: string; name: string; replicas: number }
  | { kind: 'force-update'; serviceId: string; name: string }
  | { kind: 'rollback'; serviceId: string; name: string }
  | { kind: 'remove-service'; serviceId: string; name: string }
  | { kind: 'drain'; nodeId: string; name: string }
  | { kind: 'activate'; nodeId: string; name: string };

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

export type SwarmCommand = { type: 'swarm-action'; overlay: number; action: SwarmAction };

export function openConfirm(request: ConfirmRequest): ConfirmDialog {
  return { ...request, busy: false };
}

export const confirmMachine: DialogMachine<ConfirmDialog, RequestResult> = {
  key(state, press, ctx): Outcome<ConfirmDialog> {
    if (press.name === 'escape' || press.name === 'n') return { state, close: true };
    if ((press.name === 'return' || press.name === 'y') && !state.busy) {
      return { state: { ...state, busy: true, error: undefined }, commands: [{ type: 'swarm-action', overlay: ctx.overlay, action: state.action }] };
    }
    return { state };
  },
  result(state, result): Outcome<ConfirmDialog> {
    if (result.kind === 'done') return { state: { ...state, busy: false }, close: true, notify: { text: result.message } };
    return { state: { ...state, busy: false, error: result.message } };
  },
};

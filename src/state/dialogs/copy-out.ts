/**
 * Copy out (`C`): a path in the container and a local directory (the current one unless
 * changed). Enter copies; when something of that name is already there, it asks first and a
 * second Enter replaces it. The engine's words for a path that is not there stay in the dialog
 * with what was typed.
 */
import { field } from '../input/field.ts';
import { editIn, formKey, moveFocus, values, type Fields } from './form.ts';
import type { DialogMachine, Outcome } from './machine.ts';

export type CopyOutField = 'source' | 'directory';
export const copyOutRows: readonly CopyOutField[] = ['source', 'directory'];

export interface CopyOutRequest {
  type: 'copy-out';
  containerId: string;
  name: string;
}

export interface CopyOutDialog extends CopyOutRequest {
  fields: Fields<CopyOutField>;
  focus: number;
  showErrors: boolean;
  error?: string;
  busy: boolean;
  /** Asked: this local path exists; Enter again replaces it. */
  exists?: string;
}

export type CopyOutCommand = { type: 'copy-out'; overlay: number; containerId: string; name: string; source: string; directory: string; overwrite: boolean };

export type CopyOutResult = { kind: 'done'; message: string } | { kind: 'exists'; target: string } | { kind: 'failed'; message: string };

export function copyOutProblems(v: Readonly<Record<CopyOutField, string>>): Partial<Record<CopyOutField, string>> {
  return {
    ...(v.source.trim() === '' && { source: 'type the path in the container, e.g. /etc/hostname' }),
    ...(v.directory.trim() === '' && { directory: 'type a local directory (. is the current one)' }),
  };
}

export function openCopyOut(request: CopyOutRequest): CopyOutDialog {
  return { ...request, fields: { source: field(), directory: field('.') }, focus: 0, showErrors: false, busy: false };
}

function submit(state: CopyOutDialog, overlay: number, overwrite: boolean): Outcome<CopyOutDialog> {
  if (state.busy) return { state };
  const v = values(state.fields);
  const problems = copyOutProblems(v);
  if (problems.source || problems.directory) return { state: { ...state, showErrors: true, focus: problems.source ? 0 : 1 } };
  const command: CopyOutCommand = { type: 'copy-out', overlay, containerId: state.containerId, name: state.name, source: v.source.trim(), directory: v.directory.trim(), overwrite };
  return { state: { ...state, busy: true, error: undefined }, commands: [command] };
}

export const copyOutMachine: DialogMachine<CopyOutDialog, CopyOutResult> = {
  key(state, press, ctx) {
    const nav = formKey(press.name);
    if (nav?.kind === 'close') return state.exists ? { state: { ...state, exists: undefined } } : { state, close: true };
    if (nav?.kind === 'submit') return submit({ ...state, exists: undefined }, ctx.overlay, state.exists !== undefined);
    if (nav?.kind === 'move') return { state: { ...state, focus: moveFocus(state.focus, nav.delta, copyOutRows.length) } };
    if (state.busy) return { state };
    const fields = editIn(state.fields, copyOutRows[state.focus] ?? 'source', press);
    // Changing what is copied, or where, asks the overwrite question again.
    return { state: fields && fields !== state.fields ? { ...state, fields, exists: undefined } : state };
  },
  result(state, result) {
    switch (result.kind) {
      case 'done':
        return { state: { ...state, busy: false }, close: true, notify: { text: result.message } };
      case 'exists':
        return { state: { ...state, busy: false, exists: result.target } };
      case 'failed':
        return { state: { ...state, busy: false, error: result.message } };
    }
  },
};

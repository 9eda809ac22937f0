/**
 * Copy out (`C`): a path in the container and a local directory (the current one unless
 * changed); what is at the path lands in the directory under its own name, as `docker cp` does.
 * When that would replace something, the dialog asks first, and Enter again replaces it.
 */
import type { TargetActions } from '../actions/target-actions.ts';
import type { CopyOutReply } from '../commands.ts';
import { sanitizeLine, shortId } from '../format/index.ts';
import { field } from '../input/field.ts';
import { editIn, formKey, moveFocus, values, type Fields } from './form.ts';
import { defineDialog, formContexts, type Outcome } from './machine.ts';
import { openDialog } from './open.ts';
import { formHints, type DialogBlock } from './view.ts';

export type CopyOutField = 'source' | 'directory';
export const copyOutRows: readonly CopyOutField[] = ['source', 'directory'];

export interface CopyOutRequest {
  type: 'copy-out';
  containerId: string;
  name: string;
  /** The path to start from (the file browser's selected row). */
  source?: string;
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

export function copyOutProblems(v: Readonly<Record<CopyOutField, string>>): Partial<Record<CopyOutField, string>> {
  return {
    ...(v.source.trim() === '' && { source: 'type the path in the container, e.g. /etc/hostname' }),
    ...(v.directory.trim() === '' && { directory: 'type a local directory (. is the current one)' }),
  };
}

function submit(state: CopyOutDialog, overlay: number, overwrite: boolean): Outcome<CopyOutDialog> {
  if (state.busy) return { state };
  const v = values(state.fields);
  const problems = copyOutProblems(v);
  if (problems.source || problems.directory) return { state: { ...state, showErrors: true, focus: problems.source ? 0 : 1 } };
  return { state: { ...state, busy: true, error: undefined }, commands: [{ type: 'container-copy-out', overlay, containerId: state.containerId, name: state.name, source: v.source.trim(), directory: v.directory.trim(), overwrite }] };
}

const actions: TargetActions = {
  'copy-out': {
    container: (state, ctx, c) => openDialog(state, ctx, copyOut, { type: 'copy-out', containerId: c.id, name: c.name }),
    path: (state, ctx, p) => openDialog(state, ctx, copyOut, { type: 'copy-out', containerId: p.containerId, name: p.name, source: p.path }),
  },
};

export const copyOut = defineDialog<CopyOutDialog, CopyOutRequest, CopyOutReply>({
  id: 'copy-out',
  actions,
  open: (request) => ({ state: { ...request, fields: { source: field(request.source ?? ''), directory: field('.') }, focus: request.source === undefined ? 0 : 1, showErrors: false, busy: false } }),
  contexts: (state) => formContexts(state.busy ? 'none' : 'field', copyOutRows.length),
  key(state, key, ctx) {
    const nav = formKey(key);
    if (nav?.kind === 'close') return state.exists ? { state: { ...state, exists: undefined } } : { state, close: true };
    if (nav?.kind === 'submit') return submit({ ...state, exists: undefined }, ctx.overlay, state.exists !== undefined);
    if (nav?.kind === 'move') return { state: { ...state, focus: moveFocus(state.focus, nav.delta, copyOutRows.length) } };
    if (state.busy) return { state };
    const fields = editIn(state.fields, copyOutRows[state.focus] ?? 'source', key);
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
  view(state, ctx) {
    const label = `${sanitizeLine(state.name) || shortId(state.containerId)} (${shortId(state.containerId)})`;
    const problems = state.showErrors ? copyOutProblems(values(state.fields)) : {};
    const blocks: DialogBlock[] = [
      { kind: 'field', label: 'path', field: state.fields.source, focused: !state.busy && state.focus === 0, placeholder: 'in the container, e.g. /etc/hostname or /var/log', message: problems.source },
      { kind: 'field', label: 'to', field: state.fields.directory, focused: !state.busy && state.focus === 1, placeholder: 'a local directory', message: problems.directory },
    ];
    if (state.exists) blocks.push({ kind: 'text', tone: 'warning', wrap: 'wrap', text: `${sanitizeLine(state.exists)} is already there: ${ctx.keymap.shortLabel('submit')} replaces it` });
    if (state.busy) blocks.push({ kind: 'busy', text: `copying out of ${label}…` });
    return {
      title: `Copy out of ${label}`,
      width: 'form',
      blocks,
      error: state.error,
      focus: state.focus,
      hints: state.busy ? [{ text: 'copying…' }, { action: 'cancel', text: 'closes' }] : state.exists ? [{ action: 'submit', text: 'replaces it' }, { action: 'cancel', text: 'keeps it' }] : formHints('copy', copyOutRows.length),
    };
  },
});

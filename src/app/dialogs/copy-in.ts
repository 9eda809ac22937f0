/**
 * Copy in (`I` in the file browser): a local file or directory and a directory in the container
 * (the one the browser shows); it lands there under its own name, as `docker cp` does. When that
 * would replace something, the dialog asks first, and Enter again replaces it. Done, the browser
 * reads its directory again (the new entry shows, marked as changed since the image).
 */
import type { TargetActions } from '../actions/target-actions.ts';
import type { CopyInReply } from '../commands.ts';
import { sanitizeLine, shortId } from '../format/index.ts';
import { field } from '../input/field.ts';
import { editIn, formKey, moveFocus, values, type Fields } from './form.ts';
import { defineDialog, formContexts, type Outcome } from './machine.ts';
import { openDialog } from './open.ts';
import { formHints, type DialogBlock } from './view.ts';

export type CopyInField = 'source' | 'directory';
export const copyInRows: readonly CopyInField[] = ['source', 'directory'];

export interface CopyInRequest {
  type: 'copy-in';
  containerId: string;
  name: string;
  directory: string;
  /** The file browser to read its directory again once the copy landed. */
  browser: number;
}

export interface CopyInDialog extends CopyInRequest {
  fields: Fields<CopyInField>;
  focus: number;
  showErrors: boolean;
  error?: string;
  busy: boolean;
  /** Asked: this path in the container exists; Enter again replaces it. */
  exists?: string;
}

export function copyInProblems(v: Readonly<Record<CopyInField, string>>): Partial<Record<CopyInField, string>> {
  return {
    ...(v.source.trim() === '' && { source: 'type a local file or directory, e.g. ./app.conf' }),
    ...(!v.directory.trim().startsWith('/') && { directory: 'type a directory in the container, from /' }),
  };
}

function submit(state: CopyInDialog, overlay: number, overwrite: boolean): Outcome<CopyInDialog> {
  if (state.busy) return { state };
  const v = values(state.fields);
  const problems = copyInProblems(v);
  if (problems.source || problems.directory) return { state: { ...state, showErrors: true, focus: problems.source ? 0 : 1 } };
  return { state: { ...state, busy: true, error: undefined }, commands: [{ type: 'container-copy-in', overlay, containerId: state.containerId, name: state.name, source: v.source.trim(), directory: v.directory.trim(), overwrite }] };
}

const actions: TargetActions = {
  'copy-in': { path: (state, ctx, p) => openDialog(state, ctx, copyIn, { type: 'copy-in', containerId: p.containerId, name: p.name, directory: p.directory, browser: p.browser }) },
};

export const copyIn = defineDialog<CopyInDialog, CopyInRequest, CopyInReply>({
  id: 'copy-in',
  actions,
  open: (request) => ({ state: { ...request, fields: { source: field(), directory: field(request.directory) }, focus: 0, showErrors: false, busy: false } }),
  contexts: (state) => formContexts(state.busy ? 'none' : 'field', copyInRows.length),
  key(state, key, ctx) {
    const nav = formKey(key);
    if (nav?.kind === 'close') return state.exists ? { state: { ...state, exists: undefined } } : { state, close: true };
    if (nav?.kind === 'submit') return submit({ ...state, exists: undefined }, ctx.overlay, state.exists !== undefined);
    if (nav?.kind === 'move') return { state: { ...state, focus: moveFocus(state.focus, nav.delta, copyInRows.length) } };
    if (state.busy) return { state };
    const fields = editIn(state.fields, copyInRows[state.focus] ?? 'source', key);
    // Changing what is copied, or where, asks the overwrite question again.
    return { state: fields && fields !== state.fields ? { ...state, fields, exists: undefined } : state };
  },
  result(state, result) {
    switch (result.kind) {
      case 'done':
        return {
          state: { ...state, busy: false },
          close: true,
          notify: { text: result.message },
          commands: [{ type: 'files-open', overlay: state.browser, containerId: state.containerId, path: state.directory, changes: true }],
        };
      case 'exists':
        return { state: { ...state, busy: false, exists: result.target } };
      case 'failed':
        return { state: { ...state, busy: false, error: result.message } };
    }
  },
  view(state, ctx) {
    const label = `${sanitizeLine(state.name) || shortId(state.containerId)} (${shortId(state.containerId)})`;
    const problems = state.showErrors ? copyInProblems(values(state.fields)) : {};
    const blocks: DialogBlock[] = [
      { kind: 'field', label: 'copy', field: state.fields.source, focused: !state.busy && state.focus === 0, placeholder: 'a local file or directory', message: problems.source },
      { kind: 'field', label: 'into', field: state.fields.directory, focused: !state.busy && state.focus === 1, placeholder: 'a directory in the container', message: problems.directory },
    ];
    if (state.exists) blocks.push({ kind: 'text', tone: 'warning', wrap: 'wrap', text: `${sanitizeLine(state.exists)} is already there in the container: ${ctx.keymap.shortLabel('submit')} replaces it` });
    if (state.busy) blocks.push({ kind: 'busy', text: `copying into ${label}…` });
    return {
      title: `Copy into ${label}`,
      width: 'form',
      blocks,
      error: state.error,
      focus: state.focus,
      hints: state.busy ? [{ text: 'copying…' }, { action: 'cancel', text: 'closes' }] : state.exists ? [{ action: 'submit', text: 'replaces it' }, { action: 'cancel', text: 'keeps it' }] : formHints('copy', copyInRows.length),
    };
  },
});

/**
 * Copy out (`C`): a path in the container and a local directory (the current one unless
 * changed); what is at the path lands in the directory under its own name, as `docker cp` does.
 * When that would replace something, the dialog asks first, and Enter again replaces it
 * (copy-form.ts: the keys and the view copy in shares).
 */
import type { TargetActions } from '../actions/target-actions.ts';
import type { CopyOutReply } from '../commands.ts';
import { field } from '../input/field.ts';
import { copyFormKey, copyFormResult, copyFormView, copyRows, type CopyField, type CopyFormState, type CopyProblems } from './copy-form.ts';
import { defineDialog, formContexts } from './machine.ts';
import { openDialog } from './open.ts';

export interface CopyOutRequest {
  type: 'copy-out';
  containerId: string;
  name: string;
  /** The path to start from (the file browser's selected row). */
  source?: string;
}

export type CopyOutDialog = CopyOutRequest & CopyFormState;

export function copyOutProblems(v: Readonly<Record<CopyField, string>>): CopyProblems {
  return {
    ...(v.source.trim() === '' && { source: 'type the path in the container, e.g. /etc/hostname' }),
    ...(v.directory.trim() === '' && { directory: 'type a local directory (. is the current one)' }),
  };
}

const actions: TargetActions = {
  'copy-out': {
    container: (state, ctx, c) => openDialog(state, ctx, copyOut, { type: 'copy-out', containerId: c.id, name: c.name }),
    path: (state, ctx, p) => openDialog(state, ctx, copyOut, { type: 'copy-out', containerId: p.containerId, name: p.name, source: p.path }),
  },
};

export const copyOut = defineDialog<CopyOutDialog, CopyOutRequest, CopyOutReply>({
  id: 'copy-out',
  changesEngine: false, // it reads the container and writes here
  actions,
  open: (request) => ({ state: { ...request, fields: { source: field(request.source ?? ''), directory: field('.') }, focus: request.source === undefined ? 0 : 1, showErrors: false, busy: false } }),
  contexts: (state) => formContexts(state.busy ? 'none' : 'field', copyRows.length),
  key: (state, key, ctx) =>
    copyFormKey(state, key, copyOutProblems, (s, v, overwrite) => ({
      state: s,
      commands: [{ type: 'container-copy-out', overlay: ctx.overlay, containerId: s.containerId, name: s.name, source: v.source.trim(), directory: v.directory.trim(), overwrite }],
    })),
  result(state, result) {
    if (result.kind === 'done') return { state: { ...state, busy: false }, close: true, notify: { text: result.message } };
    return copyFormResult(state, result);
  },
  view: (state, ctx) =>
    copyFormView(state, ctx, copyOutProblems, {
      title: 'Copy out of',
      labels: { source: 'path', directory: 'to' },
      placeholders: { source: 'in the container, e.g. /etc/hostname or /var/log', directory: 'a local directory' },
      existsWhere: '',
      busy: 'copying out of',
    }),
});

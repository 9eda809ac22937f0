/**
 * Copy in (`I` in the file browser): a local file or directory and a directory in the container
 * (the one the browser shows); it lands there under its own name, as `docker cp` does. When that
 * would replace something, the dialog asks first, and Enter again replaces it (copy-form.ts: the
 * keys and the view copy out shares). Done, the browser reads its directory again (the new entry
 * shows, marked as changed since the image).
 */
import type { TargetActions } from '../actions/target-actions.ts';
import type { CopyInReply } from '../commands.ts';
import { field } from '../input/field.ts';
import { copyFormKey, copyFormResult, copyFormView, copyRows, type CopyField, type CopyFormState, type CopyProblems } from './copy-form.ts';
import { defineDialog, formContexts } from './machine.ts';
import { openDialog } from './open.ts';

export interface CopyInRequest {
  type: 'copy-in';
  containerId: string;
  name: string;
  directory: string;
  /** The file browser to read its directory again once the copy landed. */
  browser: number;
}

export type CopyInDialog = CopyInRequest & CopyFormState;

export function copyInProblems(v: Readonly<Record<CopyField, string>>): CopyProblems {
  return {
    ...(v.source.trim() === '' && { source: 'type a local file or directory, e.g. ./app.conf' }),
    ...(!v.directory.trim().startsWith('/') && { directory: 'type a directory in the container, from /' }),
  };
}

const actions: TargetActions = {
  'copy-in': { path: (state, ctx, p) => openDialog(state, ctx, copyIn, { type: 'copy-in', containerId: p.containerId, name: p.name, directory: p.directory, browser: p.browser }) },
};

export const copyIn = defineDialog<CopyInDialog, CopyInRequest, CopyInReply>({
  id: 'copy-in',
  changesEngine: true,
  actions,
  open: (request) => ({ state: { ...request, fields: { source: field(), directory: field(request.directory) }, focus: 0, showErrors: false, busy: false } }),
  contexts: (state) => formContexts(state.busy ? 'none' : 'field', copyRows.length),
  key: (state, key, ctx) =>
    copyFormKey(state, key, copyInProblems, (s, v, overwrite) => ({
      state: s,
      commands: [{ type: 'container-copy-in', overlay: ctx.overlay, containerId: s.containerId, name: s.name, source: v.source.trim(), directory: v.directory.trim(), overwrite }],
    })),
  result(state, result) {
    if (result.kind === 'done') {
      return {
        state: { ...state, busy: false },
        close: true,
        notify: { text: result.message },
        commands: [{ type: 'files-open', overlay: state.browser, containerId: state.containerId, path: state.directory, changes: true }],
      };
    }
    return copyFormResult(state, result);
  },
  view: (state, ctx) =>
    copyFormView(state, ctx, copyInProblems, {
      title: 'Copy into',
      labels: { source: 'copy', directory: 'into' },
      placeholders: { source: 'a local file or directory', directory: 'a directory in the container' },
      existsWhere: ' in the container',
      busy: 'copying into',
    }),
});

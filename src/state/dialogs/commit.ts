/**
 * Commit (`c`): the selected container (running or exited) becomes a new image. Repository is
 * required and checked against the reference grammar before anything is sent; tag defaults to
 * `latest`. On success the dialog shows the new image id and the Images pane selects the image.
 */
import { field } from '../input/field.ts';
import { editIn, formKey, moveFocus, values, type Fields } from './form.ts';
import type { DialogMachine, Outcome } from './machine.ts';
import { checkFreeText, checkRepository, checkTag, type Checked } from './validation.ts';

export type CommitField = 'repository' | 'tag' | 'comment' | 'author';
export const commitRows: readonly CommitField[] = ['repository', 'tag', 'comment', 'author'];

export interface CommitRequest {
  type: 'commit';
  containerId: string;
  /** How the dialog names the container: "web (0123456789ab)". */
  label: string;
}

export interface CommitDialog extends CommitRequest {
  fields: Fields<CommitField>;
  focus: number;
  showErrors: boolean;
  error?: string;
  busy: boolean;
  /** The image made, once the engine has answered. */
  done?: { imageId: string; reference: string };
}

export type CommitCommand = {
  type: 'commit-container';
  overlay: number;
  containerId: string;
  label: string;
  repository: string;
  tag: string;
  comment?: string;
  author?: string;
};

export type CommitResult =
  | { kind: 'done'; imageId: string; reference: string; message: string }
  /** The images list now holds the new image: time to select it. */
  | { kind: 'listed'; imageId: string; reference: string }
  | { kind: 'failed'; message: string };

export function checkCommit(values: Readonly<Record<CommitField, string>>): Record<CommitField, Checked<string | undefined>> {
  return {
    repository: checkRepository(values.repository),
    tag: checkTag(values.tag),
    comment: checkFreeText('comment', values.comment),
    author: checkFreeText('author', values.author),
  };
}

export function openCommit(request: CommitRequest): CommitDialog {
  return { ...request, fields: { repository: field(), tag: field(), comment: field(), author: field() }, focus: 0, showErrors: false, busy: false };
}

function submit(state: CommitDialog, overlay: number): Outcome<CommitDialog> {
  if (state.busy) return { state };
  const checks = checkCommit(values(state.fields));
  const invalid = commitRows.findIndex((key) => !checks[key].ok);
  if (invalid !== -1) return { state: { ...state, showErrors: true, focus: invalid } };
  const value = (key: CommitField) => {
    const c = checks[key];
    return c.ok ? c.value : undefined;
  };
  const command: CommitCommand = {
    type: 'commit-container',
    overlay,
    containerId: state.containerId,
    label: state.label,
    repository: value('repository') ?? '',
    tag: value('tag') ?? 'latest',
    comment: value('comment'),
    author: value('author'),
  };
  return { state: { ...state, busy: true, error: undefined }, commands: [command] };
}

export const commitMachine: DialogMachine<CommitDialog, CommitResult> = {
  key(state, press, ctx) {
    if (state.done) return press.name === 'escape' || press.name === 'return' ? { state, close: true } : { state };
    const nav = formKey(press.name);
    if (nav?.kind === 'close') return { state, close: true };
    if (nav?.kind === 'submit') return submit(state, ctx.overlay);
    if (nav?.kind === 'move') return { state: { ...state, focus: moveFocus(state.focus, nav.delta, commitRows.length) } };
    if (state.busy) return { state };
    const key = commitRows[state.focus] ?? 'repository';
    const fields = editIn(state.fields, key, press);
    return { state: fields && fields !== state.fields ? { ...state, fields } : state };
  },
  result(state, result, ctx) {
    switch (result.kind) {
      case 'done':
        return { state: { ...state, busy: false, done: { imageId: result.imageId, reference: result.reference } }, notify: { text: result.message } };
      case 'listed':
        return { state, select: { pane: 'images', id: ctx.imageRowKey(result.imageId, result.reference) } };
      case 'failed':
        return { state: { ...state, busy: false, error: result.message } };
    }
  },
};

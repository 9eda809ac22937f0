/**
 * Commit (`c`): the selected container (running or exited) becomes a new image. Repository is
 * required and checked against the reference grammar before anything is sent; tag defaults to
 * `latest`. On success the dialog shows the new image id and the Images pane selects the image.
 */
import { parseImageReference } from '../../engine/reference.ts';
import type { EngineState } from '../../state/engine-state.ts';
import { checkFreeText, checkRepository, checkTag, type Checked } from '../../state/validation.ts';
import type { TargetActions } from '../actions/target-actions.ts';
import type { CommitReply } from '../commands.ts';
import { repoTags, sanitizeLine, shortId } from '../format/index.ts';
import { field } from '../input/field.ts';
import { imageRowKey } from '../rows/image-rows.ts';
import { editIn, formKey, moveFocus, values, type Fields } from './form.ts';
import { defineDialog, formContexts, type Outcome } from './machine.ts';
import { openDialog } from './open.ts';
import { formHints, type DialogBlock } from './view.ts';

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

const placeholders: Record<CommitField, string> = {
  repository: 'e.g. myapp or localhost:5000/team/app',
  tag: 'latest',
  comment: 'optional',
  author: 'optional',
};

export function checkCommit(values: Readonly<Record<CommitField, string>>): Record<CommitField, Checked<string | undefined>> {
  return {
    repository: checkRepository(values.repository),
    tag: checkTag(values.tag),
    comment: checkFreeText('comment', values.comment),
    author: checkFreeText('author', values.author),
  };
}

/**
 * The Images pane's row for an image just made under `reference`. The engine lists a tag in its
 * familiar form ("docker.io/library/app" becomes "app"), so that is the form to look for.
 */
export function committedRowKey(engine: EngineState, imageId: string, reference: string): string {
  const parsed = parseImageReference(reference);
  const familiar = parsed.ok ? parsed.ref.familiar : reference;
  const image = engine.images.items.find((i) => i.Id === imageId);
  const tags = image ? repoTags(image.RepoTags ?? undefined, image.RepoDigests ?? undefined) : [];
  const tag = tags.find((t) => t === sanitizeLine(familiar)) ?? tags[0] ?? sanitizeLine(familiar);
  return imageRowKey(imageId, tag);
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
  return {
    state: { ...state, busy: true, error: undefined },
    commands: [
      {
        type: 'container-commit',
        overlay,
        containerId: state.containerId,
        label: state.label,
        repository: value('repository') ?? '',
        tag: value('tag') ?? 'latest',
        comment: value('comment'),
        author: value('author'),
      },
    ],
  };
}

const actions: TargetActions = {
  commit: {
    container: (state, ctx, c) => openDialog(state, ctx, commit, { type: 'commit', containerId: c.id, label: `${sanitizeLine(c.shown) || shortId(c.id)} (${shortId(c.id)})` }),
  },
};

export const commit = defineDialog<CommitDialog, CommitRequest, CommitReply>({
  id: 'commit',
  actions,
  open: (request) => ({ state: { ...request, fields: { repository: field(), tag: field(), comment: field(), author: field() }, focus: 0, showErrors: false, busy: false } }),
  contexts: (state) => formContexts(state.done || state.busy ? 'none' : 'field', commitRows.length),
  key(state, key, ctx) {
    if (state.done) return key.action === 'cancel' || key.action === 'submit' ? { state, close: true } : { state };
    const nav = formKey(key);
    if (nav?.kind === 'close') return { state, close: true };
    if (nav?.kind === 'submit') return submit(state, ctx.overlay);
    if (nav?.kind === 'move') return { state: { ...state, focus: moveFocus(state.focus, nav.delta, commitRows.length) } };
    if (state.busy) return { state };
    const row = commitRows[state.focus] ?? 'repository';
    const fields = editIn(state.fields, row, key);
    return { state: fields && fields !== state.fields ? { ...state, fields } : state };
  },
  result(state, result, ctx) {
    switch (result.kind) {
      case 'done':
        return { state: { ...state, busy: false, done: { imageId: result.imageId, reference: result.reference } }, notify: { text: result.message } };
      case 'listed':
        return { state, reveal: { kind: 'image', id: committedRowKey(ctx.engine, result.imageId, result.reference) } };
      case 'failed':
        return { state: { ...state, busy: false, error: result.message } };
    }
  },
  view(state) {
    if (state.done) {
      return {
        title: `Committed ${state.label}`,
        width: 'form',
        blocks: [
          { kind: 'text', tone: 'success', text: `✓ new image ${sanitizeLine(state.done.reference)}`, wrap: 'wrap' },
          { kind: 'text', tone: 'muted', text: 'image id' },
          { kind: 'text', text: sanitizeLine(state.done.imageId) },
        ],
        hints: [{ action: ['submit', 'cancel'], text: 'closes' }],
      };
    }
    const checks = checkCommit(values(state.fields));
    const blocks: DialogBlock[] = commitRows.map((key, i) => {
      const c = checks[key];
      return { kind: 'field', label: key, field: state.fields[key], focused: !state.busy && state.focus === i, placeholder: placeholders[key], message: state.showErrors && !c.ok ? c.message : undefined };
    });
    if (state.busy) blocks.push({ kind: 'busy', text: `committing ${state.label}…` });
    return {
      title: `Commit ${state.label} to an image`,
      width: 'form',
      blocks,
      error: state.error,
      focus: state.focus,
      hints: state.busy ? [{ text: 'committing…' }, { action: 'cancel', text: 'closes' }] : formHints('commit', commitRows.length),
    };
  },
});

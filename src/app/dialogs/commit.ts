/**
 * Commit (`c`): the selected container (running or exited) becomes a new image. First it shows
 * what the commit will capture (the diff: counts and the first paths; `D` on the row shows it
 * all). Repository is required and checked against the reference grammar before anything is
 * sent; tag defaults to `latest`; `--change` instructions (CMD, ENTRYPOINT, ENV, EXPOSE, LABEL,
 * WORKDIR, USER, `;` between them) are checked one by one; the pause switch is the engine's
 * default (on). Then, optionally, another tag for the new image and a push of it (or of
 * repository:tag) into the Pulls pane. On success the dialog shows the new image id and the
 * Images pane selects the image.
 */
import type { FileChange } from '../../engine/changes.ts';
import { parseImageReference } from '../../engine/reference.ts';
import type { EngineState } from '../../state/engine-state.ts';
import { checkChanges } from '../../state/commit-changes.ts';
import { checkFreeText, checkRepository, checkTag, type Checked } from '../../state/validation.ts';
import type { TargetActions } from '../actions/target-actions.ts';
import type { CommitReply } from '../commands.ts';
import { repoTags, sanitizeLine, shortId, truncate } from '../format/index.ts';
import { field } from '../input/field.ts';
import { imageRowKey } from '../rows/image-rows.ts';
import { changeCounts, changeTree } from '../views/diff.ts';
import { editIn, formKey, moveFocus, values, type Fields } from './form.ts';
import { defineDialog, formContexts, type Outcome } from './machine.ts';
import { openDialog } from './open.ts';
import type { DialogBlock } from './view.ts';

export type CommitField = 'repository' | 'tag' | 'changes' | 'comment' | 'author' | 'alsoTag';
type CommitSwitch = 'pause' | 'push';
export type CommitRow = CommitField | CommitSwitch;
export const commitRows: readonly CommitRow[] = ['repository', 'tag', 'comment', 'author', 'changes', 'pause', 'alsoTag', 'push'];
const isSwitch = (row: CommitRow | undefined): row is CommitSwitch => row === 'pause' || row === 'push';

/** Paths of the diff the dialog lists before the rest is summed up. */
const DIFF_SHOWN = 4;

export interface CommitRequest {
  type: 'commit';
  containerId: string;
  /** How the dialog names the container: "web (0123456789ab)". */
  label: string;
}

export interface CommitDialog extends CommitRequest {
  fields: Fields<CommitField>;
  pause: boolean;
  push: boolean;
  focus: number;
  showErrors: boolean;
  error?: string;
  busy: boolean;
  /** What the commit will capture, once read; or why it could not be. */
  diff?: { changes?: readonly FileChange[]; message?: string };
  /** The image made, once the engine has answered. */
  done?: { imageId: string; reference: string; message: string };
}

const placeholders: Record<CommitField, string> = {
  repository: 'e.g. myapp or localhost:5000/team/app',
  tag: 'latest',
  changes: 'optional, e.g. ENV A=1; EXPOSE 8080; CMD ["app"]',
  comment: 'optional',
  author: 'optional',
  alsoTag: 'optional, e.g. localhost:5000/team/app:1',
};

const labels: Record<CommitRow, string> = { repository: 'repository', tag: 'tag', changes: 'change', comment: 'comment', author: 'author', alsoTag: 'also tag', pause: 'pause', push: 'push' };

/** The chained tag: a name and a tag (latest when none), never a digest. */
function checkAlsoTag(input: string): Checked<string | undefined> {
  const text = input.trim();
  if (text === '') return { ok: true, value: undefined };
  const parsed = parseImageReference(text);
  if (!parsed.ok) return parsed;
  if (parsed.ref.digest) return { ok: false, message: 'a tag, not a digest: the engine names images by tag' };
  return { ok: true, value: parsed.ref.tag ? text : `${text}:latest` };
}

export function checkCommit(values: Readonly<Record<CommitField, string>>): Record<CommitField, Checked<unknown>> {
  return {
    repository: checkRepository(values.repository),
    tag: checkTag(values.tag),
    changes: checkChanges(values.changes),
    comment: checkFreeText('comment', values.comment),
    author: checkFreeText('author', values.author),
    alsoTag: checkAlsoTag(values.alsoTag),
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
  const v = values(state.fields);
  const checks = checkCommit(v);
  const invalid = commitRows.findIndex((key) => !isSwitch(key) && !checks[key].ok);
  if (invalid !== -1) return { state: { ...state, showErrors: true, focus: invalid } };
  const text = (key: 'comment' | 'author') => {
    const c = checks[key];
    return c.ok && typeof c.value === 'string' ? c.value : undefined;
  };
  const changes = checks.changes.ok ? (checks.changes.value as string[]) : [];
  const tag = checks.tag.ok ? String(checks.tag.value) : 'latest';
  const alsoTag = checks.alsoTag.ok && typeof checks.alsoTag.value === 'string' ? checks.alsoTag.value : undefined;
  const repository = v.repository;
  return {
    state: { ...state, busy: true, error: undefined },
    commands: [
      {
        type: 'container-commit',
        overlay,
        containerId: state.containerId,
        label: state.label,
        repository,
        tag,
        comment: text('comment'),
        author: text('author'),
        ...(changes.length > 0 && { changes }),
        // Only a change from the engine's default is sent.
        ...(!state.pause && { pause: false }),
        ...(alsoTag !== undefined && { alsoTag }),
        ...(state.push && { push: alsoTag ?? `${repository}:${tag}` }),
      },
    ],
  };
}

const actions: TargetActions = {
  commit: {
    container: (state, ctx, c) => openDialog(state, ctx, commit, { type: 'commit', containerId: c.id, label: `${sanitizeLine(c.shown) || shortId(c.id)} (${shortId(c.id)})` }),
  },
};

function diffBlocks(state: CommitDialog): DialogBlock[] {
  const diff = state.diff;
  if (diff === undefined) return [{ kind: 'text', tone: 'muted', text: 'reading what changed since the image…' }];
  if (diff.changes === undefined) return [{ kind: 'text', tone: 'warning', wrap: 'wrap', text: sanitizeLine(`what changed cannot be read: ${diff.message ?? ''}`) }];
  if (diff.changes.length === 0) return [{ kind: 'text', tone: 'muted', text: 'captures: no file changed since the image' }];
  const tree = changeTree(diff.changes);
  return [
    { kind: 'text', tone: 'muted', wrap: 'wrap', text: `captures: ${changeCounts(diff.changes)} (the engine gives no sizes)` },
    ...tree.slice(0, DIFF_SHOWN).map((line): DialogBlock => ({ kind: 'text', text: sanitizeLine(line), wrap: 'middle' })),
    ...(tree.length > DIFF_SHOWN ? [{ kind: 'text' as const, tone: 'muted' as const, text: `… ${tree.length - DIFF_SHOWN} more lines: D on the container shows them all` }] : []),
  ];
}

export const commit = defineDialog<CommitDialog, CommitRequest, CommitReply>({
  id: 'commit',
  changesEngine: true,
  actions,
  open: (request, ctx) => ({
    state: { ...request, fields: { repository: field(), tag: field(), changes: field(), comment: field(), author: field(), alsoTag: field() }, pause: true, push: false, focus: 0, showErrors: false, busy: false },
    commands: [{ type: 'container-changes', overlay: ctx.overlay, containerId: request.containerId }],
  }),
  contexts: (state) => formContexts(state.done || state.busy ? 'none' : isSwitch(commitRows[state.focus]) ? 'toggle' : 'field', commitRows.length),
  key(state, key, ctx) {
    if (state.done) return key.action === 'cancel' || key.action === 'submit' ? { state, close: true } : { state };
    const nav = formKey(key);
    if (nav?.kind === 'close') return { state, close: true };
    if (nav?.kind === 'submit') return submit(state, ctx.overlay);
    if (nav?.kind === 'move') return { state: { ...state, focus: moveFocus(state.focus, nav.delta, commitRows.length) } };
    if (state.busy) return { state };
    const row = commitRows[state.focus] ?? 'repository';
    if (isSwitch(row)) return key.action === 'toggle' ? { state: { ...state, [row]: !state[row] } } : { state };
    const fields = editIn(state.fields, row, key);
    return { state: fields && fields !== state.fields ? { ...state, fields } : state };
  },
  result(state, result, ctx) {
    switch (result.kind) {
      case 'changes':
        return { state: { ...state, diff: { changes: result.changes, message: result.message } } };
      case 'done':
        return {
          state: { ...state, busy: false, done: { imageId: result.imageId, reference: result.reference, message: result.message } },
          notify: { text: result.message },
          reveal: { kind: 'image', id: committedRowKey(ctx.engine, result.imageId, result.reference) },
        };
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
          { kind: 'text', tone: 'muted', wrap: 'wrap', text: sanitizeLine(state.done.message) },
        ],
        hints: [{ action: ['submit', 'cancel'], text: 'closes' }],
      };
    }
    const v = values(state.fields);
    const checks = checkCommit(v);
    const pushes = checkAlsoTag(v.alsoTag);
    const pushed = pushes.ok && pushes.value !== undefined ? pushes.value : `${v.repository || '<repository>'}:${v.tag || 'latest'}`;
    const switchText: Record<CommitSwitch, string> = {
      // Short: a switch's row is one line, and a long description squeezes its label.
      pause: state.pause ? 'paused while committing (the engine’s default)' : 'keeps running: files being written may be torn',
      push: `then push ${truncate(sanitizeLine(pushed), 40)} (Pulls pane)`,
    };
    const blocks: DialogBlock[] = [...diffBlocks(state)];
    commitRows.forEach((key, i) => {
      const focused = !state.busy && state.focus === i;
      if (isSwitch(key)) blocks.push({ kind: 'toggle', label: labels[key], on: state[key], focused, description: switchText[key] });
      else {
        const c = checks[key];
        blocks.push({ kind: 'field', label: labels[key], field: state.fields[key], focused, placeholder: placeholders[key], message: state.showErrors && !c.ok ? c.message : undefined });
      }
    });
    if (state.busy) blocks.push({ kind: 'busy', text: `committing ${state.label}…` });
    return {
      title: `Commit ${state.label} to an image`,
      width: 'form',
      blocks,
      error: state.error,
      focus: state.focus,
      hints: state.busy
        ? [{ text: 'committing…' }, { action: 'cancel', text: 'closes' }]
        : [{ action: 'submit', text: 'commit' }, { action: ['next-field', 'prev-field'], text: 'field' }, ...(isSwitch(commitRows[state.focus]) ? [{ action: 'toggle' as const, text: 'toggles' }] : []), { action: 'cancel', text: 'cancel' }],
    };
  },
});

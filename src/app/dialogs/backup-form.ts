/**
 * What the backup dialogs share (save-tar.ts: a save or a container's export, which only read;
 * backup.ts: a load, a volume's export or restore, which change the engine): the local file
 * (prefilled in the current directory), for a volume the helper image (the smallest the engine
 * has) and the volume, and what to do with its running users while it is read. A file already
 * there, or a volume that holds files, is asked about first: Enter again goes on, Esc keeps it.
 * Started, the dialog closes on the Transfers pane, its new block selected.
 */
import type { ImageSummary } from '../../engine/types.ts';
import type { BackupJob, VolumeUsers } from '../../state/backups/backup-jobs.ts';
import { smallestImage } from '../../state/backups/volume-helper.ts';
import type { BackupReply } from '../commands.ts';
import { sanitizeLine } from '../format/index.ts';
import { field } from '../input/field.ts';
import { editIn, formKey, moveFocus, values, type Fields } from './form.ts';
import { formContexts, type DialogKey, type DialogViewContext, type Outcome } from './machine.ts';
import type { DialogBlock, DialogView, Hint } from './view.ts';

export type BackupText = 'file' | 'image' | 'volume';
export type BackupRow = BackupText | 'users';

/** The job as the dialog opened it: the field values fill in the rest. */
export type JobDraft =
  | { kind: 'image-save'; names: readonly string[]; total?: number }
  | { kind: 'image-load' }
  | { kind: 'container-export'; containerId: string; name: string }
  /** `total`: the volume's size, when the disk usage had measured it. */
  | { kind: 'volume-export'; volume: string; users: number; total?: number }
  | { kind: 'volume-restore' };

export interface BackupFormState {
  type: string;
  draft: JobDraft;
  rows: readonly BackupRow[];
  fields: Fields<BackupText>;
  users: VolumeUsers;
  focus: number;
  showErrors: boolean;
  busy: boolean;
  error?: string;
  /** Asked: a file is here; Enter again replaces it. */
  exists?: string;
  /** Asked: the volume holds files; Enter again writes into it. */
  notEmpty?: string;
}

/** A name fit for a file in the current directory ("busybox:latest" → "busybox_latest"; Podman's "docker.io/library/" left out). */
export function fileWord(name: string): string {
  return name
    .replace(/^\/+/, '')
    .replace(/^docker\.io\/(library\/)?/, '').replace(/[^A-Za-z0-9._-]+/g, '_') || 'backup';
}

/** The form's first state: its rows and their prefills. */
export function openForm(type: string, draft: JobDraft, images: readonly ImageSummary[], volume = ''): BackupFormState {
  const helper = smallestImage(images) ?? '';
  const file =
    draft.kind === 'image-save'
      ? `./${draft.names.length === 1 ? fileWord(draft.names[0] ?? '') : 'image-set'}.tar`
      : draft.kind === 'container-export'
        ? `./${fileWord(draft.name)}.tar`
        : draft.kind === 'volume-export'
          ? `./${fileWord(draft.volume)}.tar`
          : '';
  const rows: BackupRow[] = draft.kind === 'volume-export' ? ['file', 'image', ...(draft.users > 0 ? (['users'] as const) : [])] : draft.kind === 'volume-restore' ? ['file', 'volume', 'image'] : ['file'];
  return { type, draft, rows, fields: { file: field(file), image: field(helper), volume: field(volume) }, users: 'leave', focus: 0, showErrors: false, busy: false };
}

type Problems = Partial<Record<BackupRow, string>>;

function problemsOf(state: BackupFormState): Problems {
  const v = values(state.fields);
  const reads = state.draft.kind === 'image-load' || state.draft.kind === 'volume-restore';
  return {
    ...(v.file.trim() === '' && { file: reads ? 'type the local tar to read, e.g. ./backup.tar' : 'type the file to write, e.g. ./backup.tar' }),
    ...(state.rows.includes('image') && v.image.trim() === '' && { image: 'type an image the engine has (the helper never runs: any will do)' }),
    ...(state.rows.includes('volume') && v.volume.trim() === '' && { volume: 'type the volume to restore into (a new name creates it)' }),
  };
}

/** The job the fields make. */
function jobOf(state: BackupFormState): BackupJob {
  const v = values(state.fields);
  const draft = state.draft;
  switch (draft.kind) {
    case 'volume-export':
      return { kind: 'volume-export', volume: draft.volume, image: v.image.trim(), users: state.users, ...(draft.total !== undefined && { total: draft.total }) };
    case 'volume-restore':
      return { kind: 'volume-restore', volume: v.volume.trim(), image: v.image.trim() };
    default:
      return draft;
  }
}

const USERS_NEXT: Record<VolumeUsers, VolumeUsers> = { leave: 'pause', pause: 'stop', stop: 'leave' };
const USERS_TEXT: Record<VolumeUsers, string> = {
  leave: 'leave them running (what they write meanwhile may be half in the tar)',
  pause: 'pause them while it is read, then resume them',
  stop: 'stop them while it is read, then start them again',
};

export function formContextsOf(state: BackupFormState) {
  return formContexts(state.busy ? 'none' : state.rows[state.focus] === 'users' ? 'toggle' : 'field', state.rows.length);
}

export function backupKey<S extends BackupFormState>(state: S, key: DialogKey, overlay: number): Outcome<S> {
  const nav = formKey(key);
  if (nav?.kind === 'close') return state.exists || state.notEmpty ? { state: { ...state, exists: undefined, notEmpty: undefined } } : { state, close: true };
  if (nav?.kind === 'submit') {
    if (state.busy) return { state };
    const found = problemsOf(state);
    const first = state.rows.findIndex((row) => found[row] !== undefined);
    if (first >= 0) return { state: { ...state, showErrors: true, focus: first, exists: undefined, notEmpty: undefined } };
    const command = { type: 'backup-start' as const, overlay, job: jobOf(state), file: values(state.fields).file.trim(), overwrite: state.exists !== undefined, intoFiles: state.notEmpty !== undefined };
    return { state: { ...state, busy: true, error: undefined }, commands: [command] };
  }
  if (nav?.kind === 'move') return { state: { ...state, focus: moveFocus(state.focus, nav.delta, state.rows.length) } };
  if (state.busy) return { state };
  const row = state.rows[state.focus] ?? 'file';
  if (row === 'users') return key.action === 'toggle' ? { state: { ...state, users: USERS_NEXT[state.users] } } : { state };
  const fields = editIn(state.fields, row, key);
  // Another file or volume asks its question again.
  return { state: fields && fields !== state.fields ? { ...state, fields, exists: undefined, notEmpty: undefined } : state };
}

export function backupResult<S extends BackupFormState>(state: S, result: BackupReply): Outcome<S> {
  switch (result.kind) {
    case 'started':
      return { state: { ...state, busy: false }, close: true, reveal: { kind: 'pull', id: result.transferId } };
    case 'exists':
      return { state: { ...state, busy: false, exists: result.target } };
    case 'not-empty':
      return { state: { ...state, busy: false, notEmpty: result.volume } };
    case 'failed':
      return { state: { ...state, busy: false, error: result.message } };
  }
}

const LABELS: Record<BackupRow, string> = { file: 'file', image: 'helper', volume: 'volume', users: 'its users' };

export function backupView(state: BackupFormState, ctx: DialogViewContext, title: string, verb: string): DialogView {
  const problems = state.showErrors ? problemsOf(state) : {};
  const reads = state.draft.kind === 'image-load' || state.draft.kind === 'volume-restore';
  const placeholders: Record<BackupText, string> = {
    file: reads ? 'a local .tar or .tar.gz' : 'a new local file (.tar; .tar.gz for a volume)',
    image: 'an image the engine has, for the helper container (it never runs)',
    volume: 'a new or empty volume',
  };
  const blocks: DialogBlock[] = state.rows.map((row, i): DialogBlock => {
    const focused = !state.busy && state.focus === i;
    if (row === 'users') return { kind: 'toggle', label: LABELS.users, on: state.users !== 'leave', focused, description: USERS_TEXT[state.users] };
    return { kind: 'field', label: LABELS[row], field: state.fields[row], focused, placeholder: placeholders[row], message: problems[row] };
  });
  if (state.exists) blocks.push({ kind: 'text', tone: 'warning', wrap: 'wrap', text: `${sanitizeLine(state.exists)} is already there: ${ctx.keymap.shortLabel('submit')} replaces it (once the new one is whole)` });
  if (state.notEmpty) blocks.push({ kind: 'text', tone: 'warning', wrap: 'wrap', text: `volume ${sanitizeLine(state.notEmpty)} holds files: ${ctx.keymap.shortLabel('submit')} writes the tar into it (files of the same name are replaced)` });
  if (state.busy) blocks.push({ kind: 'busy', text: 'checking…' });
  const asked = state.exists !== undefined || state.notEmpty !== undefined;
  const hints: Hint[] = state.busy
    ? [{ text: 'checking…' }, { action: 'cancel', text: 'closes' }]
    : asked
      ? [{ action: 'submit', text: state.exists ? 'replaces it' : 'writes into it' }, { action: 'cancel', text: 'keeps it' }]
      : [
          { action: 'submit', text: verb },
          ...(state.rows.length > 1 ? [{ action: ['next-field', 'prev-field'] as const, text: 'field' }] : []),
          ...(state.rows[state.focus] === 'users' ? [{ action: 'toggle' as const, text: 'leave, pause, stop' }] : []),
          { action: 'cancel', text: 'cancel' },
        ];
  return { title, width: 'form', blocks, error: state.error, focus: state.focus, hints };
}

/**
 * Pull (`p`), or push (`P` on an image): an image reference, and optionally a username and password. Without typed
 * credentials the pull uses what the docker CLI would (config.json `auths`, `credHelpers`,
 * `credsStore`), and the dialog says which source that is once typing pauses.
 *
 * The password is masked when drawn and lives only here, in this dialog's state. Enter hands it
 * to the pull manager inside the command and wipes it from the state in the same step, so from
 * then on the store no longer holds it. The dialog stays open until the registry has taken the
 * credentials (the pull then shows in the Pulls pane) or refused them: then the image and the
 * username stay, the password field is empty, and Enter tries again with what is typed. The credentials the lookup finds are never kept: only
 * their description is.
 */
import { formDialogWidth } from './width.ts';
import { parseImageReference, pullTarget } from '../../engine/reference.ts';
import { checkPassword, checkUsername } from '../../state/validation.ts';
import type { TargetActions } from '../actions/target-actions.ts';
import { notify, type PullReply } from '../commands.ts';
import { sanitizeLine, truncate } from '../format/index.ts';
import { field } from '../input/field.ts';
import { editIn, formKey, moveFocus, setValue, values, type Fields } from './form.ts';
import { afterEdit, idlePicker, moveCursor, pick, pickerBlocks, pickerResult, rowsOf, unasked, type Picker } from './pull-search.ts';
import { defineDialog, formContexts, type DialogKey, type Outcome } from './machine.ts';
import { openDialog } from './open.ts';
import type { DialogBlock, Tone } from './view.ts';

export type PullField = 'image' | 'username' | 'password';
export const pullRows: readonly PullField[] = ['image', 'username', 'password'];

/** How long typing must pause before the credential source is looked up. */
export const LOOKUP_DELAY_MS = 150;

export interface PullRequest {
  type: 'pull';
  /** Prefills the image field. */
  reference?: string;
  /** The same dialog pushes this local image instead (`P` in the Images pane). */
  push?: boolean;
}

export type Lookup = { state: 'idle' } | { state: 'looking'; reference: string } | { state: 'found'; description: string } | { state: 'failed'; message: string };

export interface PullDialog {
  type: 'pull';
  /** A push: the same fields, the same credentials, the other direction. */
  push: boolean;
  fields: Fields<PullField>;
  focus: number;
  showErrors: boolean;
  /** Why the pull could not start. */
  error?: string;
  lookup: Lookup;
  /** Enter was pressed and the pull is being handed over: the password is already gone. */
  starting: boolean;
  /** The registry refused the last credentials: the dialog asks for others. */
  refused?: boolean;
  /** Images to fill in with the suggest key (the demo registry's samples), read when it opens. */
  suggestions: readonly string[];
  /** What the registries list for the image field, and the list's cursor (pull-search.ts). A push asks nothing. */
  picker: Picker;
}

/** What is wrong with each field, if anything: the reference's grammar, then the credentials. */
export function pullProblems(v: Readonly<Record<PullField, string>>): Partial<Record<PullField, string>> {
  const reference = parseImageReference(v.image);
  const user = checkUsername(v.username);
  const secret = checkPassword(v.password);
  let password = secret.ok ? undefined : secret.message;
  if (!password && v.username !== '' && v.password === '') password = 'enter the password too, or clear the username to use the credentials found';
  if (!password && v.username === '' && v.password !== '') password = 'enter the username for this password';
  return { image: reference.ok ? undefined : reference.message, username: user.ok ? undefined : user.message, password };
}

/** The reference the credential lookup is for: the familiar form, or none while it does not parse. */
function lookupReference(image: string): string | undefined {
  const parsed = parseImageReference(image);
  return parsed.ok ? parsed.ref.familiar : undefined;
}

/** After the image field changed: look the credentials up again once typing pauses. */
function relookup(state: PullDialog, previousImage: string, overlay: number): Outcome<PullDialog> {
  const before = lookupReference(previousImage);
  const now = lookupReference(state.fields.image.value);
  if (now === before) return { state };
  if (now === undefined) return { state: { ...state, lookup: { state: 'idle' } } };
  return {
    state: { ...state, lookup: { state: 'looking', reference: now } },
    commands: [{ type: 'timer-start', ms: LOOKUP_DELAY_MS, key: `lookup:${overlay}`, overlay, action: { type: 'dialog', overlay, result: { kind: 'lookup-due', reference: now } } }],
  };
}

/** Opens the dialog; a prefilled reference is looked up at once (after the usual pause). */
function openPull(request: PullRequest, overlay: number, suggestions: readonly string[]): Outcome<PullDialog> {
  const state: PullDialog = {
    type: 'pull',
    push: request.push === true,
    fields: { image: field(request.reference ?? ''), username: field(), password: field() },
    focus: 0,
    showErrors: false,
    lookup: { state: 'idle' },
    starting: false,
    suggestions,
    picker: idlePicker,
  };
  return relookup(state, '', overlay);
}

/** After the image field changed: the credentials looked up again, and (a pull) the registries asked. */
function edited(state: PullDialog, previousImage: string, overlay: number): Outcome<PullDialog> {
  const looked = relookup(state, previousImage, overlay);
  if (state.push || state.fields.image.value === previousImage) return looked;
  const { picker, commands } = afterEdit(looked.state.picker, looked.state.fields.image.value, overlay);
  return { state: { ...looked.state, picker }, commands: [...(looked.commands ?? []), ...commands] };
}

/** A key while the list has the cursor: move in it, leave it past its ends, Enter picks the row. */
function listKey(state: PullDialog, key: DialogKey, overlay: number): Outcome<PullDialog> {
  const cursor = state.picker.cursor ?? 0;
  const rows = rowsOf(state.picker, state.fields.image.value);
  const nav = formKey(key);
  if (nav?.kind === 'close') return { state, close: true };
  if (nav?.kind === 'move') {
    const next = moveCursor(cursor, nav.delta, rows.length);
    // Past the last row: the username; before the first: the image field again.
    return { state: { ...state, picker: { ...state.picker, cursor: next }, focus: next === undefined && nav.delta === 1 ? 1 : 0 } };
  }
  const row = rows[cursor];
  if (nav?.kind !== 'submit' || !row) return { state };
  const picked = pick(state.picker, row, overlay);
  const fields = setValue<PullField>(state.fields, 'image', picked.image);
  const looked = relookup({ ...state, fields, picker: picked.picker, focus: 0, error: undefined }, state.fields.image.value, overlay);
  return { state: looked.state, commands: [...(looked.commands ?? []), ...picked.commands] };
}

function submit(state: PullDialog, overlay: number): Outcome<PullDialog> {
  if (state.starting) return { state };
  const v = values(state.fields);
  const problems = pullProblems(v);
  if (problems.image || problems.username || problems.password) {
    return { state: { ...state, showErrors: true, focus: problems.image ? 0 : problems.username || v.username === '' ? 1 : 2 } };
  }
  const auth = v.username !== '' ? { username: v.username, password: v.password } : undefined;
  // The password leaves the store in this very step: the command carries it to the pull manager.
  const wiped: PullDialog = { ...state, fields: { ...state.fields, password: field() }, picker: unasked(state.picker), starting: true, error: undefined };
  return { state: wiped, commands: [{ type: 'pull-start', overlay, reference: v.image, auth, ...(state.push && { push: true }) }] };
}

/**
 * The image after `current` in `suggestions` (the first when `current` is none of them), so that
 * pressing the key again walks through them all.
 */
export function nextSuggestion(suggestions: readonly string[], current: string): string | undefined {
  if (suggestions.length === 0) return undefined;
  const at = suggestions.indexOf(current);
  return suggestions[(at + 1) % suggestions.length];
}

const actions: TargetActions = {
  pull: { app: (state, ctx) => openDialog(state, ctx, pull, { type: 'pull' }) },
  push: {
    image: (state, ctx, i) =>
      i.tag.startsWith('<none>') ? notify(state, `an untagged image has nothing to push to: tag it first (${ctx.keymap.label('tag')})`, 'error') : openDialog(state, ctx, pull, { type: 'pull', reference: i.tag, push: true }),
  },
};

/** The credentials' source as the dialog says it, and in what tone. */
function credentialLine(state: PullDialog): { text: string; tone?: Tone } {
  const { username, password } = state.fields;
  if (username.value !== '' || password.value !== '') return { text: `credentials: typed here${username.value ? ` (user ${sanitizeLine(username.value)})` : ''}` };
  const { lookup } = state;
  if (lookup.state === 'looking') return { text: 'credentials: looking…', tone: 'muted' };
  if (lookup.state === 'found') return { text: `credentials: ${lookup.description}` };
  if (lookup.state === 'failed') return { text: `credentials: ${lookup.message}`, tone: 'error' };
  return { text: 'credentials: found for the image’s registry once it is typed', tone: 'muted' };
}

export const pull = defineDialog<PullDialog, PullRequest, PullReply>({
  id: 'pull',
  changesEngine: true,
  actions,
  open: (request, ctx) => openPull(request, ctx.overlay, ctx.engine.demo?.images ?? []),
  // The list's cursor: only the form's moves and the dialog's keys (Enter picks); no field types.
  contexts: (state) => (state.picker.cursor !== undefined && !state.starting ? ['form', 'dialog'] : formContexts(state.starting ? 'none' : 'field', pullRows.length, state.suggestions.length > 0 ? ['suggestions'] : [])),
  key(state, key, ctx) {
    if (state.picker.cursor !== undefined && !state.starting) return listKey(state, key, ctx.overlay);
    const nav = formKey(key);
    const suggestion = key.action === 'suggest' && !state.starting ? nextSuggestion(state.suggestions, state.fields.image.value) : undefined;
    if (suggestion !== undefined) {
      // In the demo: its registry's sample images, one after another, in the image field.
      const fields = { ...state.fields, image: field(suggestion) };
      return edited({ ...state, fields, focus: 0, error: undefined }, state.fields.image.value, ctx.overlay);
    }
    if (nav?.kind === 'close') return { state, close: true };
    if (nav?.kind === 'submit') return submit(state, ctx.overlay);
    // Tab/↓ from the image field goes through the registries' list first, when it has rows.
    if (nav?.kind === 'move' && nav.delta === 1 && state.focus === 0 && !state.starting && rowsOf(state.picker, state.fields.image.value).length > 0) {
      return { state: { ...state, picker: { ...state.picker, cursor: 0 } } };
    }
    if (nav?.kind === 'move') return { state: { ...state, focus: moveFocus(state.focus, nav.delta, pullRows.length) } };
    if (state.starting) return { state };
    const row = pullRows[state.focus] ?? 'image';
    const fields = editIn(state.fields, row, key);
    if (!fields || fields === state.fields) return { state };
    if (row !== 'image') return { state: { ...state, fields } };
    // A new reference: the last refusal no longer applies, and the credentials may come from elsewhere.
    const changed = fields.image.value !== state.fields.image.value;
    return edited({ ...state, fields, error: changed ? undefined : state.error }, state.fields.image.value, ctx.overlay);
  },
  result(state, result, ctx) {
    const current = lookupReference(state.fields.image.value);
    switch (result.kind) {
      case 'started':
        return { state, close: true, reveal: { kind: 'pull', id: result.pullId } };
      case 'failed':
        // Refused credentials: to the password (the username when none was typed), typed again.
        return {
          state: { ...state, starting: false, error: result.message, refused: result.credentials === true, ...(result.credentials && { focus: state.fields.username.value === '' ? 1 : 2 }) },
        };
      case 'lookup-due':
        return result.reference === current ? { state, commands: [{ type: 'credentials-lookup', overlay: ctx.overlay, reference: result.reference }] } : { state };
      case 'looked-up':
        return result.reference === current ? { state: { ...state, lookup: { state: 'found', description: result.description } } } : { state };
      case 'lookup-failed':
        return result.reference === current ? { state: { ...state, lookup: { state: 'failed', message: result.message } } } : { state };
      default: {
        const next = pickerResult(state.picker, state.fields.image.value, result, ctx.overlay);
        return next ? { state: next.picker === state.picker ? state : { ...state, picker: next.picker }, commands: next.commands } : { state };
      }
    }
  },
  view(state, ctx) {
    const { image, username, password } = state.fields;
    const inner = formDialogWidth(ctx.width) - 4;
    const problems = state.showErrors ? pullProblems(values(state.fields)) : {};
    const parsed = parseImageReference(image.value);
    let target = '';
    if (parsed.ok) {
      const t = pullTarget(parsed.ref);
      target = `${t.fromImage}${t.tag.includes(':') ? '@' : ':'}${t.tag}${t.impliedLatest ? '  (no tag given: latest)' : ''}`;
    }
    const source = credentialLine(state);
    const samples = state.suggestions;
    const inList = state.picker.cursor !== undefined;
    const enter = inList ? `${ctx.keymap.label('submit')} picks` : `${ctx.keymap.label('next-field')} to choose`;
    const blocks: DialogBlock[] = [
      { kind: 'field', label: 'image', field: image, focused: state.focus === 0 && !inList, placeholder: 'e.g. alpine, nginx:1.27, registry:5000/team/app:1', message: problems.image },
      ...(state.push ? [] : pickerBlocks(state.picker, image.value, inner, enter)),
      { kind: 'field', label: 'username', field: username, focused: state.focus === 1 && !inList, placeholder: 'optional: overrides the credentials found', message: problems.username },
      { kind: 'field', label: 'password', field: password, focused: state.focus === 2 && !inList, mask: true, message: problems.password },
      { kind: 'text', tone: 'muted', text: truncate(target ? `${state.push ? 'pushes' : 'pulls'} ${sanitizeLine(target)}` : ' ', inner) },
      { kind: 'text', tone: source.tone, text: truncate(sanitizeLine(source.text), inner) },
    ];
    if (state.refused && !state.starting) {
      blocks.push({ kind: 'text', tone: 'warning', wrap: 'wrap', text: `the registry refused these credentials: type others (the password again) and ${ctx.keymap.label('submit')} tries again` });
    }
    if (state.starting) blocks.push({ kind: 'busy', text: `${state.push ? 'pushing' : 'pulling'}: waiting for the registry to take the credentials…` });
    if (samples.length > 0) {
      blocks.push({ kind: 'text', tone: 'accent', wrap: 'wrap', text: `demo registry ${sanitizeLine(ctx.engine.demo?.registry ?? '')}: ${ctx.keymap.label('suggest')} fills in ${samples.map((sample) => sanitizeLine(sample)).join(', ')}` });
    }
    return {
      title: state.push ? 'Push an image' : 'Pull an image',
      width: 'form',
      blocks,
      error: state.error,
      focus: state.focus,
      hints: state.starting
        ? [{ action: 'cancel', text: `closes (the ${state.push ? 'push' : 'pull'} goes on in the Pulls pane)` }]
        : inList
          ? [{ action: 'submit', text: 'pick' }, { action: ['next-field', 'prev-field'], text: 'move' }, { action: 'cancel', text: 'cancel' }]
          : [{ action: 'submit', text: state.push ? 'push' : 'pull' }, { action: ['next-field', 'prev-field'], text: 'field' }, { action: 'cancel', text: 'cancel' }],
    };
  },
});

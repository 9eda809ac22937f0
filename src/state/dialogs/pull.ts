/**
 * Pull (`p`), or push (`P` on an image): an image reference, and optionally a username and password. Without typed
 * credentials the pull uses what the docker CLI would (config.json `auths`, `credHelpers`,
 * `credsStore`), and the dialog says which source that is once typing pauses.
 *
 * The password is masked when drawn and lives only here, in this dialog's state. Enter hands it
 * to the pull manager inside the command and wipes it from the state in the same step, so from
 * then on the store no longer holds it. The credentials the lookup finds are never kept: only
 * their description is.
 */
import { parseImageReference } from '../../engine/reference.ts';
import { field } from '../input/field.ts';
import { editIn, formKey, moveFocus, values, type Fields } from './form.ts';
import type { DialogMachine, Outcome } from './machine.ts';
import { checkPassword, checkUsername } from './validation.ts';

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
}

export type PullCommand =
  | { type: 'start-pull'; overlay: number; reference: string; auth?: { username: string; password: string }; push?: boolean }
  | { type: 'lookup-credentials'; overlay: number; reference: string };

export type PullResult =
  | { kind: 'started'; pullId: string }
  | { kind: 'failed'; message: string }
  /** Typing paused on `reference`: look it up if it is still what the field says. */
  | { kind: 'lookup-due'; reference: string }
  | { kind: 'looked-up'; reference: string; description: string }
  | { kind: 'lookup-failed'; reference: string; message: string };

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
    commands: [{ type: 'after', ms: LOOKUP_DELAY_MS, key: `lookup:${overlay}`, overlay, action: { type: 'dialog', overlay, result: { kind: 'lookup-due', reference: now } } }],
  };
}

/** Opens the dialog; a prefilled reference is looked up at once (after the usual pause). */
export function openPull(request: PullRequest, overlay: number): Outcome<PullDialog> {
  const state: PullDialog = { type: 'pull', push: request.push === true, fields: { image: field(request.reference ?? ''), username: field(), password: field() }, focus: 0, showErrors: false, lookup: { state: 'idle' }, starting: false };
  return relookup(state, '', overlay);
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
  const wiped: PullDialog = { ...state, fields: { ...state.fields, password: field() }, starting: true, error: undefined };
  return { state: wiped, commands: [{ type: 'start-pull', overlay, reference: v.image, auth, ...(state.push && { push: true }) }] };
}

/** The key that fills the image field with the next of the demo registry's sample images. */
export const SUGGEST_KEY = 'ctrl+n';

/**
 * The image after `current` in `suggestions` (the first when `current` is none of them), so that
 * pressing the key again walks through them all.
 */
export function nextSuggestion(suggestions: readonly string[], current: string): string | undefined {
  if (suggestions.length === 0) return undefined;
  const at = suggestions.indexOf(current);
  return suggestions[(at + 1) % suggestions.length];
}

export const pullMachine: DialogMachine<PullDialog, PullResult> = {
  key(state, press, ctx) {
    const nav = formKey(press.name);
    const suggestion = press.name === SUGGEST_KEY && !state.starting ? nextSuggestion(ctx.engine.demo?.images ?? [], state.fields.image.value) : undefined;
    if (suggestion !== undefined) {
      // In the demo: its registry's sample images, one after another, in the image field.
      const fields = { ...state.fields, image: field(suggestion) };
      return relookup({ ...state, fields, focus: 0, error: undefined }, state.fields.image.value, ctx.overlay);
    }
    if (nav?.kind === 'close') return { state, close: true };
    if (nav?.kind === 'submit') return submit(state, ctx.overlay);
    if (nav?.kind === 'move') return { state: { ...state, focus: moveFocus(state.focus, nav.delta, pullRows.length) } };
    if (state.starting) return { state };
    const key = pullRows[state.focus] ?? 'image';
    const fields = editIn(state.fields, key, press);
    if (!fields || fields === state.fields) return { state };
    if (key !== 'image') return { state: { ...state, fields } };
    // A new reference: the last refusal no longer applies, and the credentials may come from elsewhere.
    const changed = fields.image.value !== state.fields.image.value;
    return relookup({ ...state, fields, error: changed ? undefined : state.error }, state.fields.image.value, ctx.overlay);
  },
  result(state, result, ctx) {
    const current = lookupReference(state.fields.image.value);
    switch (result.kind) {
      case 'started':
        return { state, close: true, select: { pane: 'pulls', id: result.pullId } };
      case 'failed':
        return { state: { ...state, starting: false, error: result.message } };
      case 'lookup-due':
        return result.reference === current ? { state, commands: [{ type: 'lookup-credentials', overlay: ctx.overlay, reference: result.reference }] } : { state };
      case 'looked-up':
        return result.reference === current ? { state: { ...state, lookup: { state: 'found', description: result.description } } } : { state };
      case 'lookup-failed':
        return result.reference === current ? { state: { ...state, lookup: { state: 'failed', message: result.message } } } : { state };
    }
  },
};

/**
 * What copy out (`C`) and copy in (`I`) share: two fields (what to copy, and the directory it goes
 * into), a question when that would replace something (Enter again replaces it, Esc keeps it),
 * and the engine's answer. Each dialog says which side is local, how to check its fields, the
 * command it sends and what it says; the keys and the view are the same.
 */
import { sanitizeLine, shortId } from '../format/index.ts';
import { editIn, formKey, moveFocus, values, type Fields } from './form.ts';
import type { DialogKey, DialogViewContext, Outcome } from './machine.ts';
import { formHints, type DialogBlock, type DialogView } from './view.ts';

export type CopyField = 'source' | 'directory';
export const copyRows: readonly CopyField[] = ['source', 'directory'];

export interface CopyFormState {
  containerId: string;
  name: string;
  fields: Fields<CopyField>;
  focus: number;
  showErrors: boolean;
  error?: string;
  busy: boolean;
  /** Asked: this path exists where the copy lands; Enter again replaces it. */
  exists?: string;
}

export type CopyProblems = Partial<Record<CopyField, string>>;

/** The keys of either copy dialog; `send` makes the request once the fields are right. */
export function copyFormKey<S extends CopyFormState>(state: S, key: DialogKey, problems: (v: Readonly<Record<CopyField, string>>) => CopyProblems, send: (state: S, v: Readonly<Record<CopyField, string>>, overwrite: boolean) => Outcome<S>): Outcome<S> {
  const nav = formKey(key);
  if (nav?.kind === 'close') return state.exists ? { state: { ...state, exists: undefined } } : { state, close: true };
  if (nav?.kind === 'submit') {
    if (state.busy) return { state };
    const overwrite = state.exists !== undefined;
    const v = values(state.fields);
    const found = problems(v);
    if (found.source || found.directory) return { state: { ...state, exists: undefined, showErrors: true, focus: found.source ? 0 : 1 } };
    return send({ ...state, exists: undefined, busy: true, error: undefined }, v, overwrite);
  }
  if (nav?.kind === 'move') return { state: { ...state, focus: moveFocus(state.focus, nav.delta, copyRows.length) } };
  if (state.busy) return { state };
  const fields = editIn(state.fields, copyRows[state.focus] ?? 'source', key);
  // Changing what is copied, or where, asks the overwrite question again.
  return { state: fields && fields !== state.fields ? { ...state, fields, exists: undefined } : state };
}

/** The engine's answer: `exists` asks, `failed` shows its words; `done` is each dialog's own. */
export function copyFormResult<S extends CopyFormState>(state: S, result: { kind: 'exists'; target: string } | { kind: 'failed'; message: string }): Outcome<S> {
  return result.kind === 'exists' ? { state: { ...state, busy: false, exists: result.target } } : { state: { ...state, busy: false, error: result.message } };
}

export interface CopyWords {
  /** 'Copy out of', 'Copy into'. */
  title: string;
  labels: Record<CopyField, string>;
  placeholders: Record<CopyField, string>;
  /** Where an existing path is (' in the container', or nothing). */
  existsWhere: string;
  /** 'copying out of', 'copying into'. */
  busy: string;
}

export function copyFormView(state: CopyFormState, ctx: DialogViewContext, problemsOf: (v: Readonly<Record<CopyField, string>>) => CopyProblems, words: CopyWords): DialogView {
  const label = `${sanitizeLine(state.name) || shortId(state.containerId)} (${shortId(state.containerId)})`;
  const problems = state.showErrors ? problemsOf(values(state.fields)) : {};
  const blocks: DialogBlock[] = copyRows.map((row, i) => ({ kind: 'field', label: words.labels[row], field: state.fields[row], focused: !state.busy && state.focus === i, placeholder: words.placeholders[row], message: problems[row] }));
  if (state.exists) blocks.push({ kind: 'text', tone: 'warning', wrap: 'wrap', text: `${sanitizeLine(state.exists)} is already there${words.existsWhere}: ${ctx.keymap.shortLabel('submit')} replaces it` });
  if (state.busy) blocks.push({ kind: 'busy', text: `${words.busy} ${label}…` });
  return {
    title: `${words.title} ${label}`,
    width: 'form',
    blocks,
    error: state.error,
    focus: state.focus,
    hints: state.busy ? [{ text: 'copying…' }, { action: 'cancel', text: 'closes' }] : state.exists ? [{ action: 'submit', text: 'replaces it' }, { action: 'cancel', text: 'keeps it' }] : formHints('copy', copyRows.length),
  };
}

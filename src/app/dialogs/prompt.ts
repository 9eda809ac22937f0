/**
 * A one-field prompt: what kill, rename, tag, create and scale each are. One field, checked as
 * the engine would check it before anything is sent; Enter sends once; the engine's refusal stays
 * in the dialog with what was typed. Each of those dialogs is a module of its own built with
 * `definePrompt`: its words, its check, its command and the actions that open it.
 */
import type { Checked } from '../../state/validation.ts';
import type { TargetActions } from '../actions/target-actions.ts';
import type { Command, RequestReply } from '../commands.ts';
import { field } from '../input/field.ts';
import { editIn, type Fields } from './form.ts';
import { defineDialog, formContexts, type DialogModule, type Outcome } from './machine.ts';
import type { DialogBlock } from './view.ts';

/** What a prompt's state holds besides its own request. */
export interface PromptState {
  fields: Fields<'value'>;
  showErrors: boolean;
  error?: string;
  busy: boolean;
}

export interface PromptWords {
  title: string;
  /** "killing": what the busy line and the hint say while the request is out. */
  doing: string;
  /** "send the signal": what Enter does. */
  enter: string;
  /** The field's label. */
  field: string;
  placeholder?: string;
  /** A line under the field, e.g. what the signal does. */
  note?: { text: string; tone: 'warning' | 'muted' };
}

export interface PromptSpec<Q extends { type: string }> {
  id: Q['type'];
  actions: TargetActions;
  /** As a dialog's (machine.ts). */
  changesEngine: boolean;
  /** What the field starts with (a rename starts from the current name). */
  start(request: Q): string;
  check(request: Q, input: string): Checked<string>;
  words(state: Q & PromptState, checked: Checked<string>): PromptWords;
  command(state: Q & PromptState, value: string, overlay: number): Command;
}

/** A one-field prompt's module. */
export type Prompt<Q extends { type: string }> = DialogModule<Q & PromptState, Q, RequestReply>;

export function definePrompt<Q extends { type: string }>(spec: PromptSpec<Q>): Prompt<Q> {
  return defineDialog<Q & PromptState, Q, RequestReply>({
    id: spec.id,
    actions: spec.actions,
    changesEngine: spec.changesEngine,
    open: (request) => ({ state: { ...request, fields: { value: field(spec.start(request)) }, showErrors: false, busy: false } }),
    contexts: (state) => formContexts(state.busy ? 'none' : 'field', 1),
    key(state, key, ctx): Outcome<Q & PromptState> {
      if (key.action === 'cancel') return { state, close: true };
      if (key.action === 'submit') {
        if (state.busy) return { state };
        const checked = spec.check(state, state.fields.value.value);
        if (!checked.ok) return { state: { ...state, showErrors: true } };
        return { state: { ...state, busy: true, error: undefined }, commands: [spec.command(state, checked.value, ctx.overlay)] };
      }
      if (state.busy) return { state };
      const fields = editIn(state.fields, 'value', key);
      return { state: fields && fields !== state.fields ? { ...state, fields } : state };
    },
    result(state, result): Outcome<Q & PromptState> {
      if (result.kind === 'done') return { state: { ...state, busy: false }, close: true, notify: { text: result.message } };
      return { state: { ...state, busy: false, error: result.message } };
    },
    view(state) {
      const checked = spec.check(state, state.fields.value.value);
      const words = spec.words(state, checked);
      const blocks: DialogBlock[] = [];
      if (words.note) blocks.push({ kind: 'text', tone: words.note.tone, wrap: 'wrap', text: words.note.text });
      blocks.push({ kind: 'field', label: words.field, field: state.fields.value, focused: !state.busy, placeholder: words.placeholder, message: state.showErrors && !checked.ok ? checked.message : undefined });
      if (state.busy) blocks.push({ kind: 'busy', text: `${words.doing}…` });
      return {
        title: words.title,
        width: 'form',
        blocks,
        error: state.error,
          hints: state.busy ? [{ text: `${words.doing}…` }, { action: 'cancel', text: 'closes' }] : [{ action: 'submit', text: words.enter }, { action: 'cancel', text: 'cancel' }],
      };
    },
  });
}

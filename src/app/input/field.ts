/**
 * Editing a one-line text field, as pure functions: the value and the cursor live in the app
 * store (a dialog's state), and each key press maps one field state to the next. ←/→, Home/End
 * (and Ctrl-A/Ctrl-E), Backspace, Ctrl-U/Ctrl-K (delete to start/end), Ctrl-W (delete the word
 * before the cursor), typed characters and pastes. The cursor always sits on a grapheme boundary.
 */
import type { KeyPress } from './press.ts';
import { graphemes } from './graphemes.ts';

export interface FieldState {
  readonly value: string;
  /** UTF-16 offset, always on a grapheme boundary. */
  readonly cursor: number;
}

/** A field holding `value` with the cursor at its end (a prefill). */
export function field(value = ''): FieldState {
  return { value, cursor: value.length };
}

// Controls and bidi formatting characters never enter a field: they would be invisible there and
// could reorder or hide text wherever the value is shown later.
const UNTYPABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

/** Grapheme boundaries of `text`, from 0 to text.length inclusive. */
function boundaries(text: string): number[] {
  const result = [0];
  for (const { index, segment } of graphemes(text)) result.push(index + segment.length);
  return result;
}

function previousBoundary(text: string, cursor: number): number {
  let previous = 0;
  for (const b of boundaries(text)) {
    if (b >= cursor) break;
    previous = b;
  }
  return previous;
}

function nextBoundary(text: string, cursor: number): number {
  for (const b of boundaries(text)) if (b > cursor) return b;
  return text.length;
}

/**
 * Typed or pasted text as it may enter a one-line field: a pasted line's trailing newline is
 * dropped, inner line breaks and tabs become spaces, other controls are removed.
 */
export function cleanInput(input: string): string {
  return input
    .replace(/(?:\r\n|\r|\n)+$/, '')
    .replace(/\r\n|[\r\n\t]/g, ' ')
    .replace(UNTYPABLE, '');
}

/** The keymap's editing actions ('field' context), as field.ts does them. */
export type EditAction = 'cursor-left' | 'cursor-right' | 'line-start' | 'line-end' | 'delete-back' | 'delete-forward' | 'delete-to-start' | 'delete-to-end' | 'delete-word';

const EDITS: ReadonlySet<string> = new Set<EditAction>(['cursor-left', 'cursor-right', 'line-start', 'line-end', 'delete-back', 'delete-forward', 'delete-to-start', 'delete-to-end', 'delete-word']);

export function isEditAction(action: string | undefined): action is EditAction {
  return action !== undefined && EDITS.has(action);
}

/**
 * The field after a key press, or undefined when the key is not an edit (the form around it gets
 * it). `action` is what the keymap made of the key in the 'field' context; a key with none that
 * types a character (or a paste) is text.
 */
export function editField(state: FieldState, press: KeyPress, action?: string): FieldState | undefined {
  const { value, cursor } = state;
  switch (isEditAction(action) ? action : undefined) {
    case 'cursor-left':
      return cursor === 0 ? undefined : { value, cursor: previousBoundary(value, cursor) };
    case 'cursor-right':
      return cursor >= value.length ? undefined : { value, cursor: nextBoundary(value, cursor) };
    case 'line-start':
      return { value, cursor: 0 };
    case 'line-end':
      return { value, cursor: value.length };
    case 'delete-back': {
      if (cursor === 0) return state;
      const from = previousBoundary(value, cursor);
      return { value: value.slice(0, from) + value.slice(cursor), cursor: from };
    }
    // Forward delete (the Delete key): the character under the cursor.
    case 'delete-forward': {
      if (cursor >= value.length) return state;
      const to = nextBoundary(value, cursor);
      return { value: value.slice(0, cursor) + value.slice(to), cursor };
    }
    case 'delete-to-start':
      return { value: value.slice(cursor), cursor: 0 };
    case 'delete-to-end':
      return { value: value.slice(0, cursor), cursor };
    case 'delete-word': {
      const before = value.slice(0, cursor).replace(/\S*\s*$/, '');
      return { value: before + value.slice(cursor), cursor: before.length };
    }
  }
  if (action !== undefined) return undefined;
  const { key } = press;
  if (key.ctrl || key.meta || key.escape || key.return || key.tab) return undefined;
  if (key.upArrow || key.downArrow || key.leftArrow || key.rightArrow || key.pageUp || key.pageDown || key.home || key.end || key.backspace || key.delete) return undefined;
  if (press.input === '') return undefined;
  const text = cleanInput(press.input);
  return { value: value.slice(0, cursor) + text + value.slice(cursor), cursor: cursor + text.length };
}

/**
 * Editing for one-line prompts (filter, log search), where the cursor is always at the end:
 * typing appends; the editing actions that make sense at the end (delete back, to the start, the
 * word) do as in a field. Pasted text arrives as one press and is kept, cleaned as a field
 * cleans it.
 */
export function editLine(value: string, press: KeyPress, action?: string): string {
  return (editField({ value, cursor: value.length }, press, action) ?? { value }).value;
}

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

/** The field after a key press, or undefined when the key is not an edit (the form around it gets it). */
export function editField(state: FieldState, press: KeyPress): FieldState | undefined {
  const { value, cursor } = state;
  switch (press.name) {
    case 'left':
      return cursor === 0 ? undefined : { value, cursor: previousBoundary(value, cursor) };
    case 'right':
      return cursor >= value.length ? undefined : { value, cursor: nextBoundary(value, cursor) };
    case 'home':
    case 'ctrl+a':
      return { value, cursor: 0 };
    case 'end':
    case 'ctrl+e':
      return { value, cursor: value.length };
    case 'backspace': {
      if (cursor === 0) return state;
      const from = previousBoundary(value, cursor);
      return { value: value.slice(0, from) + value.slice(cursor), cursor: from };
    }
    // Forward delete (the Delete key, ESC[3~): the character under the cursor.
    case 'delete': {
      if (cursor >= value.length) return state;
      const to = nextBoundary(value, cursor);
      return { value: value.slice(0, cursor) + value.slice(to), cursor };
    }
    case 'ctrl+u':
      return { value: value.slice(cursor), cursor: 0 };
    case 'ctrl+k':
      return { value: value.slice(0, cursor), cursor };
    case 'ctrl+w': {
      const before = value.slice(0, cursor).replace(/\S*\s*$/, '');
      return { value: before + value.slice(cursor), cursor: before.length };
    }
  }
  const { key } = press;
  if (key.ctrl || key.meta || key.escape || key.return || key.tab) return undefined;
  if (key.upArrow || key.downArrow || key.pageUp || key.pageDown) return undefined;
  if (press.input === '') return undefined;
  const text = cleanInput(press.input);
  return { value: value.slice(0, cursor) + text + value.slice(cursor), cursor: cursor + text.length };
}

/**
 * Editing for one-line prompts (filter, log search), where the cursor is always at the end:
 * typing appends, Backspace removes the last character, Ctrl-U clears, Ctrl-W removes the last
 * word. Pasted text arrives as one press and is kept, cleaned as a field cleans it.
 */
export function editLine(value: string, press: KeyPress): string {
  switch (press.name) {
    case 'backspace':
      return Array.from(value).slice(0, -1).join('');
    // The cursor is always at the end: nothing is under it.
    case 'delete':
      return value;
    case 'ctrl+u':
      return '';
    case 'ctrl+w':
      return value.replace(/\S*\s*$/, '');
    default:
      if (press.key.ctrl || press.key.meta || press.key.escape || press.key.return || press.key.tab) return value;
      if (press.key.upArrow || press.key.downArrow || press.key.leftArrow || press.key.rightArrow) return value;
      if (press.key.pageUp || press.key.pageDown || press.key.home || press.key.end) return value;
      return value + cleanInput(press.input);
  }
}

/**
 * What every form dialog shares: text fields with their cursors, the focused row, and the keys
 * all forms agree on, as the keymap names them ('cancel' closes, 'submit' submits, 'next-field'
 * and 'prev-field' move between rows). Pure: a dialog's state holds these, and its machine maps
 * each key to the next state.
 */
import { editField, type FieldState } from '../input/field.ts';
import type { DialogKey } from './machine.ts';

export type Fields<K extends string> = Readonly<Record<K, FieldState>>;

export function values<K extends string>(fields: Fields<K>): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const key of Object.keys(fields) as K[]) out[key] = fields[key].value;
  return out;
}

/** `focus` moved by `delta` rows among `count`, wrapping around. */
export function moveFocus(focus: number, delta: number, count: number): number {
  return (((focus + delta) % count) + count) % count;
}

export type FormKey = { kind: 'close' } | { kind: 'submit' } | { kind: 'move'; delta: 1 | -1 };

/** The keys every form shares, or undefined for the rest (the form handles a toggle's, say). */
export function formKey(key: DialogKey): FormKey | undefined {
  switch (key.action) {
    case 'cancel':
      return { kind: 'close' };
    case 'submit':
      return { kind: 'submit' };
    case 'next-field':
      return { kind: 'move', delta: 1 };
    case 'prev-field':
      return { kind: 'move', delta: -1 };
    default:
      return undefined;
  }
}

/** The focused text field after an editing key (or typed text), or undefined when the key is not an edit. */
export function editIn<K extends string>(fields: Fields<K>, field: K, key: DialogKey): Fields<K> | undefined {
  const next = editField(fields[field], key.press, key.action);
  return next && withField(fields, field, next);
}

export function withField<K extends string>(fields: Fields<K>, key: K, next: FieldState): Fields<K> {
  return fields[key] === next ? fields : ({ ...fields, [key]: next } as Fields<K>);
}

/** A field's value replaced from outside (a completion): the cursor goes to its end. */
export function setValue<K extends string>(fields: Fields<K>, key: K, value: string): Fields<K> {
  return withField(fields, key, { value, cursor: value.length });
}

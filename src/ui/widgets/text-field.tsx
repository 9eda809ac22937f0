/**
 * A one-line text field with a cursor: ←/→, Home/End (and Ctrl-A/Ctrl-E), Backspace, Ctrl-U/Ctrl-K
 * (delete to start/end), Ctrl-W (delete the word before the cursor) and paste. Long values scroll
 * horizontally so the cursor stays in view. The editing itself is the pure `editField`, tested
 * without rendering; the component only keeps the cursor and draws.
 *
 * The focused field takes its keys before the dialog around it (FIELD_PRIORITY) and lets through
 * what is not editing — Tab, Enter, Esc, ↑/↓, Ctrl-C, and → at the end of the text — so the
 * dialog decides what those mean (→ at the end accepts a completion, for example).
 *
 * Every field stays registered while mounted and asks at each key whether it is the focused one.
 * Registering only the focused field would tie focus to effect timing: after Tab, the keys that
 * follow within a frame would still reach the field that just lost focus.
 */
import { Text } from 'ink';
import { useRef, useState } from 'react';
import { displayWidth, sanitizeLine } from '../format/index.ts';
import { KeyPriority, useKeyHandler, type KeyPress } from '../keys/key-router.tsx';
import { theme } from '../theme.ts';

/** Above the dialog that holds the field, which consumes every key it is given. */
export const FIELD_PRIORITY = KeyPriority.dialog + 50;

export interface TextFieldProps {
  value: string;
  onChange: (value: string) => void;
  focused: boolean;
  /**
   * Asked at each key press, for a form whose focus can move between renders (Tab, then more keys
   * in the same burst); `focused` still decides how the field is drawn. Defaults to `focused`.
   */
  isFocused?: () => boolean;
  /** Cells the field may use; the value scrolls within them. */
  width: number;
  /** Show every character as `•` (passwords). */
  mask?: boolean;
  /** Shown dimmed while the value is empty. */
  placeholder?: string;
  /** Dimmed text after the value while the cursor is at its end: a completion → or Tab accepts. */
  suggestion?: string;
}

export interface FieldState {
  value: string;
  /** UTF-16 offset, always on a grapheme boundary. */
  cursor: number;
}

const segmenter = new Intl.Segmenter();
// Controls and bidi formatting characters never enter a field: they would be invisible there and
// could reorder or hide text wherever the value is shown later.
const UNTYPABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

/** Grapheme boundaries of `text`, from 0 to text.length inclusive. */
function boundaries(text: string): number[] {
  const result = [0];
  for (const { index, segment } of segmenter.segment(text)) result.push(index + segment.length);
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

/** The field after a key press, or undefined when the key is not an edit (the dialog gets it). */
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
    // Ink reports the usual Backspace byte (0x7f) as "delete", and forward-delete the same way,
    // so both delete backwards: the key people press far more often wins.
    case 'backspace':
    case 'delete': {
      if (cursor === 0) return state;
      const from = previousBoundary(value, cursor);
      return { value: value.slice(0, from) + value.slice(cursor), cursor: from };
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
 * The first grapheme to draw so that the cursor (one cell, after the text at the end) stays in
 * view: the previous start when the cursor is still visible from it, otherwise the nearest start
 * that brings it back. Keeping the previous start makes ←/→ move the cursor, not the text.
 */
export function scrollStart(widths: readonly number[], cursorIndex: number, previousStart: number, width: number): number {
  const room = Math.max(width, 1);
  let start = Math.min(Math.max(previousStart, 0), cursorIndex);
  const cellsTo = (from: number) => {
    let sum = 1; // the cursor's own cell
    for (let i = from; i < cursorIndex; i++) sum += widths[i] ?? 1;
    return sum;
  };
  while (start < cursorIndex && cellsTo(start) > room) start += 1;
  return start;
}

export function TextField({ value, onChange, focused, isFocused, width, mask, placeholder, suggestion }: TextFieldProps) {
  // The cursor lives in `live`; this state only asks React to draw it again when it moves.
  const [, setCursor] = useState(value.length);
  // What the field holds right now, ahead of the next render: two keys can arrive in one tick.
  const live = useRef<FieldState>({ value, cursor: value.length });
  if (live.current.value !== value) live.current = { value, cursor: value.length }; // replaced from outside
  const start = useRef(0);

  useKeyHandler(FIELD_PRIORITY, (press) => {
    if (!(isFocused ? isFocused() : focused)) return false;
    const next = editField(live.current, press);
    if (!next) return false;
    const changed = next.value !== live.current.value;
    live.current = next;
    setCursor(next.cursor);
    if (changed) onChange(next.value);
    return true;
  });

  const at = Math.min(live.current.cursor, value.length);
  const segments = Array.from(segmenter.segment(value));
  // A value set from outside (a prefill) may hold what typing never lets in: draw a placeholder
  // glyph rather than write a control character to the terminal.
  const graphemes = segments.map((s) => (mask ? '•' : sanitizeLine(s.segment) === s.segment ? s.segment : '\uFFFD'));
  const widths = graphemes.map((g) => Math.max(displayWidth(g), 1));
  const found = segments.findIndex((s) => s.index >= at);
  const cursorIndex = found === -1 ? segments.length : found;

  if (value === '' && !focused) return <Text color={theme.muted}>{placeholder ? truncateTo(placeholder, width) : ' '}</Text>;

  start.current = focused ? scrollStart(widths, cursorIndex, start.current, width) : 0;
  let used = 0;
  const before: string[] = [];
  const after: string[] = [];
  let under = ' ';
  for (let i = start.current; i < graphemes.length; i++) {
    const w = widths[i] ?? 1;
    if (used + w > width) break;
    const g = graphemes[i] ?? '';
    if (!focused || i < cursorIndex) before.push(g);
    else if (i === cursorIndex) under = g;
    else after.push(g);
    used += w;
  }
  const atEnd = cursorIndex >= graphemes.length;
  const room = width - used - (atEnd ? 1 : 0);
  let ghost = '';
  if (focused && atEnd && suggestion) {
    // The completion's first character sits under the cursor, so value and hint read as one word.
    const [first, ...rest] = Array.from(segmenter.segment(cleanInput(suggestion)), (s) => s.segment);
    if (first !== undefined && displayWidth(first) === 1) {
      under = first;
      ghost = room > 0 ? truncateTo(rest.join(''), room) : '';
    }
  }
  const hint = focused && value === '' && placeholder && !ghost ? truncateTo(placeholder, Math.max(width - 1, 0)) : '';
  return (
    <Text>
      {before.join('')}
      {focused ? (
        <Text inverse color={ghost !== '' || (atEnd && suggestion) ? theme.muted : undefined}>
          {under}
        </Text>
      ) : null}
      {after.join('')}
      {ghost || hint ? <Text color={theme.muted}>{ghost || hint}</Text> : null}
    </Text>
  );
}

function truncateTo(text: string, width: number): string {
  let used = 0;
  let out = '';
  for (const { segment } of segmenter.segment(text)) {
    const w = displayWidth(segment);
    if (used + w > width) break;
    out += segment;
    used += w;
  }
  return out;
}

/**
 * A one-line text field, drawn: its value and cursor live in the app store (state/input/field.ts
 * edits them, key by key), so this component only draws them. Long values scroll horizontally so
 * the cursor stays in view; masked fields draw a bullet per character; a completion is shown
 * dimmed after the cursor.
 */
import { Text } from 'ink';
import { useRef } from 'react';
import type { FieldState } from '../../app/input/field.ts';
import { cleanInput } from '../../app/input/field.ts';
import { displayWidth, plainClusters, sanitizeLine } from '../../app/format/index.ts';
import { graphemes } from '../../app/input/graphemes.ts';
import { theme } from '../../app/theme.ts';

export interface TextFieldProps {
  field: FieldState;
  focused: boolean;
  /** Cells the field may use; the value scrolls within them. */
  width: number;
  /** Show every character as `•` (passwords). */
  mask?: boolean;
  /** Shown dimmed while the value is empty. */
  placeholder?: string;
  /** Dimmed text after the value while the cursor is at its end: a completion → accepts. */
  suggestion?: string;
}


/**
 * The first grapheme to draw so that the cursor (one cell, after the text at the end) stays in
 * view: the previous start when the cursor is still visible from it, otherwise the nearest start
 * that brings it back, and never later than needed to fill the width. Keeping the previous start
 * makes ←/→ move the cursor, not the text.
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
  // Text that became shorter (a pasted `docker run` line replaced by its image) would leave the
  // field scrolled past it, blank but for the cursor: go back while what lies from an earlier
  // start to the end, and a cell for the cursor after it, still fits (that cell kept even when the
  // cursor is inside: ← from the end then moves the cursor, not the text).
  const tail = (from: number) => {
    let sum = 1;
    for (let i = from; i < widths.length; i++) sum += widths[i] ?? 1;
    return sum;
  };
  while (start > 0 && tail(start - 1) <= room) start -= 1;
  return start;
}

export function TextField({ field, focused, width, mask, placeholder, suggestion }: TextFieldProps) {
  const { value } = field;
  // Where the text was scrolled to last frame: drawing memory only (no key reads it), so that
  // ←/→ move the cursor over the text rather than the text under the cursor.
  const start = useRef(0);

  const at = Math.min(field.cursor, value.length);
  const segments = Array.from(graphemes(value));
  // A value set from outside (a prefill) may hold what typing never lets in: draw a placeholder
  // glyph rather than write a control character to the terminal. An emoji sequence or a conjunct is
  // drawn taken apart, as everywhere (format/sanitize.ts); one that is nothing once apart, as the placeholder.
  const shown = segments.map((s) => {
    if (mask) return '•';
    const clean = sanitizeLine(s.segment);
    return clean === plainClusters(s.segment) && clean !== '' ? clean : '\uFFFD';
  });
  const widths = shown.map((g) => Math.max(displayWidth(g), 1));
  const found = segments.findIndex((s) => s.index >= at);
  const cursorIndex = found === -1 ? segments.length : found;

  if (value === '' && !focused) return <Text color={theme.muted}>{placeholder ? truncateTo(placeholder, width) : ' '}</Text>;

  start.current = focused ? scrollStart(widths, cursorIndex, start.current, width) : 0;
  let used = 0;
  const before: string[] = [];
  const after: string[] = [];
  let under = ' ';
  for (let i = start.current; i < shown.length; i++) {
    const w = widths[i] ?? 1;
    if (used + w > width) break;
    const g = shown[i] ?? '';
    if (!focused || i < cursorIndex) before.push(g);
    else if (i === cursorIndex) under = g;
    else after.push(g);
    used += w;
  }
  const atEnd = cursorIndex >= shown.length;
  const room = width - used - (atEnd ? 1 : 0);
  let ghost = '';
  if (focused && atEnd && suggestion) {
    // The completion's first character sits under the cursor, so value and hint read as one word.
    const [first, ...rest] = Array.from(graphemes(cleanInput(suggestion)), (s) => s.segment);
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
  for (const { segment } of graphemes(text)) {
    const w = displayWidth(segment);
    if (used + w > width) break;
    out += segment;
    used += w;
  }
  return out;
}

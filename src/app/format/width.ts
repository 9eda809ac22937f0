// Display-width arithmetic for table cells. Lengths in UTF-16 code units are wrong for a terminal: CJK
// characters and most emoji occupy two cells, combining marks none. A cell that is one cell too wide
// wraps the whole row, so every table cell goes through `fit`.
//
// These helpers take plain text and sanitize it first (a cheap regex test when it is already clean):
// a control character measures as zero cells but may do anything on screen, so this is the last place
// where it can be stopped before a cell reaches Ink. Colour belongs on Ink's <Text>, never in the string.

import stringWidth from 'string-width';
import { sanitizeLine } from './sanitize.ts';
import { graphemes } from '../input/graphemes.ts';

export type Align = 'left' | 'right' | 'center';

const ELLIPSIS = '…';
const PRINTABLE_ASCII = /^[\u0020-\u007e]*$/;

/** Cells `text` occupies once sanitized. */
export function displayWidth(text: string): number {
  return stringWidth(sanitizeLine(text));
}

/**
 * Cuts `text` to at most `width` cells, ending with `…` when something was cut. Cuts only between
 * grapheme clusters, so a surrogate pair, an emoji ZWJ sequence or a base character and its combining
 * marks are never split, and a double-width character that would straddle the edge is left out whole
 * (the result may then be one cell narrower than `width`; `fit` pads it).
 */
export function truncate(text: string, width: number): string {
  const max = cells(width);
  const clean = sanitizeLine(text);
  if (max === 0) return '';
  if (PRINTABLE_ASCII.test(clean)) {
    return clean.length <= max ? clean : clean.slice(0, max - 1) + ELLIPSIS;
  }

  // One pass that stops as soon as the text is known not to fit, so a megabyte log line costs no more
  // than its first screenful. `cut` remembers where the text must end to leave a cell for the ellipsis.
  const budget = max - 1;
  let used = 0;
  let cut = -1;
  for (const { segment, index } of graphemes(clean)) {
    const w = stringWidth(segment);
    if (cut < 0 && used + w > budget) cut = index;
    used += w;
    if (used > max) return clean.slice(0, cut) + ELLIPSIS;
  }
  return clean;
}

/** Pads with spaces on the right to `width` cells. Never cuts: text already wider is returned as is. */
export function padEnd(text: string, width: number): string {
  const clean = sanitizeLine(text);
  return clean + ' '.repeat(Math.max(0, cells(width) - stringWidth(clean)));
}

/** Pads with spaces on the left to `width` cells. Never cuts: text already wider is returned as is. */
export function padStart(text: string, width: number): string {
  const clean = sanitizeLine(text);
  return ' '.repeat(Math.max(0, cells(width) - stringWidth(clean))) + clean;
}

/** Exactly `width` cells: truncated with `…` if too long, then padded according to `align`. */
export function fit(text: string, width: number, align: Align = 'left'): string {
  const max = cells(width);
  const cut = truncate(text, max);
  const room = max - stringWidth(cut);
  if (room <= 0) return cut;
  switch (align) {
    case 'left':
      return cut + ' '.repeat(room);
    case 'right':
      return ' '.repeat(room) + cut;
    case 'center': {
      const left = Math.floor(room / 2);
      return ' '.repeat(left) + cut + ' '.repeat(room - left);
    }
  }
}

// Widths arrive from layout arithmetic; treat anything odd as "no room" rather than throwing mid-render.
function cells(width: number): number {
  return Number.isFinite(width) && width > 0 ? Math.floor(width) : 0;
}

/**
 * A log line for one row: sanitized like `sanitizeLine`, but each tab moves on to the next tab stop
 * (every 8 columns, counted in display width from the line's start), as a terminal shows the
 * `docker logs` output, so tab-aligned columns stay aligned rather than collapse to one space.
 */
export function sanitizeTabbed(text: string, tabSize = 8): string {
  if (!text.includes('\t')) return sanitizeLine(text);
  let out = '';
  let column = 0;
  const pieces = text.split('\t');
  pieces.forEach((piece, i) => {
    const clean = sanitizeLine(piece);
    out += clean;
    column += displayWidth(clean);
    if (i < pieces.length - 1) {
      const pad = tabSize - (column % tabSize);
      out += ' '.repeat(pad);
      column += pad;
    }
  });
  return out;
}

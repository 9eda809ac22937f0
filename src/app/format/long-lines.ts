// Long log lines on a narrow screen: cut into rows of the screen's width (wrap), or shifted left
// by some columns (horizontal scroll). Both count terminal cells and cut between grapheme clusters,
// as `truncate` does, on text sanitised first.
import stringWidth from 'string-width';
import { graphemes } from '../input/graphemes.ts';
import { sanitizeLine } from './sanitize.ts';

/** `text` in rows of at most `width` cells (at least one row, empty for empty text). */
export function wrapColumns(text: string, width: number): string[] {
  const max = Math.max(1, Math.floor(width));
  const clean = sanitizeLine(text);
  const rows: string[] = [];
  let row = '';
  let used = 0;
  for (const { segment } of graphemes(clean)) {
    const w = stringWidth(segment);
    if (used + w > max && row !== '') {
      rows.push(row);
      row = '';
      used = 0;
    }
    row += segment;
    used += w;
  }
  rows.push(row);
  return rows;
}

/** `text` without its first `columns` cells (a wide character straddling the edge goes too). */
export function dropColumns(text: string, columns: number): string {
  const clean = sanitizeLine(text);
  if (columns <= 0) return clean;
  let used = 0;
  for (const { segment, index } of graphemes(clean)) {
    if (used >= columns) return clean.slice(index);
    used += stringWidth(segment);
  }
  return '';
}

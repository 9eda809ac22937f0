/**
 * The colours of the screen's cells as a person sees them on a terminal whose own colours are
 * `ground` (black text on white, say): default colours become the terminal's, inverse swaps the
 * two, palette indexes and 24-bit colours become RGB. Read from the pty session's headless xterm.
 */
import { paletteRgb, type Rgb } from './contrast.ts';
import type { PtySession } from './pty.ts';

export interface SeenCell {
  char: string;
  fg: Rgb;
  bg: Rgb;
  /** Whether berth set a background (or inverse) on it. */
  backed: boolean;
}

export interface Ground {
  fg: Rgb;
  bg: Rgb;
}

const rgbOf = (value: number): Rgb => [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];

/** One screen row's cells (0 is the top of the screen). */
export function seenRow(session: PtySession, row: number, ground: Ground): SeenCell[] {
  const buffer = session.term.buffer.active;
  const line = buffer.getLine(buffer.viewportY + row);
  const cells: SeenCell[] = [];
  if (!line) return cells;
  for (let x = 0; x < line.length; x++) {
    const cell = line.getCell(x);
    if (!cell || cell.getWidth() === 0) continue;
    const fg = cell.isFgDefault() ? ground.fg : cell.isFgRGB() ? rgbOf(cell.getFgColor()) : paletteRgb(cell.getFgColor());
    const bg = cell.isBgDefault() ? ground.bg : cell.isBgRGB() ? rgbOf(cell.getBgColor()) : paletteRgb(cell.getBgColor());
    const inverse = cell.isInverse() !== 0;
    cells.push({ char: cell.getChars() || ' ', fg: inverse ? bg : fg, bg: inverse ? fg : bg, backed: inverse || !cell.isBgDefault() });
  }
  return cells;
}

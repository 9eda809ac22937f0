/** Reading a pty session's screen by what rows name: a row's text, and the colour its text is drawn in. */
import type { PtySession } from './pty.ts';

/** The screen line of a row naming `name` ('' when none does). */
export const rowOf = (screen: string, name: string): string => screen.split('\n').find((line) => line.includes(name)) ?? '';

/** The palette colour (31–37: 1–7) the terminal shows `text` in, on the first line holding it. */
export function colourOf(b: PtySession, text: string): number | undefined {
  const buffer = b.term.buffer.active;
  for (let y = 0; y < b.term.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    const x = line?.translateToString(true).indexOf(text) ?? -1;
    if (line && x >= 0) {
      const cell = line.getCell(x);
      return cell?.isFgPalette() ? cell.getFgColor() : undefined;
    }
  }
  return undefined;
}

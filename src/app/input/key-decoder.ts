import type { KeyFlags as Key } from './press.ts';
import type { KeyPress } from './press.ts';
import { keyName, plainKey, splitBurst } from './key-name.ts';

/**
 * An SGR mouse report (xterm mode 1006, on only when config.json says `mouse: true`), as Ink hands
 * it over: the ESC taken off, `[<button;column;row` then M (press) or m (release).
 */
const MOUSE_REPORT = /^\[<(\d+);(\d+);(\d+)([Mm])$/;
/** Lines one notch of the wheel moves, as most terminals and less do. */
export const WHEEL_LINES = 3;

/**
 * The wheel's notches (buttons 64 up, 65 down; a modifier adds 4, 8 or 16) as presses of the
 * keys `wheelup`/`wheeldown`, WHEEL_LINES of them, which the keymap binds where something scrolls;
 * a left-button press as one `click` press whose input is `column;row` (1-based, as reported),
 * which keys/clicks.ts reads as what is drawn there. Releases, drags and other buttons are dropped:
 * a report must never type text.
 */
function mouse(button: number, column: string, row: string, final: string): KeyPress[] {
  const base = button & ~(4 | 8 | 16);
  if (base === 0 && final === 'M') return [{ name: 'click', input: `${column};${row}`, key: plainKey }];
  if (base !== 64 && base !== 65) return [];
  const name = base === 64 ? 'wheelup' : 'wheeldown';
  return Array.from({ length: WHEEL_LINES }, () => ({ name, input: '', key: plainKey }));
}

/** No field takes more than this; a runaway paste is cut here. */
const MAX_PASTE = 64 * 1024;

/**
 * Turns Ink's input events into key presses, in order: a run of plain text read at once becomes
 * one press per character (splitBurst). Esc followed by a character in one read reaches here
 * already as Alt+character: that is the terminal's encoding, which Ink parses before us (and a
 * lone Esc at the end of a read, Ink holds for 20 ms in case the rest of a sequence follows).
 * Whether it was Alt or Esc then the key depends on the screen's keys: the reducer decides
 * (keys/esc-prefix.ts).
 */
export function decodeKeys(input: string, key: Key): KeyPress[] {
  const report = MOUSE_REPORT.exec(input);
  if (report) return mouse(Number(report[1]), report[2] ?? '', report[3] ?? '', report[4] ?? '');
  // A lone "\n" (Ctrl-J, what some terminals send for Enter) is Enter, as it is inside a burst.
  if (input === '\n' && !key.ctrl && !key.meta) return [{ name: 'return', input: '\r', key: { ...plainKey, return: true } }];
  return splitBurst(input, key).map((press) => ({ name: keyName(press.input, press.key), input: press.input, key: press.key }));
}

/**
 * A bracketed paste (xterm's mode 2004, which Ink turns on for `usePaste` and takes apart): one
 * 'paste' press holding its whole text, line breaks included, for the focused field to clean.
 * Keys bound to letters never see it, so a pasted line's newline is never Enter.
 */
export function decodePaste(text: string): KeyPress {
  return { name: 'paste', input: text.slice(0, MAX_PASTE), key: plainKey };
}

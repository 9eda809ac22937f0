import type { KeyFlags as Key } from './press.ts';
import { plainFlags } from './press.ts';

/**
 * One name per key press, so the keymap can be a plain table: 'q', 'G', 'ctrl+c', 'shift+tab',
 * 'up', 'pagedown', 'return', 'escape', 'backspace'. Printable characters keep their case.
 */
export function keyName(input: string, key: Key): string {
  if (key.upArrow) return 'up';
  if (key.downArrow) return 'down';
  if (key.leftArrow) return 'left';
  if (key.rightArrow) return 'right';
  if (key.pageUp) return 'pageup';
  if (key.pageDown) return 'pagedown';
  if (key.home) return 'home';
  if (key.end) return 'end';
  if (key.return) return 'return';
  if (key.escape) return 'escape';
  if (key.tab) return key.shift ? 'shift+tab' : 'tab';
  if (key.backspace) return 'backspace';
  if (key.delete) return 'delete';
  if (key.ctrl && input.length === 1) return `ctrl+${input.toLowerCase()}`;
  if (key.meta && input.length === 1) return `meta+${input}`;
  return input;
}

/** A key press with no modifier or special key: what a printable character is. */
export const plainKey: Key = plainFlags;

/**
 * Ink hands a run of plain text that arrived in one read ("kkk", "/web\r", a paste) to the
 * app as a single event. berth's keys are single characters, so such a run is split into one
 * press per character, with the controls inside it (Enter, Tab, Ctrl-x) named as Ink would name
 * them alone. Escape sequences and Backspace never reach here inside a run: Ink parses the first
 * and splits the second out itself.
 */
export function splitBurst(input: string, key: Key): Array<{ input: string; key: Key }> {
  const chars = Array.from(input);
  if (chars.length <= 1 || key.ctrl || key.meta || key.escape) return [{ input, key }];
  return chars.map((char) => {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\r' || char === '\n') return { input: '\r', key: { ...plainKey, return: true } };
    if (char === '\t') return { input: '\t', key: { ...plainKey, tab: true } };
    if (code === 0x7f || code === 0x08) return { input: '', key: { ...plainKey, backspace: true } };
    if (code < 0x20) return { input: String.fromCharCode(code + 0x60), key: { ...plainKey, ctrl: true } };
    return { input: char, key: { ...plainKey, shift: char !== char.toLowerCase() } };
  });
}

import type { KeyPress } from '../keys/key-router.tsx';
import { cleanInput } from './text-field.tsx';

/**
 * Editing for one-line prompts (filter, log search): typing appends, Backspace removes the
 * last character (Ink reports the usual Backspace byte 0x7f as "delete"), Ctrl-U clears,
 * Ctrl-W removes the last word. Pasted text arrives as one input and is kept, cleaned as a text field cleans it.
 */
export function editLine(value: string, press: KeyPress): string {
  switch (press.name) {
    case 'backspace':
    case 'delete':
      return Array.from(value).slice(0, -1).join('');
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

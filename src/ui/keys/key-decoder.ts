import type { Key } from 'ink';
import type { KeyPress } from '../../state/input/press.ts';
import { PasteCollector } from './bracketed-paste.ts';
import { keyName, plainKey, splitBurst } from './key-name.ts';

/**
 * Turns Ink's input events into key presses, in order: a run of plain text read at once becomes
 * one press per character (splitBurst), and a bracketed paste becomes one 'paste' press holding
 * its whole text (a field inserts it cleaned; keys bound to letters never see it). Esc followed
 * by a character in one read reaches here already as Alt+character: that is the terminal's
 * encoding, which Ink parses before us.
 */
export class KeyDecoder {
  private readonly paste = new PasteCollector();

  decode(input: string, key: Key): KeyPress[] {
    const step = this.paste.feed(input, key);
    if (step.type === 'held') return [];
    if (step.type === 'paste') return [{ name: 'paste', input: step.text, key: plainKey }];
    // A lone "\n" (Ctrl-J, what some terminals send for Enter) is Enter, as it is inside a burst.
    if (input === '\n' && !key.ctrl && !key.meta) return [{ name: 'return', input: '\r', key: { ...plainKey, return: true } }];
    return splitBurst(input, key).map((press) => ({ name: keyName(press.input, press.key), input: press.input, key: press.key }));
  }
}

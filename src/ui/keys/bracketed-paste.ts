import type { Key } from 'ink';

/**
 * Bracketed paste (xterm's mode 2004): the terminal wraps pasted text in ESC[200~ … ESC[201~.
 * Without it a paste is indistinguishable from typing, so a copied line's newline pressed Enter
 * and submitted a half-filled dialog. berth turns the mode on with the alternate screen; Ink
 * hands the markers over as key events of their own ("[200~" once Ink has dropped the ESC).
 */
export const ENABLE_BRACKETED_PASTE = '\u001b[?2004h';
export const DISABLE_BRACKETED_PASTE = '\u001b[?2004l';

const START = '[200~';
const END = '[201~';

/** No field takes more than this; a runaway paste stops growing the buffer here. */
const MAX_PASTE = 64 * 1024;

export type PasteStep =
  /** An ordinary key press: handle it as usual. */
  | { type: 'key' }
  /** Part of a paste still arriving (or a marker): nothing to do yet. */
  | { type: 'held' }
  /** A paste ended: its whole text, line breaks and all, for the focused field to clean. */
  | { type: 'paste'; text: string };

/**
 * Collects the events between the markers into one text. Ink may deliver a paste in several
 * events (one per read, and split around anything that looks like a key: a lone "\r" arrives as
 * Enter), so Enter and Tab inside a paste are turned back into the characters they came from.
 */
export class PasteCollector {
  private parts: string[] | undefined;
  private size = 0;

  feed(input: string, key: Key): PasteStep {
    const marker = !key.ctrl && !key.meta && !key.escape;
    if (marker && input === START) {
      this.parts = [];
      this.size = 0;
      return { type: 'held' };
    }
    if (!this.parts) return { type: 'key' };
    if (marker && input === END) {
      const text = this.parts.join('');
      this.parts = undefined;
      return { type: 'paste', text };
    }
    const part = key.return ? '\r' : key.tab ? '\t' : key.ctrl || key.escape ? '' : input;
    if (this.size + part.length <= MAX_PASTE) {
      this.parts.push(part);
      this.size += part.length;
    }
    return { type: 'held' };
  }
}

/**
 * One key press as the reducers see it. The key decoder (key-decoder.ts) makes these from the
 * terminal's input; everything below it (app reducers, dialogs, fields) is pure and works on
 * this shape alone, so the same press gives the same state whichever way it arrived.
 */

/** What kind of key it was: a structural copy of Ink's Key, so Ink's objects fit as they are. */
export interface KeyFlags {
  upArrow: boolean;
  downArrow: boolean;
  leftArrow: boolean;
  rightArrow: boolean;
  pageDown: boolean;
  pageUp: boolean;
  home: boolean;
  end: boolean;
  return: boolean;
  escape: boolean;
  ctrl: boolean;
  shift: boolean;
  tab: boolean;
  backspace: boolean;
  delete: boolean;
  meta: boolean;
}

export interface KeyPress {
  /** Normalised name ('q', 'G', 'ctrl+c', 'shift+tab', 'return'…), or 'paste' for a bracketed paste. */
  name: string;
  /** The raw text typed; for 'paste', the whole pasted text, line breaks included. */
  input: string;
  key: KeyFlags;
}

/** A key press with no modifier or special key: what a printable character is. */
export const plainFlags: KeyFlags = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
};

/**
 * Esc and the key after it, when they arrive in one read (a paste, a script, tmux send-keys, a
 * fast typist over ssh), are what a terminal sends for Alt+that key, and Ink reads them so: a
 * press with `meta` set. berth binds no Alt key of its own (a user's keys may), so where the
 * screen has no binding for the Alt key, the press is taken for what was most likely typed: Esc,
 * then the key. Arrows, pages, Home/End and Delete with `meta` come from a modifier encoded in
 * their own sequence (Alt+↑), never from a separate Esc, and stay as they are.
 */
import { keyName } from '../input/key-name.ts';
import { plainFlags, type KeyPress } from '../input/press.ts';
import type { Keymap, KeyContext } from './keymap.ts';

const ESCAPE: KeyPress = { name: 'escape', input: '', key: { ...plainFlags, escape: true } };

/** Esc and the plain key, when `press` is an Alt+key the contexts in force do not bind; else undefined. */
export function escThenKey(press: KeyPress, keymap: Keymap, contexts: readonly KeyContext[]): readonly [KeyPress, KeyPress] | undefined {
  const { key } = press;
  if (!key.meta || key.upArrow || key.downArrow || key.leftArrow || key.rightArrow || key.pageUp || key.pageDown || key.home || key.end || key.delete) return undefined;
  // Only a `meta+x` name can be bound (custom-keys.ts); Alt+Enter, Alt+Tab, Esc Esc are named without it.
  if (press.name.startsWith('meta+') && keymap.resolveIn(contexts, press.name) !== undefined) return undefined;
  const plain = { ...key, meta: false };
  return [ESCAPE, { name: keyName(press.input, plain), input: press.input, key: plain }];
}

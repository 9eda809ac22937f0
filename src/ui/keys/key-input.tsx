import { useInput, useStdout, type Key } from 'ink';
import { useCallback } from 'react';
import type { KeyPress } from '../../state/input/press.ts';
import { frameNow } from '../frame-now.ts';
import { KeyDecoder } from './key-decoder.ts';

/** Where presses go: the app store (anything with `press` and `batch`). */
export interface KeySink {
  press(press: KeyPress): void;
  batch(work: () => void): void;
}

/**
 * Ink's input events, decoded into presses and applied to the store one by one, synchronously,
 * in arrival order, before the next is looked at. Nothing here depends on what React has drawn,
 * so a burst ("p" and an image name in one read, a password manager's user⇥pass⏎) behaves as if
 * typed slowly. One batch per event: the burst costs one frame, not one per key. It lives in the
 * runtime, beside the store it feeds, not in React state.
 */
export class KeyStream {
  private readonly decoder = new KeyDecoder();

  constructor(private readonly sink: KeySink) {}

  feed(input: string, key: Key): void {
    const presses = this.decoder.decode(input, key);
    if (presses.length > 0) this.sink.batch(() => presses.forEach((press) => this.sink.press(press)));
  }
}

/**
 * The one entry point for keys: Ink reads the terminal and parses escape sequences (its
 * `useInput` hands each read over synchronously, in order); the stream does the rest.
 */
export function KeyInput({ keys }: { keys: KeyStream }) {
  const { stdout } = useStdout();
  const onInput = useCallback(
    (input: string, key: Key) => {
      keys.feed(input, key);
      frameNow(stdout);
    },
    [keys, stdout],
  );
  useInput(onInput);
  return null;
}

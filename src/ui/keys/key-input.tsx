import { useApp, useInput, usePaste, type Key } from 'ink';
import { useCallback } from 'react';
import type { KeyPress } from '../../state/input/press.ts';
import { decodeKeys, decodePaste } from './key-decoder.ts';

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
  constructor(private readonly sink: KeySink) {}

  feed(input: string, key: Key): void {
    this.apply(decodeKeys(input, key));
  }

  paste(text: string): void {
    this.apply([decodePaste(text)]);
  }

  private apply(presses: KeyPress[]): void {
    if (presses.length > 0) this.sink.batch(() => presses.forEach((press) => this.sink.press(press)));
  }
}

/**
 * The one entry point for keys: Ink reads the terminal, parses escape sequences and bracketed
 * pastes, and hands each over synchronously, in order; the stream does the rest.
 *
 * A key's frame is drawn at once: Ink throttles frames (maxFps, mount.tsx) so that a burst of
 * data updates draws one frame, not one each, but a key is rare and a person waits on it.
 * `waitUntilRenderFlush` (Ink's public flush) draws the pending frame within the next turn of
 * the event loop instead of at the throttle's end (up to 17 ms later).
 */
export function KeyInput({ keys }: { keys: KeyStream }) {
  const { waitUntilRenderFlush } = useApp();
  const onInput = useCallback(
    (input: string, key: Key) => {
      keys.feed(input, key);
      void waitUntilRenderFlush();
    },
    [keys, waitUntilRenderFlush],
  );
  const onPaste = useCallback(
    (text: string) => {
      keys.paste(text);
      void waitUntilRenderFlush();
    },
    [keys, waitUntilRenderFlush],
  );
  useInput(onInput);
  usePaste(onPaste);
  return null;
}

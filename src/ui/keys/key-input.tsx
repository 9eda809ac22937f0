import { useInput, type Key } from 'ink';
import { useCallback, useState } from 'react';
import type { KeyPress } from '../../state/input/press.ts';
import { KeyDecoder } from './key-decoder.ts';

/** Where presses go: the app store (anything with `press` and `batch`). */
export interface KeySink {
  press(press: KeyPress): void;
  batch(work: () => void): void;
}

/**
 * The one entry point for keys. Ink reads the terminal and parses escape sequences; each input
 * event is decoded into presses, and each press is applied to the store synchronously, in
 * arrival order, before the next is looked at. Nothing here depends on what React has drawn, so a
 * burst ("p" and an image name in one read, a password manager's user⇥pass⏎) behaves as if typed
 * slowly. One batch per event: the burst costs one frame, not one per key.
 */
export function KeyInput({ sink }: { sink: KeySink }) {
  const [decoder] = useState(() => new KeyDecoder());
  const onInput = useCallback(
    (input: string, key: Key) => {
      const presses = decoder.decode(input, key);
      if (presses.length > 0) sink.batch(() => presses.forEach((press) => sink.press(press)));
    },
    [decoder, sink],
  );
  useInput(onInput);
  return null;
}

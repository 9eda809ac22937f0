/**
 * The one entry point for keys: Ink reads the terminal, parses escape sequences and bracketed
 * pastes, and hands each over synchronously, in order; the runtime's key stream does the rest.
 *
 * A key's frame is drawn at once: Ink throttles frames (maxFps, mount.tsx) so that a burst of
 * data updates draws one frame, not one each, but a key is rare and a person waits on it.
 * `waitUntilRenderFlush` (Ink's public flush) draws the pending frame within the next turn of
 * the event loop instead of at the throttle's end (up to 17 ms later).
 */
import { useApp, useInput, usePaste, type Key } from 'ink';
import { useCallback } from 'react';
import type { KeyStream } from '../app/input/key-stream.ts';

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

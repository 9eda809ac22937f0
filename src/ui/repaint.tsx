import { useStdout } from 'ink';
import { useLayoutEffect } from 'react';

let current: (() => void) | undefined;

/**
 * Draws Ink's whole frame again, for when the screen was lost under it (berth was suspended and
 * the shell had the terminal). Ink only writes what changed, so an unchanged frame would never
 * come back by itself; its `write` (text above the frame, here none) erases and redraws it.
 */
export function repaint(): void {
  current?.();
}

/** Mounted once inside Ink's tree: it is where Ink's own writer can be reached. */
export function RepaintHandle() {
  const { write } = useStdout();
  useLayoutEffect(() => {
    const draw = () => write('');
    current = draw;
    return () => {
      if (current === draw) current = undefined;
    };
  }, [write]);
  return null;
}

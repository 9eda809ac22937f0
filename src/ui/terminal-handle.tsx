import { useApp, type SuspendTerminal } from 'ink';
import { useLayoutEffect } from 'react';

/** Ink's public handing over of the terminal, for the process glue (main/start.ts) outside React. */
export interface TerminalControl {
  /**
   * Gives the terminal away for as long as `callback` runs (Ink clears its frame, leaves the
   * alternate screen and stops reading keys), then takes it back and draws the whole frame again.
   * Without a callback: a handle whose `resume` does the taking back.
   */
  suspend: SuspendTerminal;
}

/** Mounted once inside Ink's tree: where Ink's app handle can be reached. Reports it once mounted. */
export function TerminalHandle({ onReady }: { onReady: (control: TerminalControl) => void }) {
  const { suspendTerminal } = useApp();
  useLayoutEffect(() => {
    onReady({ suspend: suspendTerminal });
  }, [onReady, suspendTerminal]);
  return null;
}

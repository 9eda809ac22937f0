/**
 * Ink and React, mounted. A module of its own so main/start.ts can start talking to the engine before
 * this (the bulk of the bundle) is even evaluated: the first lists are in flight while it loads.
 */
import { render, type Instance } from 'ink';
import { useEffect, useState } from 'react';
import type { Runtime } from '../app/runtime.ts';
import { Root } from './root.tsx';
import { TerminalHandle, type TerminalControl } from './terminal-handle.tsx';

export type { TerminalControl };

/**
 * BERTH_TEST_CRASH=render (a test hook, see main/start.ts): a component that throws while rendering,
 * a moment after the first frame, as a bug in a pane would.
 */
function CrashForTests() {
  const [crash, setCrash] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setCrash(true), 300);
    return () => clearTimeout(timer);
  }, []);
  if (crash) throw new Error('BERTH_TEST_CRASH=render: a deliberate crash for the tests');
  return null;
}

/** `runtime`: the app store (made once); `onTerminal`: receives Ink's hand-over of the terminal once mounted. */
export function mount(runtime: Runtime, onTerminal: (control: TerminalControl) => void): Instance {
  const crash = process.env.BERTH_TEST_CRASH === 'render' ? <CrashForTests /> : null;
  return render(
    <>
      <Root runtime={runtime} />
      <TerminalHandle onReady={onTerminal} />
      {crash}
    </>,
    {
      exitOnCtrlC: false,
      patchConsole: true,
      // berth leaves the user's scrollback as it found it, as vim and less do; Ink restores the
      // normal screen on every way out (unmount, a signal, an exception).
      alternateScreen: true,
      // A cap, not a rate: every source of frames is throttled already (logs 20/s, pulls 15/s).
      // Ink's throttle holds a frame until `1000/maxFps` ms after the latest render request; a
      // key's frame does not wait for it (ui/key-input.tsx).
      maxFps: 60,
      // Measured (bench B4, 60 s, 50 running, Node 20 and 24, 2026-11-24, Ink 6): on, berth's
      // idle CPU was 0.20/0.23 % and 0.15/0.17 % against 0.18/0.25 % and 0.18/0.17 % off — within
      // the spread. A frame's cost is React, Yoga and building the output string, which Ink does
      // either way; only the bytes written shrink. Off keeps the path every e2e test reads.
      incrementalRendering: false,
    },
  );
}

/**
 * Ink and React, mounted. A module of its own so main.tsx can start talking to the engine before
 * this (the bulk of the bundle) is even compiled: the first lists are in flight while it loads.
 */
import { render, type Instance } from 'ink';
import { useEffect, useState } from 'react';
import { RepaintHandle } from './repaint.tsx';
import { preloadDialogs } from './dialogs/dialog-host.tsx';
import { Root } from './root.tsx';
import type { Runtime } from './runtime.tsx';
import type { Services } from './services.tsx';

export { createRuntime } from './runtime.tsx';
export { preloadDialogs };

/**
 * BERTH_TEST_CRASH=render (a test hook, see main.tsx): a component that throws while rendering,
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

/** `runtime`: the app store (made once, so a remount after a shell comes back where it was). */
export function mount(services: Services, runtime: Runtime): Instance {
  // In already (main.tsx waits for it with the first lists); asked again for a mount without main.
  void preloadDialogs();
  const crash = process.env.BERTH_TEST_CRASH === 'render' ? <CrashForTests /> : null;
  return render(
    <>
      <Root services={services} runtime={runtime} />
      <RepaintHandle />
      {crash}
    </>,
    {
      exitOnCtrlC: false,
      patchConsole: true,
      // A cap, not a rate: every source of frames is throttled already (logs 20/s, pulls 15/s).
      // Ink's throttle holds a frame until `1000/maxFps` ms after the latest render request, so
      // under a log flood a keypress waited ~33 ms at 30; at 60 it waits ~17.
      maxFps: 60,
      // Measured (bench B4, 60 s, 50 running, Node 20 and 24, 2026-11-24): on, berth's idle CPU
      // was 0.20/0.23 % and 0.15/0.17 % against 0.18/0.25 % and 0.18/0.17 % off — within the
      // spread. A frame's cost is React, Yoga and building the output string, which Ink does
      // either way; only the bytes written shrink. Off keeps the path every e2e test reads.
      incrementalRendering: false,
    },
  );
}

/**
 * Ink and React, mounted. A module of its own so main.tsx can start talking to the engine before
 * this (the bulk of the bundle) is even compiled: the first lists are in flight while it loads.
 */
import { render, type Instance } from 'ink';
import { Root } from './root.tsx';
import type { Services } from './services.tsx';

export function mount(services: Services, onQuit: () => void): Instance {
  return render(<Root services={services} onQuit={onQuit} />, {
    exitOnCtrlC: false,
    patchConsole: true,
    maxFps: 30,
    incrementalRendering: false,
  });
}

import { useStdout, useWindowSize } from 'ink';
import { useEffect, useState } from 'react';
import type { AppState, TerminalSize } from '../state/app/types.ts';
import { App } from './app.tsx';
import { osc52 } from './clipboard.ts';
import { KeyInput } from './keys/key-input.tsx';
import { createRuntime, RuntimeContext, type Runtime } from './runtime.tsx';
import { ServicesContext, type Services } from './services.tsx';

interface Props {
  services: Services;
  /** The app store and runner (main.tsx makes them once); made here when absent. */
  runtime?: Runtime;
  /** With no runtime given: what `q` does. */
  onQuit?: () => void;
  /** With no runtime given: a starting state (tests). */
  initial?: AppState;
  /** A fixed terminal size (tests); otherwise the terminal's, followed on resize. */
  size?: TerminalSize;
}

/** The app with its providers and its one key input: what main.tsx renders and what component tests render. */
export function Root({ services, runtime: given, onQuit, initial, size }: Props) {
  const { stdout } = useStdout();
  const window = useWindowSize();
  const [runtime] = useState(
    () =>
      given ??
      createRuntime(services, {
        quit: () => onQuit?.(),
        copy: (text) => stdout.write(osc52(text)),
        terminal: size ?? window,
        initial: initial && size ? { ...initial, terminal: size } : initial,
      }),
  );
  useEffect(() => (given ? undefined : () => runtime.dispose()), [given, runtime]);
  const { columns, rows } = window;
  useEffect(() => {
    if (size) return;
    runtime.store.dispatch({ type: 'resize', columns, rows });
  }, [size, columns, rows, runtime]);
  return (
    <ServicesContext.Provider value={services}>
      <RuntimeContext.Provider value={runtime}>
        <KeyInput keys={runtime.keys} />
        <App />
      </RuntimeContext.Provider>
    </ServicesContext.Provider>
  );
}

/**
 * The app with its runtime provided and its one key input: what main/start.ts mounts and what
 * component tests render. It follows the terminal's size into the app store (the reducer pages
 * with it), unless a test fixes the size.
 */
import { useWindowSize } from 'ink';
import { useEffect } from 'react';
import type { Runtime } from '../app/runtime.ts';
import { Screen } from './screen.tsx';
import { KeyInput } from './key-input.tsx';
import { RuntimeContext } from './runtime-context.tsx';

export function Root({ runtime, fixedSize = false }: { runtime: Runtime; fixedSize?: boolean }) {
  const { columns, rows } = useWindowSize();
  useEffect(() => {
    if (!fixedSize) runtime.store.dispatch({ type: 'resize', columns, rows });
  }, [fixedSize, columns, rows, runtime]);
  return (
    <RuntimeContext.Provider value={runtime}>
      <KeyInput keys={runtime.keys} />
      <Screen />
    </RuntimeContext.Provider>
  );
}

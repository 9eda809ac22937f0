/**
 * How components reach the runtime (app/runtime.ts): by React context, with hooks that read the
 * app state and the sources and draw again only when what they read changes.
 */
import { createContext, useCallback, useContext, useRef, useSyncExternalStore } from 'react';
import type { UiContext } from '../app/context.ts';
import type { Keymap } from '../app/keys/keymap.ts';
import type { Runtime } from '../app/runtime.ts';
import type { AppState } from '../app/types.ts';

export const RuntimeContext = createContext<Runtime | undefined>(undefined);

export function useRuntime(): Runtime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('berth: the app runtime is not provided');
  return runtime;
}

/** The keymap in force: what hints and help write. */
export function useKeymap(): Keymap {
  return useRuntime().keymap;
}

export function useAppState(): AppState {
  const { store } = useRuntime();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

/** Every source's state, the keymap, the log lines: redraws on any source's change. */
export function useUiContext(): UiContext {
  const { sources, context } = useRuntime();
  return useSyncExternalStore(sources.subscribe, context, context);
}

/** Equal when both are the same, or arrays or plain objects whose items or fields are (one level down). */
export function shallowEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => Object.is(item, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  return ka.length === kb.length && ka.every((k) => Object.is(ra[k], rb[k]));
}

/**
 * A value worked out from the app state and the sources (a summary text, the rows a table
 * draws): the component draws again only when it changes, as `equal` sees it, not at every change
 * of any source. The pulls change 8 times a second during a pull; the Containers pane needs none
 * of it. `deps`: what else `compute` reads (the width, the clock).
 */
export function useDerived<T>(compute: (state: AppState, ctx: UiContext) => T, deps: readonly unknown[], equal: (a: T, b: T) => boolean = shallowEqual): T {
  const { store, sources, context } = useRuntime();
  const last = useRef<{ value: T } | undefined>(undefined);
  const subscribe = useCallback(
    (listener: () => void) => {
      const offStore = store.subscribe(listener);
      const offSources = sources.subscribe(listener);
      return () => {
        offStore();
        offSources();
      };
    },
    [store, sources],
  );
  // `deps` stand for what `compute` closes over: a new width or clock reads afresh.
  const read = useCallback(() => {
    const value = compute(store.getState(), context());
    if (last.current !== undefined && equal(last.current.value, value)) return last.current.value;
    last.current = { value };
    return value;
  }, [store, context, ...deps]);
  return useSyncExternalStore(subscribe, read, read);
}

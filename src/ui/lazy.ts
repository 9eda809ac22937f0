import { frameNow } from './frame-now.ts';
import { createElement, useSyncExternalStore, type ComponentType, type FunctionComponent, type ReactElement } from 'react';

export interface Preloadable<P> {
  Component: FunctionComponent<P>;
  /** Loads the module now (once); resolves when it is in. */
  preload(): Promise<void>;
}

/**
 * A component whose code is loaded the first time it is needed, or earlier through `preload`.
 * Until it is in, `placeholder` is drawn and the module is asked for; when it arrives, everything
 * showing it draws again at once. Not React.lazy: a Suspense boundary, once it has shown its
 * fallback, holds the real content back for 300 ms (React's fallback throttle), and a dialog
 * opened by the first key after start-up would take that long to appear. The state the
 * component draws is in the store meanwhile, so nothing typed while it loads is lost.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>, placeholder: (props: NoInfer<P>) => ReactElement): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const listeners = new Set<() => void>();
  const preload = (): Promise<void> =>
    (loading ??= load().then((component) => {
      loaded = component;
      for (const listener of [...listeners]) listener();
      // Someone is looking at the placeholder: draw the real thing now, not at the throttle's end.
      if (listeners.size > 0) frameNow(process.stdout);
    }));
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const current = () => loaded;
  const Component: FunctionComponent<P> = (props) => {
    const Loaded = useSyncExternalStore(subscribe, current, current);
    if (Loaded) return createElement(Loaded, props);
    // Asking twice is free: the same import is shared.
    void preload().catch(() => undefined);
    return placeholder(props);
  };
  return { Component, preload };
}

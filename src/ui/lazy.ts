import { createElement, lazy, type ComponentType, type FunctionComponent } from 'react';

export interface Preloadable<P> {
  Component: FunctionComponent<P>;
  /** Loads the module now (once); resolves when it is in. */
  preload(): Promise<void>;
}

/**
 * React.lazy, plus a way to load the module ahead of use. Once loaded, the component renders
 * directly: no Suspense round, no fallback frame. Before that it suspends like React.lazy, and
 * the state it draws is already in the store, so nothing typed meanwhile is lost.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = (): Promise<void> =>
    (loading ??= load().then((component) => {
      loaded = component;
    }));
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType<P> };
  });
  const Component: FunctionComponent<P> = (props) => createElement((loaded ?? Lazy) as ComponentType<P>, props);
  return { Component, preload };
}

import { useSyncExternalStore } from 'react';

/** Anything with the external-store pair: the engine store, the pulls, the app store, a log session. */
export interface Readable<S> {
  subscribe(listener: () => void): () => void;
  getState(): S;
}

export function useStore<S>(store: Readable<S>): S {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

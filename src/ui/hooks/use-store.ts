import { useSyncExternalStore } from 'react';

/** Anything with the external-store pair: the engine store, the pulls, the app store, a log session. */
export interface Readable<S> {
  subscribe(listener: () => void): () => void;
  getState(): S;
}

export function useStore<S>(store: Readable<S>): S {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

const noSubscription = () => () => undefined;
const nothing = () => undefined;

/** As useStore, for a source that may be absent (a service a test does not provide): undefined then. */
export function useOptionalStore<S>(store: Readable<S> | undefined): S | undefined {
  return useSyncExternalStore(store?.subscribe ?? noSubscription, store?.getState ?? nothing, store?.getState ?? nothing);
}

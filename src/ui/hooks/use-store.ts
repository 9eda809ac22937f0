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

/**
 * One value worked out from a store (a count, a summary text): the component draws again only
 * when that value changes (compared with Object.is, so `select` should give a primitive), not on
 * every change of the store. The pulls store changes 8 times a second during a pull; the frame
 * around the Pulls pane needs to know only how many run.
 */
export function useStoreValue<S, V>(store: Readable<S>, select: (state: S) => V): V {
  const read = () => select(store.getState());
  return useSyncExternalStore(store.subscribe, read, read);
}

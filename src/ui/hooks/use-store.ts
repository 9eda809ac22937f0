import { useSyncExternalStore } from 'react';
import type { Store } from '../../state/store.ts';

export function useStore<S>(store: Store<S>): S {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

/**
 * What start-up waits for before it mounts the UI: the first container list of every engine it
 * shows, so the first frame shows data at once instead of "loading…" followed by a frame per list
 * that arrives. In a fleet that is every engine's list, not the first one's alone: a frame per
 * engine that answers drew the table again for each, its rows moving as the others sorted in
 * (bench B16, docs/performance.md).
 */
import type { EngineState } from '../state/engine-state.ts';
import type { Store } from '../state/store.ts';

/** The engine's first container list is in, or it answered with an error (the frame then shows why). */
const ready = (s: EngineState) => s.containers.loaded || s.connection.status === 'unreachable' || s.connection.error !== undefined;

/**
 * Resolves when every store is ready, or after `ms` at the latest (one bound from now, whichever
 * engine is slow): a slow engine gets its "loading…" rows rather than a blank terminal.
 */
export function firstData(stores: readonly Store<EngineState>[], ms: number): Promise<void> {
  return new Promise((resolve) => {
    const offs: Array<() => void> = [];
    const check = () => {
      if (!stores.every((store) => ready(store.getState()))) return;
      done();
    };
    const done = () => {
      clearTimeout(timer);
      for (const off of offs) off();
      resolve();
    };
    const timer = setTimeout(done, ms);
    for (const store of stores) offs.push(store.subscribe(check));
    check();
  });
}

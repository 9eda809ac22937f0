/**
 * A reducer context for tests that drive the app reducer by hand: the engine's and the pulls'
 * states the test gives, every other source as it is before anything is heard, the default
 * keymap unless the test gives its own.
 */
import type { UiContext } from '../../src/app/context.ts';
import { defaultKeymap } from '../../src/app/keys/keymap.ts';
import type { EngineState } from '../../src/state/engine-state.ts';
import type { PullsState } from '../../src/state/pulls/pull-manager.ts';

export function uiContext(base: { engine: EngineState; pulls?: PullsState } & Partial<Omit<UiContext, 'engine' | 'pulls'>>): UiContext {
  return {
    pulls: { pulls: [] },
    builds: { builds: [] },
    events: { events: [] },
    incidents: { incidents: [] },
    pulse: {},
    stats: { byId: new Map(), version: 0 },
    resources: { volumes: { items: [], loaded: false, stale: false }, networks: { items: [], loaded: false, stale: false } },
    swarm: { loaded: false, services: [], tasks: [], nodes: [] },
    times: { byId: new Map() },
    actionLog: { records: [] },
    freshness: { remote: new Map() },
    diskUsage: { computing: false },
    sizes: { byId: new Map(), loaded: false },
    panel: { key: '', status: 'idle', lines: [] },
    keymap: defaultKeymap,
    logLines: () => undefined,
    outputLines: () => undefined,
    ...base,
  };
}

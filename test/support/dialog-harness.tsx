import { EngineClient } from '../../src/engine/client.ts';
import type { ContainerSummary, ImageSummary } from '../../src/engine/types.ts';
import { EngineSync } from '../../src/state/engine-sync.ts';
import { initialEngineState, type EngineState } from '../../src/state/engine-state.ts';
import { PullManager, type PullClient } from '../../src/state/pulls/pull-manager.ts';
import { Store } from '../../src/state/store.ts';
import { initialAppState, type PaneId } from '../../src/app/types.ts';
import type { DialogRequest } from '../../src/app/commands.ts';
import { Root } from '../../src/ui/root.tsx';
import { createRuntime } from '../../src/app/runtime.ts';
import { LiveSources } from '../../src/state/sources.ts';
import { renderInk } from './ink-harness.ts';

export const NO_ENGINE = 'unix:///nonexistent/berth-dialog-test.sock';

/**
 * The whole app with one dialog open, inside the real providers. The client points at a socket
 * that does not exist, so every engine call fails the real way (UNREACHABLE, with the client's own
 * message); tests that need to count or hold calls wrap the client's methods with `spy`.
 */
export function renderDialog(
  request: DialogRequest,
  options: { containers?: ContainerSummary[]; images?: ImageSummary[]; size?: { columns: number; rows: number }; pane?: PaneId; pullClient?: PullClient } = {},
) {
  const client = new EngineClient({ host: NO_ENGINE, env: {} });
  const engineStore = new Store<EngineState>(initialEngineState(NO_ENGINE));
  const sync = new EngineSync(client, engineStore, { intervalMs: 60_000 });
  // Pulls go to a fake engine when the test gives one; otherwise they fail as unreachable.
  const pulls = new PullManager({ client: options.pullClient ?? client });
  engineStore.update((s) => ({
    ...s,
    connection: { ...s.connection, status: 'connected', engineVersion: '20.10.24', apiVersion: '1.41', eventsLive: true },
    containers: { items: options.containers ?? [], loaded: true, stale: false, refreshedAt: Date.now() },
    images: { items: options.images ?? [], loaded: true, stale: false, refreshedAt: Date.now() },
  }));
  const size = options.size ?? { columns: 100, rows: 30 };
  let quit = 0;
  const sources = new LiveSources({ client, store: engineStore, sync, label: 'test' }, pulls);
  const runtime = createRuntime(sources, { quit: () => (quit += 1), copy: () => undefined, terminal: size, initial: { ...initialAppState(size), pane: options.pane ?? 'containers' } });
  // Opened as a key opens it: the dialog's state is in the store before anything is drawn.
  runtime.store.dispatch({ type: 'open-dialog', request });
  const drawn = renderInk(<Root runtime={runtime} fixedSize />, { keys: runtime.keys });
  return {
    ...drawn,
    client,
    engineStore,
    pulls,
    /** The app store: what the dialog holds, for tests of what must not stay in it. */
    app: runtime.store,
    quitCount: () => quit,
    async close() {
      drawn.unmount();
      runtime.dispose();
      pulls.stop();
      await sync.stop();
      await client.close();
    },
  };
}

export interface Spy {
  calls(): number;
  /** Lets the held calls go on to the real one (which fails: no engine); later calls are not held. */
  release(): void;
}

/**
 * Counts calls to one client method and lets each go on to the real call (which fails: no
 * engine). With `hold`, calls wait until the test releases them, so it can press Enter again
 * while the first is certainly in flight.
 */
export function spy<K extends 'createContainer' | 'stopContainer' | 'commitContainer'>(client: EngineClient, method: K, options: { hold?: boolean } = {}): Spy {
  let calls = 0;
  let release: () => void = () => undefined;
  const released = options.hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  const original = client[method].bind(client) as (...args: unknown[]) => Promise<unknown>;
  const wrapped = async (...args: unknown[]) => {
    calls += 1;
    await released;
    return original(...args);
  };
  (client as unknown as Record<K, typeof wrapped>)[method] = wrapped;
  return { calls: () => calls, release: () => release() };
}

/** Replaces one client method for a test that needs the engine to answer a particular way. */
export function stub<K extends keyof EngineClient>(client: EngineClient, method: K, impl: EngineClient[K]): void {
  (client as unknown as Record<K, EngineClient[K]>)[method] = impl;
}

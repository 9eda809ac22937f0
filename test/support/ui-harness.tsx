import { EngineClient } from '../../src/engine/client.ts';
import type { ContainerSummary, ImageSummary } from '../../src/engine/types.ts';
import { EngineSync } from '../../src/state/engine-sync.ts';
import { initialEngineState, type EngineState } from '../../src/state/engine-state.ts';
import { PullManager, type PullClient } from '../../src/state/pulls/pull-manager.ts';
import { Store } from '../../src/state/store.ts';
import type { AppState } from '../../src/app/types.ts';
import { Root } from '../../src/ui/root.tsx';
import { createRuntime } from '../../src/app/runtime.ts';
import { LiveSources } from '../../src/state/sources.ts';
import { renderInk, tick } from './ink-harness.ts';

/**
 * Renders the whole app over a store the test fills itself. The client points at a socket
 * that does not exist and the sync loop never starts: these are component tests of what the
 * UI does with data, not of the engine (the e2e tests use the real sandbox engine).
 */
export function renderApp(options: { containers?: ContainerSummary[]; images?: ImageSummary[]; size?: { columns: number; rows: number }; initial?: AppState; pullClient?: PullClient } = {}) {
  const client = new EngineClient({ host: 'unix:///nonexistent/berth-test.sock', env: {} });
  const engineStore = new Store<EngineState>(initialEngineState('unix:///nonexistent/berth-test.sock'));
  const sync = new EngineSync(client, engineStore, { intervalMs: 60_000 });
  // Pulls go to a fake engine when the test gives one; otherwise they fail as unreachable.
  const pulls = new PullManager({ client: options.pullClient ?? client });
  const setData = (containers: ContainerSummary[] = [], images: ImageSummary[] = []) =>
    engineStore.update((s) => ({
      ...s,
      connection: { ...s.connection, status: 'connected', engineVersion: '20.10.24', apiVersion: '1.41', eventsLive: true },
      containers: { items: containers, loaded: true, stale: false, refreshedAt: Date.now() },
      images: { items: images, loaded: true, stale: false, refreshedAt: Date.now() },
    }));
  setData(options.containers, options.images);
  let quit = 0;
  const size = options.size ?? { columns: 100, rows: 24 };
  const sources = new LiveSources({ client, store: engineStore, sync, label: 'test' }, pulls);
  const runtime = createRuntime(sources, { quit: () => (quit += 1), copy: () => undefined, terminal: size, initial: options.initial && { ...options.initial, terminal: size } });
  const drawn = renderInk(<Root runtime={runtime} fixedSize />, { keys: runtime.keys });
  return {
    ...drawn,
    engineStore,
    pulls,
    /** The live sources: a test fills the ones it shows (events, volumes, the swarm) through their stores. */
    sources,
    setData,
    quitCount: () => quit,
    /** Lets a change made outside the key path (setData, a pull) reach the screen. */
    settle: () => tick(),
    async close() {
      drawn.unmount();
      runtime.dispose();
      pulls.stop();
      await client.close();
    },
  };
}

export const keys = {
  up: '\u001b[A',
  down: '\u001b[B',
  enter: '\r',
  escape: '\u001b',
  tab: '\t',
  shiftTab: '\u001b[Z',
  backspace: '\u007f',
  ctrlC: '\u0003',
  pageDown: '\u001b[6~',
};

export function container(id: string, name: string, extra: Partial<ContainerSummary> = {}): ContainerSummary {
  return {
    Id: id.padEnd(64, '0'),
    Names: [`/${name}`],
    Image: 'busybox:latest',
    State: 'running',
    Status: 'Up 3 minutes',
    Created: Math.floor(Date.now() / 1000) - 180,
    Ports: [],
    Labels: {},
    ...extra,
  };
}

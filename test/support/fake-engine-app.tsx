/**
 * The whole app (real EngineClient, EngineSync and PullManager) against a fake engine on a unix
 * socket, for component tests of what a person sees when an engine misbehaves. `cleanups`
 * collects what the test file tears down in its `after`.
 */
import { EngineClient } from '../../src/engine/client.ts';
import { EngineSync, type SyncOptions } from '../../src/state/engine-sync.ts';
import { initialEngineState, type EngineState } from '../../src/state/engine-state.ts';
import { PullManager } from '../../src/state/pulls/pull-manager.ts';
import { Store } from '../../src/state/store.ts';
import { Root } from '../../src/ui/root.tsx';
import { createRuntime } from '../../src/app/runtime.ts';
import { LiveSources } from '../../src/state/sources.ts';
import { startFakeEngine, type FakeEngineOptions } from './fake-engine.ts';
import { renderInk } from './ink-harness.ts';

export interface FakeEngineAppOptions {
  cleanups: Array<() => Promise<void> | void>;
  /** The client's whole-request limit (default 30 s). */
  timeoutMs?: number;
  /** As --api-version. */
  apiVersion?: string;
  columns?: number;
  /** Overrides of the sync loop's timings (e.g. a shorter probe for a frozen engine). */
  syncOptions?: Partial<SyncOptions>;
}

export async function appOnFakeEngine(engine: FakeEngineOptions, options: FakeEngineAppOptions) {
  const fake = await startFakeEngine(engine);
  const client = new EngineClient({ host: fake.host, env: {}, timeoutMs: options.timeoutMs ?? 30_000, apiVersion: options.apiVersion });
  const engineStore = new Store<EngineState>(initialEngineState(fake.host));
  const sync = new EngineSync(client, engineStore, { intervalMs: 500, backoffMs: [100, 200], ...options.syncOptions });
  const pulls = new PullManager({ client });
  const size = { columns: options.columns ?? 200, rows: 30 };
  const sources = new LiveSources({ client, store: engineStore, sync, label: fake.host }, pulls);
  const runtime = createRuntime(sources, { quit: () => undefined, copy: () => undefined, terminal: size });
  const drawn = renderInk(<Root runtime={runtime} fixedSize />, { keys: runtime.keys });
  sync.start();
  options.cleanups.push(async () => {
    drawn.unmount();
    runtime.dispose();
    pulls.stop();
    await sync.stop();
    await client.close();
    await fake.close();
  });
  // The sync loop too: its onEvent says when berth has read an event off the stream.
  return { fake, sync, ...drawn };
}

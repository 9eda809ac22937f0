/**
 * The app store and the command runner, wired: built once per berth (main.tsx), before Ink is
 * mounted and outliving a remount (a shell in a container unmounts Ink; the state stays).
 *
 * The store's context is read afresh for every key: the engine's lists, the pulls, the keymap in
 * force. Selections follow their ids through a subscription to the engine and pull stores, here,
 * not in a React effect: it happens whether or not a frame is drawn.
 */
import { createContext, useContext } from 'react';
import { AppStore } from '../state/app/app-store.ts';
import { CommandRunner } from '../state/app/runner.ts';
import { initialAppState, paneView, type AppState, type TerminalSize } from '../state/app/types.ts';
import type { RunnerServices } from '../state/app/work.ts';
import { KeyStream } from './keys/key-input.tsx';
import { currentKeymap } from './keys/keymap.ts';
import { reduceApp } from './keys/reduce.ts';
import type { UiContext } from './keys/ui-context.ts';
import type { Services } from './services.tsx';
import { isLive } from '../state/containers.ts';
import type { ContainerSummary } from '../engine/types.ts';
import { selectedIndex } from '../state/app/navigation.ts';
import type { EngineState } from '../state/engine-state.ts';
import type { StatsState } from '../state/stats/stats-tracker.ts';
import { bodyHeight } from './layout.ts';
import { containerRowsOf } from './panes/registry.ts';
import { selectContainerIds } from './rows/select.ts';

/**
 * The running containers on screen, or near it: the table's window is the body height around
 * the selection, so a screen's worth either side of it covers whatever the window shows (and a
 * page move) without measuring a list of thousands.
 */
function onScreen(app: AppState, engine: EngineState, stats: StatsState): string[] {
  const rows = containerRowsOf(app, { engine, stats });
  const at = Math.max(selectedIndex(paneView(app, 'containers'), selectContainerIds(rows)), 0);
  const reach = bodyHeight(app.terminal, engine);
  const near = rows.slice(Math.max(at - reach, 0), at + reach + 1);
  const running = new Set(engine.containers.items.filter((c) => isLive(c) && c.State !== 'paused').map((c: ContainerSummary) => c.Id));
  return near.filter((row) => running.has(row.id)).map((row) => row.id);
}

export interface Runtime {
  store: AppStore<UiContext>;
  runner: CommandRunner;
  /** Where the key input sends what it reads: decoded into presses, each applied to the store. */
  keys: KeyStream;
  /** Stops the runner's work and the subscriptions (berth is quitting, or a test ends). */
  dispose(): void;
}

export interface RuntimeOptions {
  quit(): void;
  copy(text: string): void;
  openShell?: RunnerServices['openShell'];
  suspend?: RunnerServices['suspend'];
  terminal: TerminalSize;
  /** A starting state (tests). */
  initial?: AppState;
  logDir?: () => string;
}

export function createRuntime(services: Services, options: RuntimeOptions): Runtime {
  const { engineStore, pulls } = services;
  // The runner reports into the store, and the store's context reads the runner's log buffers:
  // each is only called later, once both exist.
  const runner: CommandRunner = new CommandRunner(
    {
      // Read at each use, not copied: after an engine switch they are the new engine's.
      get client() {
        return services.client;
      },
      engineStore,
      get sync() {
        return services.sync;
      },
      pulls,
      resources: services.resources,
      swarm: services.swarm,
      engines: services.engines,
      quit: options.quit,
      copy: options.copy,
      openShell: options.openShell,
      suspend: options.suspend,
      logDir: options.logDir ?? (() => process.cwd()),
    },
    (action) => store.dispatch(action),
  );
  const context = (): UiContext => ({
    engine: engineStore.getState(),
    pulls: pulls.store.getState(),
    events: services.events?.store.getState(),
    stats: services.stats?.store.getState(),
    resources: services.resources?.store.getState(),
    swarm: services.swarm?.store.getState(),
    keymap: currentKeymap(),
    logLines: (overlay) => runner.logSession(overlay)?.buffer,
  });
  const store = new AppStore<UiContext>(options.initial ?? initialAppState(options.terminal), reduceApp, context);
  store.setRunner(runner.run);
  const changed = () => store.dispatch({ type: 'sources-changed' });
  const unsubscribe = [engineStore.subscribe(changed), pulls.store.subscribe(changed)];
  if (services.events) unsubscribe.push(services.events.store.subscribe(changed));
  if (services.stats) unsubscribe.push(services.stats.store.subscribe(changed));
  const resources = services.resources;
  if (resources) {
    // Listed while their pane is shown, and only then.
    const showResources = () => {
      const pane = store.getState().pane;
      resources.watch(pane === 'volumes' || pane === 'networks' ? pane : undefined);
    };
    unsubscribe.push(resources.store.subscribe(changed), store.subscribe(showResources), () => resources.stop());
    showResources();
  }
  const swarm = services.swarm;
  if (swarm) {
    const showSwarm = () => {
      const pane = store.getState().pane;
      swarm.watch(pane === 'services' || pane === 'nodes');
    };
    unsubscribe.push(swarm.store.subscribe(changed), store.subscribe(showSwarm), () => swarm.stop());
    showSwarm();
  }
  const stats = services.stats;
  if (stats) {
    // The running containers are measured while the resource columns are on, and only then.
    // So is the container whose stats view is open, columns or not.
    let watched = '';
    const follow = () => {
      const app = store.getState();
      const ids = new Set(app.showStats && app.pane === 'containers' ? onScreen(app, engineStore.getState(), stats.store.getState()) : []);
      const viewed = app.overlays.find((o) => o.kind === 'stats')?.containerId;
      if (viewed) ids.add(viewed);
      const key = [...ids].join(' ');
      if (key === watched) return;
      watched = key;
      stats.watch(ids);
    };
    unsubscribe.push(store.subscribe(follow), engineStore.subscribe(follow), () => stats.stop());
    follow();
  }
  return {
    store,
    runner,
    keys: new KeyStream(store),
    dispose() {
      for (const off of unsubscribe) off();
      runner.stop();
    },
  };
}

export const RuntimeContext = createContext<Runtime | undefined>(undefined);

export function useRuntime(): Runtime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('berth: the app runtime is not provided');
  return runtime;
}

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
import { initialAppState, type AppState, type TerminalSize } from '../state/app/types.ts';
import type { RunnerServices } from '../state/app/work.ts';
import { KeyStream } from './keys/key-input.tsx';
import { currentKeymap } from './keys/keymap.ts';
import { reduceApp } from './keys/reduce.ts';
import type { UiContext } from './keys/ui-context.ts';
import type { Services } from './services.tsx';
import { isLive } from '../state/containers.ts';
import type { ContainerSummary } from '../engine/types.ts';

function runningIds(items: readonly ContainerSummary[]): string[] {
  return items.filter((c) => isLive(c) && c.State !== 'paused').map((c) => c.Id);
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
      engines: services.engines,
      quit: options.quit,
      copy: options.copy,
      openShell: options.openShell,
      logDir: options.logDir ?? (() => process.cwd()),
    },
    (action) => store.dispatch(action),
  );
  const context = (): UiContext => ({
    engine: engineStore.getState(),
    pulls: pulls.store.getState(),
    keymap: currentKeymap(),
    logLines: (overlay) => runner.logSession(overlay)?.buffer,
  });
  const store = new AppStore<UiContext>(options.initial ?? initialAppState(options.terminal), reduceApp, context);
  store.setRunner(runner.run);
  const changed = () => store.dispatch({ type: 'sources-changed' });
  const unsubscribe = [engineStore.subscribe(changed), pulls.store.subscribe(changed)];
  const stats = services.stats;
  if (stats) {
    // The running containers are measured while the resource columns are on, and only then.
    // So is the container whose stats view is open, columns or not.
    let watched: { on: boolean; items: unknown; viewed: string | undefined } | undefined;
    const follow = () => {
      const app = store.getState();
      const on = app.showStats;
      const viewed = app.overlays.find((o) => o.kind === 'stats')?.containerId;
      const { items } = engineStore.getState().containers;
      if (watched?.on === on && watched.items === items && watched.viewed === viewed) return;
      watched = { on, items, viewed };
      const ids = new Set(on ? runningIds(items) : []);
      if (viewed) ids.add(viewed);
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

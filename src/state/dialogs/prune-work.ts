/**
 * The work behind the prune dialog (its decisions are prune.ts): the preview from the engine's
 * disk usage (and, for networks, its network list), and the prune itself, after which the lists
 * are refreshed so the panes show what is left.
 */
import type { PruneKind } from '../../engine/prune.ts';
import { failure, type HandlerTable, type RunnerEnv } from '../app/work.ts';
import { prunePreview, type PruneTarget } from '../prune/preview.ts';
import type { PruneResult } from './prune.ts';

function reply(env: RunnerEnv, overlay: number, result: PruneResult): void {
  env.dispatch({ type: 'dialog', overlay, result });
}

const ENDPOINT: Record<PruneTarget, { kind: PruneKind; all?: boolean }> = {
  containers: { kind: 'containers' },
  images: { kind: 'images' },
  'unused-images': { kind: 'images', all: true },
  build: { kind: 'build' },
  volumes: { kind: 'volumes' },
  networks: { kind: 'networks' },
};

export const pruneHandlers: HandlerTable<'prune-preview' | 'prune'> = {
  'prune-preview': ({ overlay, target, serial }, env) => {
    const { client, engineStore } = env.services;
    const { signal } = env.work(overlay).abort;
    const networks = target === 'networks' ? client.listNetworks(signal) : Promise.resolve(undefined);
    Promise.all([target === 'networks' ? Promise.resolve({}) : client.systemDf(signal), networks]).then(
      ([df, list]) => reply(env, overlay, { kind: 'previewed', serial, preview: prunePreview(target, df, { networks: list, containers: engineStore.getState().containers.items }) }),
      (error: unknown) => {
        const message = failure(error, signal);
        if (message !== undefined) reply(env, overlay, { kind: 'preview-failed', serial, message });
      },
    );
  },
  prune: ({ overlay, target }, env) => {
    const { client, sync } = env.services;
    const { signal } = env.work(overlay).abort;
    const { kind, all } = ENDPOINT[target];
    client.prune(kind, { all, signal }).then(
      async (answer) => {
        reply(env, overlay, { kind: 'pruned', removed: answer.removed.length, freed: answer.spaceReclaimed });
        await Promise.all([
          sync.refreshContainers().catch(() => undefined),
          sync.refreshImages().catch(() => undefined),
          kind === 'volumes' || kind === 'networks' ? env.services.resources?.refresh(kind).catch(() => undefined) : undefined,
        ]);
      },
      (error: unknown) => {
        const message = failure(error, signal);
        if (message !== undefined) reply(env, overlay, { kind: 'prune-failed', message });
      },
    );
  },
};

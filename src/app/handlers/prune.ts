/**
 * The work behind the prune dialog (its decisions are prune.ts): the preview from the engine's
 * disk usage (and, for networks, its network list), and the prune itself, after which the lists
 * are refreshed so the panes show what is left.
 */
import type { PruneKind } from '../../engine/prune.ts';
import { failure, type HandlerTable } from './work.ts';
import { prunePreview, type PruneTarget } from '../../state/prune/preview.ts';
import { reply } from './reply.ts';

const ENDPOINT: Record<PruneTarget, { kind: PruneKind; all?: boolean }> = {
  containers: { kind: 'containers' },
  images: { kind: 'images' },
  'unused-images': { kind: 'images', all: true },
  build: { kind: 'build' },
  volumes: { kind: 'volumes' },
  networks: { kind: 'networks' },
};

export const pruneHandlers: HandlerTable<'prune-preview' | 'prune-run'> = {
  'prune-preview': ({ overlay, target, serial }, env) => {
    const { client, engineStore } = env;
    const { signal } = env.work(overlay).abort;
    // Networks have no sizes: their list is what counts. The rest come from the disk usage.
    const load = target === 'networks' ? client.listNetworks(signal).then((networks) => ({ df: {}, networks })) : client.systemDf(signal).then((df) => ({ df, networks: undefined }));
    load.then(
      ({ df, networks }) => reply(env, overlay, { kind: 'previewed', serial, preview: prunePreview(target, df, { networks, containers: engineStore.getState().containers.items }) }),
      (error: unknown) => {
        const message = failure(error, signal);
        if (message !== undefined) reply(env, overlay, { kind: 'preview-failed', serial, message });
      },
    );
  },
  'prune-run': ({ overlay, target }, env) => {
    const { client } = env;
    const { sync } = env.session;
    const { signal } = env.work(overlay).abort;
    const { kind, all } = ENDPOINT[target];
    client.prune(kind, { all, signal }).then(
      async (answer) => {
        reply(env, overlay, { kind: 'pruned', removed: answer.removed.length, freed: answer.spaceReclaimed });
        await Promise.all([
          sync.refreshContainers().catch(() => undefined),
          sync.refreshImages().catch(() => undefined),
          kind === 'volumes' || kind === 'networks' ? env.resources.refresh(kind).catch(() => undefined) : undefined,
        ]);
      },
      (error: unknown) => {
        const message = failure(error, signal);
        if (message !== undefined) reply(env, overlay, { kind: 'prune-failed', message });
      },
    );
  },
};

/**
 * The work behind the prune dialog (its decisions are prune.ts): the preview from the engine's
 * disk usage (for images with every image's parent, for stopped containers without a size their
 * `size=1` listing, for networks the network list), and the prune itself, after which the lists
 * are refreshed so the panes show what is left. Preview and request use the same API version.
 */
import type { DiskUsage, PruneKind } from '../../engine/prune.ts';
import type { EngineClient } from '../../engine/client.ts';
import { failure, type HandlerTable } from './work.ts';
import { needsContainerSizes, prunePreview, type PreviewContext, type PruneTarget } from '../../state/prune/preview.ts';
import { reply } from './reply.ts';

const ENDPOINT: Record<PruneTarget, { kind: PruneKind; all?: boolean }> = {
  containers: { kind: 'containers' },
  images: { kind: 'images' },
  'unused-images': { kind: 'images', all: true },
  // Every record not in use: what the preview lists (without `all` buildkit keeps shared ones).
  build: { kind: 'build', all: true },
  volumes: { kind: 'volumes' },
  'all-volumes': { kind: 'volumes', all: true },
  networks: { kind: 'networks' },
};

/** What the preview of `target` reads from the engine besides the containers berth has. */
async function previewInputs(client: EngineClient, target: PruneTarget, signal: AbortSignal): Promise<{ df: DiskUsage; context: Omit<PreviewContext, 'containers'> }> {
  const apiVersion = await client.negotiatedApiVersion();
  if (target === 'networks') return { df: {}, context: { apiVersion, networks: await client.listNetworks(signal) } };
  if (target === 'images' || target === 'unused-images') {
    const [df, imageParents] = await Promise.all([client.systemDf(signal), client.imageParents(signal)]);
    return { df, context: { apiVersion, imageParents } };
  }
  const df = await client.systemDf(signal);
  // An engine that leaves a stopped container's size out of the disk usage may give it here.
  const containerSizes = target === 'containers' && needsContainerSizes(df) ? await client.stoppedContainerSizes(signal) : undefined;
  return { df, context: { apiVersion, ...(containerSizes && { containerSizes }) } };
}

export const pruneHandlers: HandlerTable<'prune-preview' | 'prune-run'> = {
  'prune-preview': ({ overlay, target, serial }, env) => {
    const { client, engineStore } = env;
    const { signal } = env.work(overlay).abort;
    previewInputs(client, target, signal).then(
      ({ df, context }) => reply(env, overlay, { kind: 'previewed', serial, preview: prunePreview(target, df, { ...context, containers: engineStore.getState().containers.items }) }),
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
        reply(env, overlay, { kind: 'pruned', answer });
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

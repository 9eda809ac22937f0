/** What acts on volumes and networks: create and remove, then the pane's list read again. */
import { shortId } from '../../state/actions/labels.ts';
import { answer } from './reply.ts';
import type { HandlerTable, RunnerEnv } from './work.ts';

/** After a volume or a network was removed: its list read again (images and containers follow events). */
export async function refreshAfterRemoval(env: RunnerEnv, kind: string): Promise<void> {
  if (kind === 'volume') await env.resources.refresh('volumes');
  if (kind === 'network') await env.resources.refresh('networks');
}

export const resourceHandlers: HandlerTable<'volume-create' | 'volume-remove' | 'network-create' | 'network-remove'> = {
  'volume-create': (c, env) =>
    answer(env, c.overlay, async (signal) => {
      const made = await env.client.createVolume(c.name, signal);
      await env.resources.refresh('volumes');
      return `created volume ${made.Name}`;
    }),
  'network-create': (c, env) =>
    answer(env, c.overlay, async (signal) => {
      const made = await env.client.createNetwork(c.name, signal);
      await env.resources.refresh('networks');
      return `created network ${c.name} (${shortId(made.Id)})`;
    }),
  'volume-remove': (c, env) =>
    answer(env, c.overlay, async (signal) => {
      await env.client.removeVolume(c.name, { force: c.force, signal });
      await env.resources.refresh('volumes');
      return `removed volume ${c.name}`;
    }),
  'network-remove': (c, env) =>
    answer(env, c.overlay, async (signal) => {
      await env.client.removeNetwork(c.id, signal);
      await env.resources.refresh('networks');
      return `removed network ${c.name}`;
    }),
};

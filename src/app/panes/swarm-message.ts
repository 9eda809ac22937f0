import type { UiContext } from '../context.ts';
import { sanitizeLine } from '../format/index.ts';
import type { PaneMessage } from './pane.ts';

/** Whether the engine shows no swarm to list: not a manager, or no Swarm at all (a summary then says nothing). */
export function noSwarm(ctx: Pick<UiContext, 'swarm'>): boolean {
  return ctx.swarm.notManager === true || ctx.swarm.noSwarmApi === true;
}

/**
 * What the swarm panes say instead of rows: the engine has no Swarm (Podman: known from its
 * /version, and its 404 on the swarm endpoints), not a manager, loading, the engine's refusal,
 * nothing. The engine's own words follow in each case.
 */
export function swarmMessage(kind: string, ctx: Pick<UiContext, 'swarm' | 'engine'>, filter: string, count: number): PaneMessage | undefined {
  const { swarm } = ctx;
  const words = sanitizeLine(swarm.error ?? '');
  if (noSwarm(ctx) && ctx.engine.connection.engineKind === 'podman') {
    return { text: `Podman has no Swarm: ${kind} exist on a Docker engine that is a swarm manager (Podman answers: ${words})`, tone: 'error' };
  }
  if (swarm.notManager) return { text: `this engine is not a swarm manager (docker swarm init makes one): ${words}`, tone: 'error' };
  if (swarm.noSwarmApi) return { text: `this engine has no Swarm (${kind} exist on a Docker swarm manager): ${words}`, tone: 'error' };
  if (count > 0) return undefined;
  if (!swarm.loaded) return { text: 'loading…' };
  if (swarm.error) return { text: words, tone: 'error' };
  return { text: filter ? `no ${kind} match "${filter}"` : `no ${kind}` };
}

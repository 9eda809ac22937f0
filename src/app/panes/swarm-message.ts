import type { UiContext } from '../context.ts';
import { sanitizeLine } from '../format/index.ts';
import type { PaneMessage } from './pane.ts';

/** What the swarm panes say instead of rows: not a manager, loading, the engine's refusal, nothing. */
export function swarmMessage(kind: string, ctx: UiContext, filter: string, count: number): PaneMessage | undefined {
  const { swarm } = ctx;
  if (swarm.notManager) return { text: `this engine is not a swarm manager (docker swarm init makes one): ${sanitizeLine(swarm.error ?? '')}`, tone: 'error' };
  if (count > 0) return undefined;
  if (!swarm.loaded) return { text: 'loading…' };
  if (swarm.error) return { text: sanitizeLine(swarm.error), tone: 'error' };
  return { text: filter ? `no ${kind} match "${filter}"` : `no ${kind}` };
}

/**
 * The swarm actions, done as the docker CLI does them: read the service (or node), change its
 * spec, send it back with the version read, so a change made meanwhile is refused by the engine
 * ("update out of sequence") rather than overwritten. Then the lists are read again; the Services
 * pane shows the update's progress (UpdateStatus, replicas) until it converges or fails.
 */
import type { EngineClient } from '../../engine/client.ts';
import { swarmLine } from '../../state/action-log/cli-line.ts';
import type { HandlerTable, RunnerEnv } from './work.ts';
import type { SwarmAction } from '../commands.ts';
import { answer } from './reply.ts';

async function swarmAct(client: EngineClient, action: SwarmAction, signal?: AbortSignal): Promise<string> {
  if (action.kind === 'drain' || action.kind === 'activate') {
    const node = (await client.listNodes(signal)).find((n) => n.ID === action.nodeId);
    if (!node) throw new Error(`node ${action.name} is no longer in the swarm`);
    const availability = action.kind === 'drain' ? 'drain' : 'active';
    await client.updateNode(node.ID, node.Version?.Index ?? 0, { ...node.Spec, Availability: availability }, signal);
    return action.kind === 'drain' ? `draining ${action.name}: its tasks move to other nodes` : `${action.name} takes tasks again`;
  }
  if (action.kind === 'remove-service') {
    await client.removeService(action.serviceId, signal);
    return `removed service ${action.name}`;
  }
  const service = await client.inspectService(action.serviceId, signal);
  const version = service.Version?.Index ?? 0;
  const spec = service.Spec ?? {};
  switch (action.kind) {
    case 'scale':
      if (!spec.Mode?.Replicated) throw new Error(`${action.name} is not a replicated service: a global one runs one task per node`);
      await client.updateService(action.serviceId, version, { ...spec, Mode: { ...spec.Mode, Replicated: { Replicas: action.replicas } } }, { signal });
      return `scaling ${action.name} to ${action.replicas}`;
    case 'force-update': {
      const template = spec.TaskTemplate ?? {};
      await client.updateService(action.serviceId, version, { ...spec, TaskTemplate: { ...template, ForceUpdate: (template.ForceUpdate ?? 0) + 1 } }, { signal });
      return `restarting ${action.name}'s tasks, one after another`;
    }
    case 'rollback':
      if (!service.PreviousSpec) throw new Error(`${action.name} has no previous spec to roll back to`);
      await client.updateService(action.serviceId, version, spec, { rollback: true, signal });
      return `rolling ${action.name} back to its previous spec`;
  }
}

/** The action, then the lists read again before the dialog closes: the pane shows the change under way. */
export async function swarmActAndRefresh(env: RunnerEnv, action: SwarmAction, signal?: AbortSignal): Promise<string> {
  // Recorded here, not by the client: a service update's spec does not say scale from restart.
  const message = await env.services.sources.actionLog.track(swarmLine(action), env.session.label, () => swarmAct(env.client, action, signal));
  await env.swarm.refresh().catch(() => undefined);
  return message;
}

export const swarmHandlers: HandlerTable<'swarm-act'> = {
  'swarm-act': ({ overlay, action }, env) => answer(env, overlay, (signal) => swarmActAndRefresh(env, action, signal)),
};

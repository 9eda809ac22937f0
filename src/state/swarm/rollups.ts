/**
 * What a person reads off a swarm, worked out as the docker CLI does (`cli/command/service`,
 * `cli/command/task`): a service's replicas as running/desired (the engine's ServiceStatus, or
 * from its tasks where there is none: desired are tasks not meant to shut down, running are
 * running tasks on nodes that are not down), and its tasks
 * newest first per slot with the error of the failed ones.
 */
import type { Service, SwarmNode, Task } from '../../engine/swarm.ts';

export interface Replicas {
  running: number;
  desired: number;
}

export function serviceMode(service: Service): string {
  const mode = service.Spec?.Mode ?? {};
  if (mode.Global) return 'global';
  if (mode.ReplicatedJob) return 'replicated job';
  if (mode.GlobalJob) return 'global job';
  return `replicated ${mode.Replicated?.Replicas ?? 1}`;
}

export function replicas(service: Service, tasks: readonly Task[], nodes: readonly SwarmNode[]): Replicas {
  // The engine's own counts when it gives them (API 1.41 with status=true): its desired count is
  // the spec's, so a service whose tasks all failed and gave up still reads 0/1, not 0/0.
  const status = service.ServiceStatus;
  if (status?.DesiredTasks !== undefined && status.RunningTasks !== undefined) return { running: status.RunningTasks, desired: status.DesiredTasks };
  const down = new Set(nodes.filter((n) => n.Status?.State === 'down').map((n) => n.ID));
  let running = 0;
  let desired = 0;
  for (const task of tasks) {
    if (task.ServiceID !== service.ID) continue;
    if (task.DesiredState !== 'shutdown') desired += 1;
    if (task.Status?.State === 'running' && !down.has(task.NodeID ?? '')) running += 1;
  }
  return { running, desired };
}

export function publishedPorts(service: Service): string {
  return (service.Spec?.EndpointSpec?.Ports ?? [])
    .map((p) => `${p.PublishedPort ?? '*'}->${p.TargetPort ?? '?'}/${p.Protocol ?? 'tcp'}`)
    .join(', ');
}

export interface TaskLine {
  id: string;
  /** `web.2`, or `web.<node id>` for a global service's task, as the CLI names them. */
  name: string;
  node: string;
  desired: string;
  current: string;
  /** When the current state began (ISO). */
  since?: string;
  error: string;
  containerId: string;
}

/**
 * Each node's name for the task list: its hostname, with its short id when another node has the
 * same hostname (two engines on one machine do), so where a task runs is never ambiguous.
 */
export function nodeNames(nodes: readonly SwarmNode[]): ReadonlyMap<string, string> {
  const count = new Map<string, number>();
  for (const n of nodes) {
    const host = n.Description?.Hostname ?? '';
    count.set(host, (count.get(host) ?? 0) + 1);
  }
  return new Map(
    nodes.map((n) => {
      const host = n.Description?.Hostname ?? '';
      return [n.ID, host === '' ? n.ID.slice(0, 12) : (count.get(host) ?? 0) > 1 ? `${host} (${n.ID.slice(0, 12)})` : host];
    }),
  );
}

export function serviceTasks(service: Service, tasks: readonly Task[], nodes: readonly SwarmNode[]): TaskLine[] {
  const hostname = nodeNames(nodes);
  const name = service.Spec?.Name ?? service.ID.slice(0, 12);
  return tasks
    .filter((t) => t.ServiceID === service.ID)
    .sort((a, b) => (a.Slot ?? 0) - (b.Slot ?? 0) || (b.CreatedAt ?? '').localeCompare(a.CreatedAt ?? ''))
    .map((t) => ({
      id: t.ID,
      name: t.Slot ? `${name}.${t.Slot}` : `${name}.${(t.NodeID ?? '').slice(0, 12)}`,
      node: hostname.get(t.NodeID ?? '') ?? '',
      desired: t.DesiredState ?? '',
      current: t.Status?.State ?? '',
      ...(t.Status?.Timestamp && { since: t.Status.Timestamp }),
      error: t.Status?.Err ?? '',
      containerId: t.Status?.ContainerStatus?.ContainerID ?? '',
    }));
}

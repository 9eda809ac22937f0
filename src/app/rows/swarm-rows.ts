/**
 * The Services (`7`) and Nodes (`8`) panes' rows. A service opened with Enter is followed by its
 * tasks (slot, node, desired and current state with age, the error of a failed task, the
 * container), the way `docker service ps --no-trunc` lists them. Engine strings are sanitised.
 */
import type { Service, SwarmNode, Task } from '../../engine/swarm.ts';
import { publishedPorts, replicas, serviceMode, serviceTasks } from '../../state/swarm/rollups.ts';
import { memberOf } from '../../state/fleet/member-tag.ts';
import { formatRelative, sanitizeLine, shortId } from '../format/index.ts';
import { matchesEngine } from './resource-rows.ts';

export type ServiceColumn = 'name' | 'mode' | 'replicas' | 'image' | 'ports' | 'update' | 'updated';
export type NodeColumn = 'id' | 'hostname' | 'role' | 'availability' | 'status' | 'version';

export interface ServiceRow {
  /** The service's id, or `task:<id>` for a task row. */
  key: string;
  kind: 'service' | 'task';
  serviceId: string;
  name: string;
  cells: Record<ServiceColumn, string>;
  /** Replicated: its replica count (for the scale dialog to start from). */
  scale?: number;
  /** A task row's container (empty before it has one). */
  containerId?: string;
  /** Not converged or failed: drawn in the warning colour. */
  trouble: boolean;
  /** In a fleet: the short name of the manager it was read from. */
  engine?: string;
}

export interface NodeRow {
  key: string;
  name: string;
  cells: Record<NodeColumn, string>;
  /** In a fleet: the short name of the manager it was read from. */
  engine?: string;
}

const seconds = (iso: string | undefined) => (iso ? Date.parse(iso) / 1000 : undefined);

export function serviceRows(services: readonly Service[], tasks: readonly Task[], nodes: readonly SwarmNode[], open: readonly string[], filter: string, nowMs: number): ServiceRow[] {
  const needle = filter.trim().toLowerCase();
  const rows: ServiceRow[] = [];
  for (const service of services) {
    const name = service.Spec?.Name ?? service.ID.slice(0, 12);
    const r = replicas(service, tasks, nodes);
    const update = service.UpdateStatus?.State ?? '';
    const cells: Record<ServiceColumn, string> = {
      name: sanitizeLine(name),
      mode: serviceMode(service),
      replicas: `${r.running}/${r.desired}`,
      image: sanitizeLine((service.Spec?.TaskTemplate?.ContainerSpec?.Image ?? '').replace(/@sha256:[0-9a-f]+$/, '')),
      ports: sanitizeLine(publishedPorts(service)),
      update: sanitizeLine(update),
      updated: formatRelative(seconds(service.UpdatedAt), nowMs),
    };
    if (needle !== '' && !Object.values(cells).some((c) => c.toLowerCase().includes(needle))) continue;
    const scale = service.Spec?.Mode?.Replicated?.Replicas;
    rows.push({ key: service.ID, kind: 'service', serviceId: service.ID, name, cells, ...(scale !== undefined && { scale }), trouble: r.running < r.desired || /paused|rollback_started|updating/.test(update) });
    if (!open.includes(service.ID)) continue;
    for (const task of serviceTasks(service, tasks, nodes)) {
      const state = `${task.current}${task.since ? ` ${formatRelative(seconds(task.since), nowMs)}` : ''}`;
      rows.push({
        key: `task:${task.id}`,
        kind: 'task',
        serviceId: service.ID,
        name: task.name,
        cells: {
          name: `  ${sanitizeLine(task.name)}`,
          mode: sanitizeLine(task.node),
          replicas: `→ ${sanitizeLine(task.desired)}`,
          image: sanitizeLine(state),
          ports: task.containerId ? shortId(task.containerId) : '',
          update: sanitizeLine(task.error),
          updated: '',
        },
        containerId: task.containerId,
        trouble: task.error !== '' || task.current === 'failed' || task.current === 'rejected',
      });
    }
  }
  return rows;
}

export function nodeRows(nodes: readonly SwarmNode[], filter: string): NodeRow[] {
  const needle = filter.trim().toLowerCase();
  return nodes
    .map((n) => {
      const name = n.Description?.Hostname ?? n.ID.slice(0, 12);
      const role = n.ManagerStatus?.Leader ? 'manager (leader)' : (n.Spec?.Role ?? '');
      const cells = { id: n.ID.slice(0, 12), hostname: sanitizeLine(name), role: sanitizeLine(role), availability: sanitizeLine(n.Spec?.Availability ?? ''), status: sanitizeLine(n.Status?.State ?? ''), version: sanitizeLine(n.Description?.Engine?.EngineVersion ?? '') };
      const engine = memberOf(n);
      return { key: n.ID, name, cells, ...(engine !== undefined && { engine }) };
    })
    .filter((row) => needle === '' || matchesEngine(row.engine, needle) || Object.values(row.cells).some((c) => c.toLowerCase().includes(needle)));
}

/** A fleet's things by the engine they came from, in the order the engines first appear (outside a fleet: one group, undefined). */
function byEngine<T extends object>(items: readonly T[]): Map<string | undefined, T[]> {
  const groups = new Map<string | undefined, T[]>();
  for (const item of items) {
    const engine = memberOf(item);
    const group = groups.get(engine);
    if (group) group.push(item);
    else groups.set(engine, [item]);
  }
  return groups;
}

/**
 * serviceRows for every manager of a fleet apart: each cluster's services with its own tasks and
 * nodes (two managers of one swarm list the same ids; their tasks must not count twice), each row
 * carrying its engine. Outside a fleet it is serviceRows itself.
 */
export function fleetServiceRows(services: readonly Service[], tasks: readonly Task[], nodes: readonly SwarmNode[], open: readonly string[], filter: string, nowMs: number): ServiceRow[] {
  const groups = byEngine(services);
  if (groups.size === 0 || (groups.size === 1 && groups.has(undefined))) return serviceRows(services, tasks, nodes, open, filter, nowMs);
  const taskGroups = byEngine(tasks);
  const nodeGroups = byEngine(nodes);
  const needle = filter.trim().toLowerCase();
  // `engine:NAME` shows that manager's services whole, as the other panes' filters do.
  return [...groups].flatMap(([engine, own]) =>
    serviceRows(own, taskGroups.get(engine) ?? [], nodeGroups.get(engine) ?? [], open, needle !== '' && matchesEngine(engine, needle) ? '' : filter, nowMs).map((row) => (engine === undefined ? row : { ...row, engine })),
  );
}

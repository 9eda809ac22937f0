/**
 * The Services and Nodes panes' data: services, tasks and nodes, fetched together while one of
 * those panes is on screen — at once, soon after an engine event about a service or a node, and
 * every `intervalMs` as a safety net (task changes have no events of their own) — not otherwise.
 * An engine that is not a swarm manager answers 503 with what to do; that is kept to show. One
 * without Swarm at all (Podman) answers 404: kept too, so the panes can say so.
 */
import { describeError, isEngineError } from '../../engine/errors.ts';
import { sameJson } from '../../engine/same-json.ts';
import type { Service, SwarmNode, Task } from '../../engine/swarm.ts';
import { Store } from '../store.ts';
import type { EngineEvent } from '../../engine/types.ts';
import type { Demands, LiveSource } from '../live-source.ts';

export interface SwarmState {
  loaded: boolean;
  services: readonly Service[];
  tasks: readonly Task[];
  nodes: readonly SwarmNode[];
  /** The engine's words when it is not a manager (503), or the last failure. */
  error?: string;
  notManager?: boolean;
  /** The engine has no swarm endpoints at all (404 on /services: Podman), rather than no swarm yet. */
  noSwarmApi?: boolean;
}

export interface SwarmClient {
  listServices(signal?: AbortSignal): Promise<Service[]>;
  listTasks(signal?: AbortSignal): Promise<Task[]>;
  listNodes(signal?: AbortSignal): Promise<SwarmNode[]>;
}

const DEFAULT_INTERVAL_MS = 2000;
const EVENT_COALESCE_MS = 100;

export class SwarmLists implements LiveSource<SwarmState> {
  readonly store = new Store<SwarmState>({ loaded: false, services: [], tasks: [], nodes: [] });
  private watching = false;
  private soon: NodeJS.Timeout | undefined;
  private timer: NodeJS.Timeout | undefined;
  private abort = new AbortController();

  constructor(
    /** Read at each use: after an engine switch it is the new engine's. */
    private readonly client: () => SwarmClient,
    private readonly intervalMs = DEFAULT_INTERVAL_MS,
  ) {}

  watch(demands: Demands): void {
    this.show(demands.swarm === true);
  }

  /** Whether a swarm pane is on screen. */
  show(on: boolean): void {
    if (on === this.watching) return;
    this.watching = on;
    clearTimeout(this.timer);
    this.timer = undefined;
    if (on) void this.tick();
  }

  async refresh(): Promise<void> {
    const { signal } = this.abort;
    try {
      const client = this.client();
      const [services, tasks, nodes] = await Promise.all([client.listServices(signal), client.listTasks(signal), client.listNodes(signal)]);
      services.sort((a, b) => (a.Spec?.Name ?? '').localeCompare(b.Spec?.Name ?? ''));
      // Nothing changed (the usual answer while a swarm is calm): no new state, so no new frame.
      this.store.update((s) => (s.loaded && !s.error && sameJson(s.services, services) && sameJson(s.tasks, tasks) && sameJson(s.nodes, nodes) ? s : { loaded: true, services, tasks, nodes }));
    } catch (error) {
      if (signal.aborted) return;
      const notManager = isEngineError(error) && error.status === 503;
      const noSwarmApi = isEngineError(error) && error.status === 404;
      this.store.update((s) => ({ ...s, loaded: true, error: describeError(error), notManager, noSwarmApi }));
    }
  }

  /** An engine event: a service or node change is read soon (a burst of them, once). */
  onEngineEvent({ Type: type }: EngineEvent): void {
    if (!this.watching || (type !== 'service' && type !== 'node') || this.soon) return;
    this.soon = setTimeout(() => {
      this.soon = undefined;
      void this.refresh();
    }, EVENT_COALESCE_MS);
    this.soon.unref();
  }

  /** How `docker service logs` names a task: `web.1@hostname` (from the lists as last read). */
  taskLabel(taskId: string, nodeId: string): string | undefined {
    const { tasks, services, nodes } = this.store.getState();
    const task = tasks.find((t) => t.ID === taskId);
    const service = services.find((s) => s.ID === task?.ServiceID);
    if (!task || !service) return undefined;
    const host = nodes.find((n) => n.ID === nodeId)?.Description?.Hostname ?? nodeId.slice(0, 12);
    const name = service.Spec?.Name ?? service.ID.slice(0, 12);
    return `${name}.${task.Slot ? task.Slot : nodeId.slice(0, 12)}@${host}`;
  }

  stop(): void {
    clearTimeout(this.soon);
    this.soon = undefined;
    this.show(false);
    this.abort.abort();
    this.abort = new AbortController();
  }

  private async tick(): Promise<void> {
    if (!this.watching) return;
    await this.refresh();
    if (!this.watching || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.tick();
    }, this.intervalMs);
    this.timer.unref();
  }
}

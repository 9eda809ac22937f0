/**
 * Swarm: services, tasks and nodes, as a manager answers for them (engine-api-notes-wave2.md §5).
 * Updates send the whole spec as read with its version, so a concurrent change is refused by the
 * engine ("update out of sequence") instead of being overwritten.
 */
import type { EngineHttp } from './http.ts';

export interface ServiceSpec {
  Name?: string;
  Labels?: Record<string, string>;
  TaskTemplate?: { ContainerSpec?: { Image?: string; Args?: string[]; Command?: string[]; TTY?: boolean }; ForceUpdate?: number; [key: string]: unknown };
  Mode?: { Replicated?: { Replicas?: number }; Global?: Record<string, never>; ReplicatedJob?: unknown; GlobalJob?: unknown };
  EndpointSpec?: { Ports?: { Protocol?: string; TargetPort?: number; PublishedPort?: number; PublishMode?: string }[] };
  [key: string]: unknown;
}

export interface Service {
  ID: string;
  Version?: { Index?: number };
  CreatedAt?: string;
  UpdatedAt?: string;
  Spec?: ServiceSpec;
  PreviousSpec?: ServiceSpec;
  UpdateStatus?: { State?: string; Message?: string; StartedAt?: string; CompletedAt?: string };
  ServiceStatus?: { RunningTasks?: number; DesiredTasks?: number };
}

export interface Task {
  ID: string;
  ServiceID?: string;
  Slot?: number;
  NodeID?: string;
  DesiredState?: string;
  CreatedAt?: string;
  Status?: { Timestamp?: string; State?: string; Message?: string; Err?: string; ContainerStatus?: { ContainerID?: string; ExitCode?: number } };
}

export interface NodeSpec {
  Role?: string;
  Availability?: string;
  Labels?: Record<string, string>;
  [key: string]: unknown;
}

export interface SwarmNode {
  ID: string;
  Version?: { Index?: number };
  Spec?: NodeSpec;
  Description?: { Hostname?: string; Engine?: { EngineVersion?: string } };
  Status?: { State?: string; Addr?: string };
  ManagerStatus?: { Leader?: boolean; Reachability?: string };
}

const enc = encodeURIComponent;

export async function listServices(http: EngineHttp, signal?: AbortSignal): Promise<Service[]> {
  const { value } = await http.json<Service[]>({ operation: 'list services', method: 'GET', path: '/services', query: { status: true }, signal });
  return Array.isArray(value) ? value : [];
}

export async function inspectService(http: EngineHttp, id: string, signal?: AbortSignal): Promise<Service> {
  const { value } = await http.json<Service>({ operation: 'inspect service', method: 'GET', path: `/services/${enc(id)}`, signal });
  return value ?? { ID: id };
}

export async function listTasks(http: EngineHttp, signal?: AbortSignal): Promise<Task[]> {
  const { value } = await http.json<Task[]>({ operation: 'list tasks', method: 'GET', path: '/tasks', signal });
  return Array.isArray(value) ? value : [];
}

export async function listNodes(http: EngineHttp, signal?: AbortSignal): Promise<SwarmNode[]> {
  const { value } = await http.json<SwarmNode[]>({ operation: 'list nodes', method: 'GET', path: '/nodes', signal });
  return Array.isArray(value) ? value : [];
}

/** `rollback`: back to PreviousSpec (the spec as read is still sent, as the CLI sends it). */
export async function updateService(http: EngineHttp, id: string, version: number, spec: ServiceSpec, options: { rollback?: boolean; signal?: AbortSignal } = {}): Promise<string[]> {
  const { value } = await http.json<{ Warnings?: string[] | null }>({
    operation: options.rollback ? 'roll back service' : 'update service',
    method: 'POST',
    path: `/services/${enc(id)}/update`,
    query: { version, rollback: options.rollback ? 'previous' : undefined },
    body: spec,
    signal: options.signal,
  });
  return value?.Warnings ?? [];
}

export async function removeService(http: EngineHttp, id: string, signal?: AbortSignal): Promise<void> {
  await http.empty({ operation: 'remove service', method: 'DELETE', path: `/services/${enc(id)}`, signal });
}

/** The whole NodeSpec as read, with the new availability: a spec without Role is refused. */
export async function updateNode(http: EngineHttp, id: string, version: number, spec: NodeSpec, signal?: AbortSignal): Promise<void> {
  await http.empty({ operation: 'update node', method: 'POST', path: `/nodes/${enc(id)}/update`, query: { version }, body: spec, signal });
}

/**
 * Volumes and networks: list, inspect, create, remove (engine-api-notes-wave2.md §9). On API
 * 1.41 the network list leaves `Containers` empty and volume lists carry no usage, so who uses
 * what is worked out from the containers list (state/resources).
 */
import type { EngineHttp } from './http.ts';
import { apiAtLeast } from './version.ts';

export interface VolumeSummary {
  Name: string;
  Driver?: string;
  Mountpoint?: string;
  Scope?: string;
  CreatedAt?: string;
  Labels?: Record<string, string> | null;
}

export interface NetworkSummary {
  Id: string;
  Name: string;
  Driver?: string;
  Scope?: string;
  Internal?: boolean;
  Created?: string;
  Labels?: Record<string, string> | null;
}

const enc = encodeURIComponent;

export async function listVolumes(http: EngineHttp, signal?: AbortSignal): Promise<VolumeSummary[]> {
  const { value } = await http.json<{ Volumes?: VolumeSummary[] | null }>({ operation: 'list volumes', method: 'GET', path: '/volumes', signal });
  return (value?.Volumes ?? []).filter((v) => typeof v?.Name === 'string');
}

export async function inspectVolume(http: EngineHttp, name: string, signal?: AbortSignal): Promise<unknown> {
  return (await http.json<unknown>({ operation: 'inspect volume', method: 'GET', path: `/volumes/${enc(name)}`, signal })).value;
}

/** Idempotent on the engine's side: an existing name answers 201 with that volume. */
export async function createVolume(http: EngineHttp, name: string, signal?: AbortSignal): Promise<VolumeSummary> {
  const { value } = await http.json<VolumeSummary>({ operation: 'create volume', method: 'POST', path: '/volumes/create', body: { Name: name }, signal });
  return value ?? { Name: name };
}

export async function removeVolume(http: EngineHttp, name: string, options: { force?: boolean; signal?: AbortSignal } = {}): Promise<void> {
  await http.empty({ operation: 'remove volume', method: 'DELETE', path: `/volumes/${enc(name)}`, query: { force: options.force || undefined }, signal: options.signal });
}

export async function listNetworks(http: EngineHttp, signal?: AbortSignal): Promise<NetworkSummary[]> {
  const { value } = await http.json<NetworkSummary[]>({ operation: 'list networks', method: 'GET', path: '/networks', signal });
  return (Array.isArray(value) ? value : []).filter((n) => typeof n?.Id === 'string' && typeof n.Name === 'string');
}

export async function inspectNetwork(http: EngineHttp, id: string, signal?: AbortSignal): Promise<unknown> {
  return (await http.json<unknown>({ operation: 'inspect network', method: 'GET', path: `/networks/${enc(id)}`, signal })).value;
}

/**
 * The body of a network create. CheckDuplicate before API 1.44: without it those engines make a
 * second network of the same name, and removing by name is then ambiguous. From 1.44 the engine
 * always refuses a duplicate name and the field is deprecated (gone from 1.51's schema).
 */
export function networkCreateBody(name: string, apiVersion: string | undefined): { Name: string; CheckDuplicate?: boolean } {
  return apiAtLeast(apiVersion, '1.44') ? { Name: name } : { Name: name, CheckDuplicate: true };
}

/** A bridge network by default. */
export async function createNetwork(http: EngineHttp, name: string, apiVersion: string | undefined, signal?: AbortSignal): Promise<{ Id: string; Warning?: string }> {
  const { value } = await http.json<{ Id?: string; Warning?: string }>({ operation: 'create network', method: 'POST', path: '/networks/create', body: networkCreateBody(name, apiVersion), signal });
  return { Id: value?.Id ?? '', ...(value?.Warning && { Warning: value.Warning }) };
}

export async function removeNetwork(http: EngineHttp, id: string, signal?: AbortSignal): Promise<void> {
  await http.empty({ operation: 'remove network', method: 'DELETE', path: `/networks/${enc(id)}`, signal });
}

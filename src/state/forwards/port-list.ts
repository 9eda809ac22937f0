/**
 * A container's ports as `docker port` and `docker inspect` know them: each port the image
 * exposes or the run published, with the host addresses it is published on. Published comes from
 * the running container's NetworkSettings.Ports; where that holds no binding (a container not
 * running, or on the host's network, whose ports the engine does not map but which listen on the
 * host as they are) from what the run asked for, HostConfig.PortBindings. Engine fields are all
 * optional: Docker and Podman differ, and older engines leave some out.
 */
import type { ContainerInspect } from '../../engine/types.ts';

export interface PortBinding {
  /** As the engine says it: '' or 0.0.0.0 or :: for every address. */
  hostIp: string;
  hostPort: number;
}

export interface PortRow {
  /** The container's port. */
  port: number;
  proto: string;
  /** Where it is published on the engine's host; empty: exposed only (reachable by a forward). */
  published: readonly PortBinding[];
  /** The container shares the host's network: the port listens on the host as it is. */
  hostNetwork: boolean;
}

type Bindings = Record<string, Array<{ HostIp?: string; HostPort?: string }> | null> | null | undefined;

interface PortFields {
  NetworkSettings?: { Ports?: Bindings };
  HostConfig?: { PortBindings?: Bindings; NetworkMode?: string };
  Config?: { ExposedPorts?: Record<string, unknown> | null };
}

/** "8080/tcp" → its port and protocol; undefined for anything else. */
function parseKey(key: string): { port: number; proto: string } | undefined {
  const match = /^(\d{1,5})(?:\/([a-z]+))?$/.exec(key);
  if (!match) return undefined;
  const port = Number(match[1]);
  return port > 0 && port < 65536 ? { port, proto: match[2] ?? 'tcp' } : undefined;
}

function bindingsOf(list: ReadonlyArray<{ HostIp?: string; HostPort?: string }> | null | undefined): PortBinding[] {
  const seen = new Set<string>();
  const out: PortBinding[] = [];
  for (const b of list ?? []) {
    const hostPort = Number(b.HostPort);
    if (!Number.isInteger(hostPort) || hostPort <= 0 || hostPort > 65535) continue;
    const hostIp = b.HostIp ?? '';
    if (seen.has(`${hostIp} ${hostPort}`)) continue;
    seen.add(`${hostIp} ${hostPort}`);
    out.push({ hostIp, hostPort });
  }
  return out;
}

/** The ports of an inspected container, by port then protocol. */
export function portsOf(inspect: ContainerInspect): PortRow[] {
  const fields = inspect as PortFields;
  const hostNetwork = fields.HostConfig?.NetworkMode === 'host';
  const live = fields.NetworkSettings?.Ports ?? {};
  const asked = fields.HostConfig?.PortBindings ?? {};
  const keys = new Set([...Object.keys(fields.Config?.ExposedPorts ?? {}), ...Object.keys(live), ...Object.keys(asked)]);
  const rows: PortRow[] = [];
  for (const key of keys) {
    const parsed = parseKey(key);
    if (!parsed) continue;
    const fromLive = bindingsOf(live[key]);
    // On the host's network the engine maps nothing: the port is the host's own, as the container listens.
    const published = fromLive.length > 0 ? fromLive : hostNetwork ? [{ hostIp: '', hostPort: parsed.port }] : bindingsOf(asked[key]);
    rows.push({ ...parsed, published, hostNetwork });
  }
  return rows.sort((a, b) => a.port - b.port || a.proto.localeCompare(b.proto));
}

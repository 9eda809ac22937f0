/**
 * The address a published port is reached at from this machine. On a local engine (a unix
 * socket) that is this machine; on a remote one (tcp, TLS, ssh) it is the engine's host, never
 * localhost or 0.0.0.0, which would name this machine instead. A port published on the remote
 * host's loopback alone is not reachable from here at all: a forward is the way to it.
 */
import type { Endpoint } from '../../engine/transport.ts';
import type { PortBinding } from './port-list.ts';

const WILDCARD = new Set(['', '0.0.0.0', '::', '[::]']);
const LOOPBACK = /^(127\.|::1$|localhost$)/;

/** The host part of a URL (IPv6 in brackets). */
function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** The engine's host as this machine names it; undefined for a local engine. */
export function remoteHost(endpoint: Endpoint): string | undefined {
  if (endpoint.kind === 'unix') return undefined;
  return endpoint.kind === 'ssh' ? endpoint.address.host : endpoint.host;
}

/** A web port's scheme: https for the usual TLS ports, else http. */
export function schemeFor(port: number): string {
  return port === 443 || port === 8443 ? 'https' : 'http';
}

export type PortAddress = { ok: true; url: string; host: string } | { ok: false; why: string };

/** `host`: the engine's host as ssh resolves it (client.ts `hostName`), when known; else the address's own. */
export function portAddress(endpoint: Endpoint, binding: PortBinding, containerPort: number, host?: string): PortAddress {
  const remote = endpoint.kind === 'unix' ? undefined : (host ?? remoteHost(endpoint));
  const ip = binding.hostIp;
  let at: string;
  if (remote === undefined) at = WILDCARD.has(ip) ? 'localhost' : ip;
  else if (WILDCARD.has(ip)) at = remote;
  else if (LOOPBACK.test(ip)) return { ok: false, why: `published on the engine host’s loopback (${ip}) only: forward it to reach it from here` };
  else at = ip;
  return { ok: true, url: `${schemeFor(containerPort)}://${urlHost(at)}:${binding.hostPort}/`, host: at };
}

// The PORTS column, in the notation of `docker ps`: `0.0.0.0:8080->80/tcp, 443/tcp`.
//
// Differences from the docker CLI, chosen for a narrow pane:
// - A wildcard IPv4 binding and a wildcard IPv6 binding of the same host port to the same container port
//   (`0.0.0.0:8080` and `[::]:8080`, which modern engines report as two entries) collapse into the IPv4
//   form alone. Specific addresses (127.0.0.1 and ::1) are different bindings and are both shown.
// - Port ranges are not folded into `8000-8002->8000-8002/tcp`; each port is listed.
// - Exact duplicates (some engines repeat entries) are shown once.
// Every field is optional because engines differ: a missing Type means tcp (the engine's default), an
// entry without a PrivatePort has nothing to show and is skipped.

import { sanitizeLine } from './sanitize.ts';

export interface PortEntry {
  IP?: string;
  PrivatePort?: number;
  PublicPort?: number;
  Type?: string;
}

interface Normalized {
  ip: string;
  privatePort: number;
  publicPort: number | undefined;
  type: string;
}

const WILDCARD_V4 = '0.0.0.0';
const WILDCARD_V6 = '::';

/** `0.0.0.0:8080->80/tcp, 443/tcp`; empty string when there are no ports. */
export function formatPorts(ports: readonly PortEntry[] | undefined): string {
  if (ports === undefined || ports.length === 0) return '';
  const entries: Normalized[] = [];
  for (const p of ports) {
    if (!isPort(p.PrivatePort)) continue;
    entries.push({
      ip: p.IP ?? '',
      privatePort: p.PrivatePort,
      publicPort: isPort(p.PublicPort) && p.PublicPort > 0 ? p.PublicPort : undefined,
      type: p.Type !== undefined && p.Type !== '' ? p.Type : 'tcp',
    });
  }
  entries.sort(compare);

  const v4Wildcards = new Set<string>();
  for (const e of entries) if (e.ip === WILDCARD_V4) v4Wildcards.add(bindingKey(e));

  const seen = new Set<string>();
  const out: string[] = [];
  for (const e of entries) {
    if (e.ip === WILDCARD_V6 && v4Wildcards.has(bindingKey(e))) continue;
    const text = render(e);
    if (seen.has(text)) continue;
    seen.add(text);
    out.push(text);
  }
  // The IP and type come from the engine, so the result is display text like everything else.
  return sanitizeLine(out.join(', '));
}

function isPort(n: number | undefined): n is number {
  return n !== undefined && Number.isInteger(n) && n >= 0;
}

function bindingKey(e: Normalized): string {
  return `${e.publicPort ?? ''}->${e.privatePort}/${e.type}`;
}

function render(e: Normalized): string {
  const target = `${e.privatePort}/${e.type}`;
  if (e.publicPort === undefined) return target;
  if (e.ip === '') return `${e.publicPort}->${target}`;
  // Bracket IPv6 addresses, as Go's net.JoinHostPort (and therefore docker) does, so the port stays readable.
  const host = e.ip.includes(':') ? `[${e.ip}]` : e.ip;
  return `${host}:${e.publicPort}->${target}`;
}

// By container port, then protocol, then host port; IPv4 before IPv6 so the collapsed form is stable.
function compare(a: Normalized, b: Normalized): number {
  return (
    a.privatePort - b.privatePort ||
    cmp(a.type, b.type) ||
    (a.publicPort ?? -1) - (b.publicPort ?? -1) ||
    Number(a.ip.includes(':')) - Number(b.ip.includes(':')) ||
    cmp(a.ip, b.ip)
  );
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

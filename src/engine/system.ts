import type { EngineHttp } from './http.ts';
import type { PingResult, VersionInfo } from './types.ts';

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** `_ping`: HEAD first (cheap), GET when HEAD is refused, as the Go client does. Unversioned. */
export async function ping(http: EngineHttp, signal?: AbortSignal): Promise<PingResult> {
  try {
    return await pingBy(http, 'HEAD', signal);
  } catch (error) {
    if ((error as { status?: number }).status === undefined) throw error; // unreachable: GET won't help
    return pingBy(http, 'GET', signal);
  }
}

/**
 * `_ping` by GET, for the checks that repeat while berth runs (is the engine still answering?):
 * dockerd answers HEAD /_ping with `Connection: close`, so each HEAD costs a new connection (a
 * socket, a parser, the engine's accept), where a GET is answered on the kept-alive one. Its body
 * is two bytes ("OK").
 */
export function pingKeepingConnection(http: EngineHttp, signal?: AbortSignal): Promise<PingResult> {
  return pingBy(http, 'GET', signal);
}

async function pingBy(http: EngineHttp, method: 'HEAD' | 'GET', signal: AbortSignal | undefined): Promise<PingResult> {
  const response = await http.send({ operation: 'ping', method, path: '/_ping', unversioned: true, signal });
  // dump(), not destroy(): undici's destroy() without an error emits an AbortError that nobody
  // listens to, which surfaces as an uncaught exception on the first request of every client.
  await response.body.dump();
  const headers = response.headers;
  return {
    apiVersion: header(headers, 'api-version'),
    osType: header(headers, 'ostype'),
    experimental: header(headers, 'docker-experimental') === 'true',
    swarm: header(headers, 'swarm'),
    podman: header(headers, 'libpod-api-version') !== undefined,
    builderVersion: header(headers, 'builder-version'),
  };
}

export async function version(http: EngineHttp, signal?: AbortSignal): Promise<VersionInfo> {
  const { value } = await http.json<VersionInfo>({ operation: 'engine version', method: 'GET', path: '/version', signal });
  return value ?? {};
}

/**
 * The API versions the engine speaks, from its unversioned /version (served at its own default
 * version, so it answers whatever version berth had pinned). Either end may be missing.
 */
export async function apiRange(http: EngineHttp, signal?: AbortSignal): Promise<{ min?: string; max?: string }> {
  const { value } = await http.json<VersionInfo>({ operation: 'engine version', method: 'GET', path: '/version', unversioned: true, signal });
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  return { min: text(value?.MinAPIVersion), max: text(value?.ApiVersion) };
}

export async function info(http: EngineHttp, signal?: AbortSignal): Promise<Record<string, unknown>> {
  const { value } = await http.json<Record<string, unknown>>({ operation: 'engine info', method: 'GET', path: '/info', signal });
  return value ?? {};
}

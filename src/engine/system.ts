import type { EngineHttp } from './http.ts';
import type { PingResult, VersionInfo } from './types.ts';

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** `_ping`: HEAD first (cheap), GET when HEAD is refused, as the Go client does. Unversioned. */
export async function ping(http: EngineHttp, signal?: AbortSignal): Promise<PingResult> {
  let headers: Record<string, string | string[] | undefined>;
  try {
    const response = await http.send({ operation: 'ping', method: 'HEAD', path: '/_ping', unversioned: true, signal });
    // dump(), not destroy(): undici's destroy() without an error emits an AbortError that nobody
    // listens to, which surfaces as an uncaught exception on the first request of every client.
    await response.body.dump();
    headers = response.headers;
  } catch (error) {
    if ((error as { status?: number }).status === undefined) throw error; // unreachable: GET won't help
    const response = await http.send({ operation: 'ping', method: 'GET', path: '/_ping', unversioned: true, signal });
    await response.body.dump();
    headers = response.headers;
  }
  return {
    apiVersion: header(headers, 'api-version'),
    osType: header(headers, 'ostype'),
    experimental: header(headers, 'docker-experimental') === 'true',
    swarm: header(headers, 'swarm'),
    podman: header(headers, 'libpod-api-version') !== undefined,
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

/**
 * Speaking to a registry itself (the OCI distribution API), for what the engines cannot ask for
 * berth: a manifest's digest (registry-manifest.ts), a registry's catalog and a repository's tags
 * (registry-catalog.ts). Auth as registries ask for it (`WWW-Authenticate`): the token flow
 * (Bearer: a token from the realm, with the credentials when there are some) or Basic. HTTPS
 * first; plain HTTP when HTTPS cannot even connect (a local registry, as the engines allow for
 * localhost and insecure registries).
 */
import { Agent } from './undici.ts';
import type { RegistryAuth } from './auth/index.ts';

const TIMEOUT_MS = 15_000;
let agent: Agent | undefined;

/** Docker Hub's registry API lives on its own host. */
export function apiHost(domain: string): string {
  return domain === 'docker.io' ? 'registry-1.docker.io' : domain;
}

export interface RegistryAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

async function call(url: string, method: 'GET' | 'HEAD', headers: Record<string, string>, signal?: AbortSignal): Promise<RegistryAnswer> {
  agent ??= new Agent({ connect: { timeout: TIMEOUT_MS }, headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS });
  const { origin, pathname, search } = new URL(url);
  const response = await agent.request({ origin, path: pathname + search, method, headers, signal });
  const body = method === 'HEAD' ? (await response.body.dump(), '') : await response.body.text();
  return { status: response.statusCode, headers: response.headers, body };
}

export function answerHeader(answer: RegistryAnswer, name: string): string | undefined {
  const value = answer.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** `Bearer realm="…",service="…",scope="…"` → its scheme and parameters. */
export function parseChallenge(text: string): { scheme: string; params: Record<string, string> } {
  const space = text.indexOf(' ');
  const scheme = (space < 0 ? text : text.slice(0, space)).toLowerCase();
  const params: Record<string, string> = {};
  for (const match of text.slice(space + 1).matchAll(/([a-zA-Z_]+)="([^"]*)"/g)) params[(match[1] ?? '').toLowerCase()] = match[2] ?? '';
  return { scheme, params };
}

function basic(auth: RegistryAuth | undefined): string | undefined {
  if (!auth?.username || auth.password === undefined) return undefined;
  return `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
}

/** The `Authorization` a 401's challenge asks for, or undefined when it cannot be met. */
async function authorize(challenge: string, auth: RegistryAuth | undefined, signal?: AbortSignal): Promise<string | undefined> {
  const { scheme, params } = parseChallenge(challenge);
  if (scheme === 'basic') return basic(auth);
  if (scheme !== 'bearer' || !params.realm) return undefined;
  const url = new URL(params.realm);
  if (params.service) url.searchParams.set('service', params.service);
  if (params.scope) url.searchParams.set('scope', params.scope);
  const credentials = basic(auth);
  const answer = await call(url.toString(), 'GET', credentials ? { authorization: credentials } : {}, signal);
  if (answer.status !== 200) return undefined;
  const body = JSON.parse(answer.body) as { token?: string; access_token?: string };
  const token = body.token ?? body.access_token;
  return token ? `Bearer ${token}` : undefined;
}

/** A request, and once more with what its 401's challenge asks for. */
async function once(base: string, path: string, method: 'GET' | 'HEAD', headers: Record<string, string>, auth: RegistryAuth | undefined, signal?: AbortSignal): Promise<RegistryAnswer> {
  const url = `${base}${path}`;
  const answer = await call(url, method, headers, signal);
  if (answer.status !== 401) return answer;
  const authorization = await authorize(answerHeader(answer, 'www-authenticate') ?? '', auth, signal);
  return authorization ? call(url, method, { ...headers, authorization }, signal) : answer;
}

function cannotConnect(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /ECONNREFUSED|EPROTO|ERR_SSL|UND_ERR_SOCKET|ECONNRESET|UND_ERR_CONNECT_TIMEOUT/.test(code);
}

/** `path` (from `/v2/…`, with its query) on the registry of `domain`: HTTPS, else plain HTTP; authorised as it asks. */
export async function registryRequest(domain: string, path: string, method: 'GET' | 'HEAD', headers: Record<string, string>, auth: RegistryAuth | undefined, signal?: AbortSignal): Promise<RegistryAnswer> {
  const host = apiHost(domain);
  try {
    return await once(`https://${host}`, path, method, headers, auth, signal);
  } catch (error) {
    if (!cannotConnect(error)) throw error;
    return once(`http://${host}`, path, method, headers, auth, signal);
  }
}

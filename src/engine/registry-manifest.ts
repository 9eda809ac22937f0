/**
 * The digest a registry holds for a tag now, asked from berth itself: a `HEAD` of the manifest
 * (OCI distribution spec), for engines that cannot ask (Podman's compat API has no
 * `/distribution`). The Accept list names image indexes and manifest lists first, as the engines
 * pull them: a local image's RepoDigests hold the digest of what was pulled, the index for a
 * multi-platform tag. Auth as registries ask for it (`WWW-Authenticate`): the token flow
 * (Bearer: a token from the realm, with the credentials when there are some) or Basic.
 * HTTPS first; plain HTTP when HTTPS cannot even connect (a local registry, as the engines allow
 * for localhost and insecure registries).
 */
import { Agent } from './undici.ts';
import type { RegistryAuth } from './auth/index.ts';
import { EngineError } from './errors.ts';

export const MANIFEST_ACCEPT = [
  'application/vnd.oci.image.index.v1+json',
  'application/vnd.docker.distribution.manifest.list.v2+json',
  'application/vnd.oci.image.manifest.v1+json',
  'application/vnd.docker.distribution.manifest.v2+json',
].join(', ');

const TIMEOUT_MS = 15_000;
let agent: Agent | undefined;

/** Docker Hub's registry API lives on its own host. */
function apiHost(domain: string): string {
  return domain === 'docker.io' ? 'registry-1.docker.io' : domain;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

async function call(url: string, method: 'GET' | 'HEAD', headers: Record<string, string>, signal?: AbortSignal): Promise<Answer> {
  agent ??= new Agent({ connect: { timeout: TIMEOUT_MS }, headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS });
  const { origin, pathname, search } = new URL(url);
  const response = await agent.request({ origin, path: pathname + search, method, headers, signal });
  const body = method === 'HEAD' ? (await response.body.dump(), '') : await response.body.text();
  return { status: response.statusCode, headers: response.headers, body };
}

function header(answer: Answer, name: string): string | undefined {
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

function refused(domain: string, path: string, status: number): EngineError {
  const why = status === 401 || status === 403 ? 'the registry refused the credentials (or there are none)' : status === 404 ? 'no such tag in the registry' : `the registry answered ${status}`;
  return new EngineError({ code: status === 404 ? 'NOT_FOUND' : 'PROTOCOL', operation: `look up ${domain}/${path} in its registry`, message: why });
}

async function headOnce(base: string, domain: string, path: string, tag: string, auth: RegistryAuth | undefined, signal?: AbortSignal): Promise<string> {
  const url = `${base}/v2/${path}/manifests/${encodeURIComponent(tag)}`;
  const headers = { accept: MANIFEST_ACCEPT };
  let answer = await call(url, 'HEAD', headers, signal);
  if (answer.status === 401) {
    const authorization = await authorize(header(answer, 'www-authenticate') ?? '', auth, signal);
    if (authorization) answer = await call(url, 'HEAD', { ...headers, authorization }, signal);
  }
  const digest = header(answer, 'docker-content-digest');
  if (answer.status !== 200 || !digest) throw refused(domain, path, answer.status);
  return digest;
}

function cannotConnect(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /ECONNREFUSED|EPROTO|ERR_SSL|UND_ERR_SOCKET|ECONNRESET|UND_ERR_CONNECT_TIMEOUT/.test(code);
}

/** The registry's digest of `domain/path:tag` now. */
export async function registryDigest(domain: string, path: string, tag: string, auth: RegistryAuth | undefined, signal?: AbortSignal): Promise<string> {
  const host = apiHost(domain);
  try {
    return await headOnce(`https://${host}`, domain, path, tag, auth, signal);
  } catch (error) {
    if (!cannotConnect(error)) throw error;
    return headOnce(`http://${host}`, domain, path, tag, auth, signal);
  }
}

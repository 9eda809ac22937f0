/**
 * What a registry lists itself (OCI distribution API): its repositories (`/v2/_catalog`, which
 * private registries answer and Docker Hub does not) and a repository's tags
 * (`/v2/<name>/tags/list`), asked by berth with the credentials the docker CLI would use. One
 * page of at most `PAGE` names: enough to pick from, and one request per question.
 */
import type { RegistryAuth } from './auth/index.ts';
import { refused } from './registry-manifest.ts';
import { registryRequest } from './registry-http.ts';

export const PAGE = 1000;

/** The array of strings under `key` in a JSON answer; anything else in it is ignored, not trusted. */
function names(body: string, key: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return [];
  }
  const list = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
}

/** The repositories a private registry holds (`host:port`), in its own order. */
export async function registryCatalog(domain: string, auth: RegistryAuth | undefined, signal?: AbortSignal): Promise<string[]> {
  const answer = await registryRequest(domain, `/v2/_catalog?n=${PAGE}`, 'GET', { accept: 'application/json' }, auth, signal);
  if (answer.status !== 200) throw refused(domain, '_catalog', answer.status, 'the registry keeps no catalog');
  return names(answer.body, 'repositories');
}

/** The tags of `domain/path`, in the registry's order. */
export async function registryTags(domain: string, path: string, auth: RegistryAuth | undefined, signal?: AbortSignal): Promise<string[]> {
  const answer = await registryRequest(domain, `/v2/${path}/tags/list?n=${PAGE}`, 'GET', { accept: 'application/json' }, auth, signal);
  if (answer.status !== 200) throw refused(domain, path, answer.status, 'no such repository in the registry');
  return names(answer.body, 'tags');
}

/**
 * The digest a registry holds for a tag now, asked from berth itself: a `HEAD` of the manifest
 * (OCI distribution spec), for engines that cannot ask (Podman's compat API has no
 * `/distribution`). The Accept list names image indexes and manifest lists first, as the engines
 * pull them: a local image's RepoDigests hold the digest of what was pulled, the index for a
 * multi-platform tag. How the registry is reached and authorised: registry-http.ts.
 */
import type { RegistryAuth } from './auth/index.ts';
import { EngineError } from './errors.ts';
import { answerHeader, registryRequest } from './registry-http.ts';

export { parseChallenge } from './registry-http.ts';

export const MANIFEST_ACCEPT = [
  'application/vnd.oci.image.index.v1+json',
  'application/vnd.docker.distribution.manifest.list.v2+json',
  'application/vnd.oci.image.manifest.v1+json',
  'application/vnd.docker.distribution.manifest.v2+json',
].join(', ');

export function refused(domain: string, path: string, status: number, what = 'no such tag in the registry'): EngineError {
  const why = status === 401 || status === 403 ? 'the registry refused the credentials (or there are none)' : status === 404 ? what : `the registry answered ${status}`;
  return new EngineError({ code: status === 404 ? 'NOT_FOUND' : 'PROTOCOL', operation: `look up ${domain}/${path} in its registry`, message: why });
}

/** The registry's digest of `domain/path:tag` now. */
export async function registryDigest(domain: string, path: string, tag: string, auth: RegistryAuth | undefined, signal?: AbortSignal): Promise<string> {
  const answer = await registryRequest(domain, `/v2/${path}/manifests/${encodeURIComponent(tag)}`, 'HEAD', { accept: MANIFEST_ACCEPT }, auth, signal);
  const digest = answerHeader(answer, 'docker-content-digest');
  if (answer.status !== 200 || !digest) throw refused(domain, path, answer.status);
  return digest;
}

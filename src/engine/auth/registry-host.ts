/**
 * Which registry an image reference belongs to, and the key its credentials are stored
 * under. These follow the CLI (distribution/reference `splitDockerDomain`, `getAuthConfigKey`)
 * so that berth finds exactly the credentials `docker pull` would use.
 */

export const DOCKER_HUB = 'docker.io';
/** Docker Hub's key in config.json `auths` and the server URL given to credential helpers. */
export const DOCKER_HUB_AUTH_KEY = 'https://index.docker.io/v1/';
const LEGACY_DOCKER_HUB = 'index.docker.io';

/**
 * The registry host[:port] of an image reference; "docker.io" for Docker Hub. The first
 * path component is a registry only if it looks like one: it has a `.` or a `:`, is
 * `localhost`, or has an uppercase letter (repository paths are lowercase, hosts need not be).
 */
export function registryHostOf(imageRef: string): string {
  let name = imageRef.trim();
  // Not valid in a reference, but a pasted URL should still find its registry.
  const scheme = name.indexOf('://');
  if (scheme !== -1) name = name.slice(scheme + 3);
  const at = name.indexOf('@');
  if (at !== -1) name = name.slice(0, at);
  const tag = name.indexOf(':', name.lastIndexOf('/') + 1);
  if (tag !== -1) name = name.slice(0, tag);

  const slash = name.indexOf('/');
  if (slash === -1) return DOCKER_HUB;
  const first = name.slice(0, slash);
  const looksLikeHost = first.includes('.') || first.includes(':') || first === 'localhost' || first !== first.toLowerCase();
  if (!looksLikeHost) return DOCKER_HUB;
  return first === LEGACY_DOCKER_HUB ? DOCKER_HUB : first;
}

/** The key for `auths`, `credHelpers` and helper lookups: Hub's v1 URL, else host[:port]. */
export function authConfigKey(host: string): string {
  return host === DOCKER_HUB || host === LEGACY_DOCKER_HUB ? DOCKER_HUB_AUTH_KEY : host;
}

/**
 * A config key reduced to host[:port], so that "https://host:5000/v1/", "host:5000" and
 * "http://host:5000" all match one registry (the CLI's `ConvertToHostname`), with Hub's
 * legacy name folded into "docker.io".
 */
export function hostnameOfKey(key: string): string {
  let host = key.trim();
  if (host.startsWith('http://')) host = host.slice('http://'.length);
  else if (host.startsWith('https://')) host = host.slice('https://'.length);
  const slash = host.indexOf('/');
  if (slash !== -1) host = host.slice(0, slash);
  return host === LEGACY_DOCKER_HUB ? DOCKER_HUB : host;
}

// Identifiers and names as the docker CLI shows them. Everything returned here is display text and is
// therefore sanitized: names, labels and tags are chosen by whoever created the object.

import { sanitizeLine } from './sanitize.ts';

const SHORT_ID_LENGTH = 12;
const SWARM_SERVICE_LABEL = 'com.docker.swarm.service.name';
const NONE = '<none>';

/** `sha256:0123456789abcdef…` → `0123456789ab`, as `docker ps`/`docker images` print IDs; `''` when absent. */
export function shortId(id: string | undefined): string {
  if (id === undefined) return '';
  const bare = id.startsWith('sha256:') ? id.slice('sha256:'.length) : id;
  return sanitizeLine(bare.slice(0, SHORT_ID_LENGTH));
}

/**
 * A container's IMAGE as `docker ps` prints it: the engine's `Image`, except that an image known
 * only by its id (its tag lost to a newer build or a `docker rmi`: the engine then says
 * `sha256:32f76702f565…`) is its short id `32f76702f565`, and a digest after the name is left off
 * (`busybox@sha256:…` → `busybox`), as the CLI trims them; `docker.io/library/` and `docker.io/`
 * are left off as the CLI's familiar names do.
 */
export function containerImage(image: string | undefined, imageId: string | undefined): string {
  if (!image) return '';
  const bare = (id: string) => id.slice(id.indexOf(':') + 1).slice(0, SHORT_ID_LENGTH);
  if (imageId && bare(imageId) === bare(image)) return sanitizeLine(bare(image));
  const at = image.indexOf('@');
  const named = at > 0 ? image.slice(0, at) : image;
  return sanitizeLine(named.replace(/^docker\.io\/(library\/)?/, ''));
}

/**
 * The engine lists container names with a leading `/` (`/web-1`); the first one is the container's own
 * name (further entries are legacy link aliases). `''` when there is none.
 */
export function containerName(names: readonly string[] | undefined): string {
  const first = names?.[0];
  if (first === undefined) return '';
  return sanitizeLine(first.startsWith('/') ? first.slice(1) : first);
}

/** The swarm service a task container belongs to, from its labels; undefined for standalone containers. */
export function swarmServiceName(labels: Readonly<Record<string, string>> | undefined): string | undefined {
  const name = labels?.[SWARM_SERVICE_LABEL];
  return name === undefined || name === '' ? undefined : sanitizeLine(name);
}

/**
 * The `repo:tag` lines of an image, like `docker images`. An image without tags is dangling and shows as
 * `<none>:<none>`; the engine itself sometimes reports that as a literal `<none>:<none>` tag, which is
 * treated the same (and never listed twice). An untagged image that still has a digest shows the digest's
 * repository with a `<none>` tag (`alpine:<none>`), as `docker images` does, so pulled-by-digest images
 * keep their name.
 */
export function repoTags(tags: readonly string[] | undefined, digests: readonly string[] | undefined): string[] {
  const real = (tags ?? []).filter((t) => t !== '' && t !== `${NONE}:${NONE}`);
  if (real.length > 0) return dedupe(real).map(sanitizeLine);

  const repos = (digests ?? [])
    .filter((d) => d !== '' && !d.startsWith(`${NONE}@`))
    .map((d) => {
      const at = d.indexOf('@');
      return at === -1 ? d : d.slice(0, at);
    })
    .filter((repo) => repo !== '');
  if (repos.length > 0) return dedupe(repos).map((repo) => sanitizeLine(`${repo}:${NONE}`));
  return [`${NONE}:${NONE}`];
}

function dedupe(items: readonly string[]): string[] {
  return [...new Set(items)];
}

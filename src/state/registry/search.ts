/**
 * The pull dialog's questions to the registries, as you type: which repositories match, and the
 * tags of the one chosen. A term that starts with a registry host (`host:port/…`, a dotted name,
 * `localhost/…`) is matched against that registry's catalog, asked by berth with the credentials
 * the docker CLI would use; any other term goes to the engine's index search (`docker search`:
 * Docker Hub for Docker, through the engine and its proxies, so a remote engine searches from
 * where it runs; Podman searches its own registries). Tags come from the repository's registry
 * (`/v2/<name>/tags/list`, the token flow of registry-http.ts), newest versions first.
 */
import type { EngineClient } from '../../engine/client.ts';
import { registryCatalog, registryTags } from '../../engine/registry-catalog.ts';
import { parseImageReference } from '../../engine/reference.ts';

/** What the index search asks for, and what the dialog lists at most. */
export const SEARCH_LIMIT = 25;

export interface RepositoryHit {
  /** As it is pulled: `alpine`, `bitnami/redis`, `registry:5000/team/app`. */
  name: string;
  description?: string;
  stars?: number;
  official?: boolean;
}

export interface SearchAnswer {
  /** Where the hits come from, as the dialog says it. */
  where: string;
  hits: readonly RepositoryHit[];
}

type Client = Pick<EngineClient, 'searchImages' | 'resolveCredentials'>;

/** The registry host a term starts with, and the rest of it; undefined for the index's terms. */
export function registryOfTerm(term: string): { host: string; rest: string } | undefined {
  const slash = term.indexOf('/');
  if (slash <= 0) return undefined;
  const first = term.slice(0, slash);
  if (!/[.:]/.test(first) && first !== 'localhost') return undefined;
  if (first === 'docker.io' || first === 'index.docker.io') return undefined;
  return { host: first, rest: term.slice(slash + 1) };
}

/** A catalog's repositories matching `rest`: the ones starting with it first, then the ones holding it. */
export function matchCatalog(repositories: readonly string[], rest: string, limit = SEARCH_LIMIT): string[] {
  const needle = rest.toLowerCase();
  const starts = repositories.filter((r) => r.toLowerCase().startsWith(needle));
  const holds = repositories.filter((r) => !r.toLowerCase().startsWith(needle) && r.toLowerCase().includes(needle));
  return [...starts, ...holds].slice(0, limit);
}

export async function searchRepositories(client: Client, term: string, podman: boolean, signal?: AbortSignal): Promise<SearchAnswer> {
  const registry = registryOfTerm(term);
  if (registry) {
    const { auth } = await client.resolveCredentials(`${registry.host}/berth`);
    const repositories = await registryCatalog(registry.host, auth, signal);
    return { where: `${registry.host}'s catalog`, hits: matchCatalog(repositories, registry.rest).map((name) => ({ name: `${registry.host}/${name}` })) };
  }
  const hub = term.replace(/^(index\.)?docker\.io\//, '');
  const found = await client.searchImages(hub, SEARCH_LIMIT, signal);
  return {
    where: podman ? 'the engine’s registries' : 'Docker Hub',
    hits: found.map((r) => ({ name: r.name, description: r.description, stars: r.star_count, official: r.is_official })),
  };
}

/** The tags of `repository` (as typed: `alpine`, `host:5000/team/app`), newest versions first. */
export async function repositoryTags(client: Pick<EngineClient, 'resolveCredentials'>, repository: string, signal?: AbortSignal): Promise<string[]> {
  const parsed = parseImageReference(repository);
  if (!parsed.ok) throw new Error(parsed.message);
  const { auth } = await client.resolveCredentials(repository);
  const tags = await registryTags(parsed.ref.domain, parsed.ref.path, auth, signal);
  // semver and the ordering load with the first answer, not at start (versions.ts).
  const { sortTags } = await import('./versions.ts');
  return sortTags(tags);
}

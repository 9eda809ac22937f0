import { encodeRegistryAuth, type RegistryAuth } from './auth/index.ts';
import { EngineError } from './errors.ts';
import type { AnswerMemo } from './answer-memo.ts';
import type { EngineHttp } from './http.ts';
import { fetchList } from './list.ts';
import { toImageSummary } from './shapes.ts';
import { readNdjson } from './streams/ndjson.ts';
import type { ImageSummary, PullMessage } from './types.ts';

export interface ListImagesOptions {
  all?: boolean;
  filters?: Record<string, string[]>;
  signal?: AbortSignal;
}

/** With a memo, an answer identical to the previous one yields the previous (frozen) array. */
export function listImages(http: EngineHttp, options: ListImagesOptions = {}, memo?: AnswerMemo<ImageSummary>): Promise<readonly ImageSummary[]> {
  return fetchList(http, { operation: 'list images', path: '/images/json', query: options, toItem: toImageSummary }, memo);
}

export async function inspectImage(http: EngineHttp, name: string, signal?: AbortSignal): Promise<Record<string, unknown>> {
  const { value } = await http.json<Record<string, unknown>>({ operation: 'inspect image', method: 'GET', path: `/images/${encodeURIComponent(name)}/json`, signal });
  return value ?? {};
}

/** One layer of an image's history, as `docker history` lists them (newest first). */
export interface HistoryEntry {
  Id?: string;
  /** Epoch seconds. */
  Created?: number;
  CreatedBy?: string;
  Tags?: string[] | null;
  Size?: number;
  Comment?: string;
}

export async function imageHistory(http: EngineHttp, name: string, signal?: AbortSignal): Promise<readonly HistoryEntry[]> {
  const { value } = await http.json<unknown>({ operation: 'image history', method: 'GET', path: `/images/${encodeURIComponent(name)}/history`, signal });
  return Array.isArray(value) ? value.filter((entry): entry is HistoryEntry => entry !== null && typeof entry === 'object') : [];
}

export interface PullOptions {
  /** Always sent: without a tag the engine pulls every tag of the repository. */
  tag: string;
  auth?: RegistryAuth;
  platform?: string;
  signal?: AbortSignal;
}

/**
 * Pulls an image, yielding each progress message. An error reported inside the stream
 * (`errorDetail`/`error`, while HTTP said 200) is thrown as EngineError code STREAM with the
 * registry's own message, after the messages before it were yielded.
 */
export function pullImage(http: EngineHttp, fromImage: string, options: PullOptions): AsyncGenerator<PullMessage> {
  return progressStream(http, `pull ${fromImage}:${options.tag}`, {
    path: '/images/create',
    query: { fromImage, tag: options.tag, platform: options.platform },
    auth: options.auth,
    signal: options.signal,
  });
}

export interface PushOptions {
  /** Always sent: without a tag the engine pushes every local tag of the repository. */
  tag: string;
  auth?: RegistryAuth;
  signal?: AbortSignal;
}

/** `{}`, base64: no credentials, said explicitly. */
const EMPTY_AUTH = Symbol('no credentials');

/**
 * Pushes a local image to its registry, yielding each progress message: the same NDJSON as a
 * pull (Preparing, Waiting, Pushing with bytes, Pushed, Layer already exists, Mounted from …),
 * errors in-band after a 200 as a pull's. Docker refuses a push without X-Registry-Auth, so an
 * anonymous push sends the empty one (`{}`).
 */
export function pushImage(http: EngineHttp, name: string, options: PushOptions): AsyncGenerator<PullMessage> {
  return progressStream(http, `push ${name}:${options.tag}`, {
    path: `/images/${encodeURIComponent(name)}/push`,
    query: { tag: options.tag },
    auth: options.auth ?? EMPTY_AUTH,
    signal: options.signal,
  });
}

async function* progressStream(
  http: EngineHttp,
  operation: string,
  request: { path: string; query: Record<string, string | undefined>; auth?: RegistryAuth | typeof EMPTY_AUTH; signal?: AbortSignal },
): AsyncGenerator<PullMessage> {
  const headers: Record<string, string> = {};
  if (request.auth === EMPTY_AUTH) headers['x-registry-auth'] = 'e30=';
  else if (request.auth) headers['x-registry-auth'] = encodeRegistryAuth(request.auth);
  const response = await http.send({ operation, method: 'POST', path: request.path, query: request.query, headers, signal: request.signal, stream: true });
  for await (const value of readNdjson(http.chunks(response, operation), { operation })) {
    if (value === null || typeof value !== 'object') continue;
    const message = value as PullMessage;
    const failure = message.errorDetail?.message || message.error;
    if (failure) throw new EngineError({ code: 'STREAM', operation, message: failure });
    yield message;
  }
}

/** `docker tag`: the image (id or reference) gets `repo:tag` too; 201 when done. */
export async function tagImage(http: EngineHttp, image: string, repo: string, tag: string, signal?: AbortSignal): Promise<void> {
  await http.empty({ operation: 'tag image', method: 'POST', path: `/images/${encodeURIComponent(image)}/tag`, query: { repo, tag }, signal });
}

export interface CommitOptions {
  /** Id or a unique id prefix. */
  container: string;
  repo?: string;
  tag?: string;
  comment?: string;
  author?: string;
  /** The engine pauses a running container while committing unless told not to. */
  pause?: boolean;
  /** Dockerfile instructions applied to the new image's config (`docker commit --change`). */
  changes?: readonly string[];
  signal?: AbortSignal;
}

export async function commitContainer(http: EngineHttp, options: CommitOptions): Promise<{ Id: string }> {
  const { value } = await http.json<{ Id?: string }>({
    operation: 'commit container',
    method: 'POST',
    path: '/commit',
    query: {
      container: options.container,
      repo: options.repo || undefined,
      tag: options.tag || undefined,
      comment: options.comment || undefined,
      author: options.author || undefined,
      pause: options.pause,
      changes: options.changes?.length ? options.changes : undefined,
    },
    // Some engines insist on a JSON body; an empty config changes nothing.
    body: {},
    signal: options.signal,
    slowSeconds: 120,
  });
  if (!value?.Id) throw new EngineError({ code: 'PROTOCOL', operation: 'commit container', message: 'the engine did not return the new image id' });
  // Podman answers with the bare hex; image lists (Docker's and Podman's) say sha256:<hex>.
  return { Id: /^[0-9a-f]{64}$/.test(value.Id) ? `sha256:${value.Id}` : value.Id };
}

export interface RemovedImage {
  /** References the engine took off (`app:1`, `app@sha256:…`). */
  untagged: string[];
  /** Image and layer ids it deleted: none when other tags still hold the image. */
  deleted: string[];
}

/** DELETE /images/{name}: by reference it untags (deleting the image with its last tag); by id it deletes. */
export async function removeImage(http: EngineHttp, name: string, options: { force?: boolean; noPrune?: boolean; signal?: AbortSignal } = {}): Promise<RemovedImage> {
  const { value } = await http.json<unknown>({
    operation: 'remove image',
    method: 'DELETE',
    path: `/images/${encodeURIComponent(name)}`,
    // noprune keeps the untagged parent images `docker rmi --no-prune` keeps.
    query: { force: options.force, noprune: options.noPrune || undefined },
    signal: options.signal,
  });
  const result: RemovedImage = { untagged: [], deleted: [] };
  // Each entry is {"Untagged": ref} or {"Deleted": id}; anything else is ignored, not trusted.
  for (const entry of Array.isArray(value) ? (value as unknown[]) : []) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { Untagged, Deleted } = entry as { Untagged?: unknown; Deleted?: unknown };
    if (typeof Untagged === 'string') result.untagged.push(Untagged);
    if (typeof Deleted === 'string') result.deleted.push(Deleted);
  }
  return result;
}

/** What `GET /distribution/{name}/json` says of a reference in its registry. */
export interface DistributionInspect {
  Descriptor?: { mediaType?: string; digest?: string; size?: number };
  Platforms?: unknown[] | null;
}

/**
 * The registry's current manifest of `name`, asked through the engine (its credentials, mirrors
 * and registry settings; works for a remote engine as for a local one). Docker only: Podman's
 * compat API has no such endpoint.
 */
export async function distributionInspect(http: EngineHttp, name: string, auth?: RegistryAuth, signal?: AbortSignal): Promise<DistributionInspect> {
  const headers: Record<string, string> = { 'x-registry-auth': auth ? encodeRegistryAuth(auth) : 'e30=' };
  const { value } = await http.json<DistributionInspect>({ operation: 'inspect image in its registry', method: 'GET', path: `/distribution/${encodeURIComponent(name)}/json`, headers, signal });
  return value ?? {};
}

/** One repository the engine's index search found (`docker search`); Podman adds `Index`/`Tag`. */
export interface ImageSearchResult {
  name: string;
  description?: string;
  star_count?: number;
  is_official?: boolean;
}

/**
 * `GET /images/search`: Docker asks Docker Hub (through its own proxy settings; a remote engine
 * asks from where it runs), Podman every registry it searches. Entries without a name are dropped.
 */
export async function searchImages(http: EngineHttp, term: string, limit: number, signal?: AbortSignal): Promise<ImageSearchResult[]> {
  const { value } = await http.json<unknown>({ operation: 'search the image index', method: 'GET', path: '/images/search', query: { term, limit }, signal });
  if (!Array.isArray(value)) return [];
  const out: ImageSearchResult[] = [];
  for (const entry of value as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { name, description, star_count, is_official } = entry as Record<string, unknown>;
    if (typeof name !== 'string' || name === '') continue;
    out.push({
      name,
      ...(typeof description === 'string' && { description }),
      ...(typeof star_count === 'number' && { star_count }),
      ...(typeof is_official === 'boolean' && { is_official }),
    });
  }
  return out;
}

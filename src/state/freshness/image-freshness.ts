/**
 * Whether each local tag is what its registry holds now: in the background, one tag at a time at
 * a slow pace (PACE_MS between two questions), while a pane that shows images or containers is
 * on screen. Docker is asked through the engine (`GET /distribution/{name}/json`: its own
 * credentials, mirrors and registry settings; a remote engine's too); an engine without it
 * (Podman's compat API: 404 or "unsupported") makes berth ask the registry itself
 * (registry-manifest.ts). Only tags of images pulled from a registry (their RepoDigests) are
 * asked; a digest-pinned reference has no tag to move. Each answer is kept for the session; a
 * tag pulled again (`recheck`) is asked again.
 *
 * The store keeps the registry's digest per tag; whether a tag is outdated is read against the
 * image list as it is now (`freshnessOf`), so a pull that brings the new image clears the marker
 * as soon as the list has it.
 *
 * Newer versions: once every tag's digest is asked, each repository with a local tag that reads
 * as a version (`1.27`, state/registry/versions.ts) has its tag list asked, once, from its
 * registry by berth itself (`/v2/<name>/tags/list`: no engine lists tags), at the same pace; a
 * registry berth cannot reach answers an error and nothing is marked. `newerVersionOf` reads a
 * local tag against its repository's list.
 */
import type { EngineClient } from '../../engine/client.ts';
import { describeError, isEngineError } from '../../engine/errors.ts';
import { parseImageReference } from '../../engine/reference.ts';
import { registryTags } from '../../engine/registry-catalog.ts';
import { registryDigest } from '../../engine/registry-manifest.ts';
import type { EngineEvent, ImageSummary } from '../../engine/types.ts';
import type { Demands, LiveSource } from '../live-source.ts';
import { versionOf } from '../registry/tag-version.ts';
import { Store } from '../store.ts';

export type RemoteDigest = { digest: string } | { error: string };

export interface FreshnessState {
  /** The registry's digest by local tag (`repo:tag` as the engine lists it), or why it is not known. */
  remote: ReadonlyMap<string, RemoteDigest>;
  /** How the registry is asked: through the engine, or by berth (the engine has no /distribution). */
  via?: 'engine' | 'registry';
  /** The registry's tags by repository (`repo` of a local `repo:tag`), or why they are not known. */
  tags?: ReadonlyMap<string, RemoteTags>;
}

export type RemoteTags = { tags: readonly string[] } | { error: string };

/** Between two questions: a registry (Docker Hub's rate limit above all) hears little from berth. */
export const PACE_MS = 3_000;

/** `repo` of a `repo:tag`, as RepoDigests write it (`repo@sha256:…`). */
function repoOf(tag: string): string {
  const colon = tag.lastIndexOf(':');
  return colon > tag.lastIndexOf('/') ? tag.slice(0, colon) : tag;
}

/** The tags worth asking about: tagged, and pulled from a registry (a RepoDigest of the same repository). */
export function askableTags(images: readonly ImageSummary[]): string[] {
  const tags: string[] = [];
  for (const image of images) {
    const digests = image.RepoDigests ?? [];
    for (const tag of image.RepoTags ?? []) {
      // `localhost/…` (no port) is Podman's name for an image built here, not a registry.
      if (tag.includes('<none>') || tag.includes('@') || tag.startsWith('localhost/')) continue;
      const repo = repoOf(tag);
      if (digests.some((d) => d.startsWith(`${repo}@`))) tags.push(tag);
    }
  }
  return tags;
}

/** The repositories worth asking for their tags: of asked tags, the ones with a tag that reads as a version. */
export function versionedRepositories(images: readonly ImageSummary[]): string[] {
  const repos = new Set<string>();
  for (const tag of askableTags(images)) {
    const repo = repoOf(tag);
    if (versionOf(tag.slice(repo.length + 1))) repos.add(repo);
  }
  return [...repos];
}

/** The newer version the registry holds for `tag` (`repo:1.27` → `1.29`), in the tag's own family; undefined when none or not known. */
export function newerVersionOf(state: FreshnessState, tag: string): string | undefined {
  const repo = repoOf(tag);
  if (repo === tag || !state.tags) return undefined;
  const remote = state.tags.get(repo);
  if (!remote || !('tags' in remote) || !newerVersion) return undefined;
  // Read on every frame that draws the tag, against up to a thousand tags: once per answer.
  let answers = newerMemo.get(remote);
  if (!answers) newerMemo.set(remote, (answers = new Map()));
  if (!answers.has(tag)) answers.set(tag, newerVersion(tag.slice(repo.length + 1), remote.tags));
  return answers.get(tag);
}

const newerMemo = new WeakMap<RemoteTags, Map<string, string | undefined>>();

/** versions.ts (and semver with it), loaded with the first tag list asked: no list, no marker, nothing to compare. */
let newerVersion: typeof import('../registry/versions.ts').newerVersion | undefined;

/** Loads what compares versions (once): before a tag list is stored, so the marker can read it. */
export async function loadVersionOrder(): Promise<void> {
  newerVersion ??= (await import('../registry/versions.ts')).newerVersion;
}

/** The newer version of the first of the image's tags that has one: what a container running it is marked with. */
export function imageNewerVersion(state: FreshnessState, image: ImageSummary | undefined): string | undefined {
  if (!image || !state.tags || state.tags.size === 0) return undefined;
  for (const tag of image.RepoTags ?? []) {
    const newer = newerVersionOf(state, tag);
    if (newer !== undefined) return newer;
  }
  return undefined;
}

/** Whether the image under `tag` is what the registry holds: undefined while not known. */
export function freshnessOf(state: FreshnessState, tag: string, image: ImageSummary | undefined): 'current' | 'outdated' | undefined {
  const remote = state.remote.get(tag);
  if (!remote || !('digest' in remote) || !image) return undefined;
  const repo = repoOf(tag);
  const local = (image.RepoDigests ?? []).filter((d) => d.startsWith(`${repo}@`)).map((d) => d.slice(repo.length + 1));
  if (local.length === 0) return undefined;
  return local.includes(remote.digest) ? 'current' : 'outdated';
}

/** An engine answer that means "no /distribution here", not "no such image". */
function unsupported(error: unknown): boolean {
  if (!isEngineError(error)) return false;
  if (/unsupported|not implemented|page not found/i.test(error.message)) return true;
  return error.status === 404 && !/manifest|unknown|not found: /i.test(error.message);
}

export class ImageFreshness implements LiveSource<FreshnessState> {
  readonly store = new Store<FreshnessState>({ remote: new Map() });
  private wanted = false;
  private timer: NodeJS.Timeout | undefined;
  private asking = false;
  private engineAnswers: boolean | undefined;
  private readonly abort = new AbortController();
  /**
   * The images list in which nothing was left to ask: no beat is scheduled until the list is
   * another (an idle berth woke every PACE_MS to find the same nothing).
   */
  private askedAllOf: readonly ImageSummary[] | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(
    /** Read at each use: after an engine switch it is the new engine's. */
    private readonly client: () => Pick<EngineClient, 'distributionInspect' | 'resolveCredentials'>,
    private readonly images: () => readonly ImageSummary[],
    private readonly isPodman: () => boolean,
    private readonly paceMs = PACE_MS,
    /** Calls back on any change of the session's state (the images list among them). */
    private readonly onChange?: (listener: () => void) => () => void,
  ) {}

  watch(demands: Demands): void {
    this.wanted = demands.freshness === true && this.paceMs > 0;
    if (this.wanted) {
      this.unsubscribe ??= this.onChange?.(() => this.imagesMayHaveChanged());
      this.schedule();
    } else {
      this.unsubscribe?.();
      this.unsubscribe = undefined;
      this.unschedule();
    }
  }

  private imagesMayHaveChanged(): void {
    if (this.askedAllOf === undefined || this.images() === this.askedAllOf) return;
    this.askedAllOf = undefined;
    if (this.wanted) this.schedule();
  }

  /** A pull or a tag changes what a tag is: ask about it again. */
  onEngineEvent(event: EngineEvent): void {
    if (event.Type !== 'image' || !/^(pull|tag|push)$/.test(event.Action ?? '')) return;
    const name = event.Actor?.Attributes?.name ?? event.Actor?.ID;
    if (name) this.recheck(name);
  }

  /** Forgets what the registry said of `tag` (and its repository's tags: a push adds one), so it is asked again. */
  recheck(tag: string): void {
    const { remote: known, tags: lists } = this.store.getState();
    if (!known.has(tag) && !lists?.has(repoOf(tag))) return;
    this.askedAllOf = undefined;
    this.store.update((s) => {
      const remote = new Map(s.remote);
      remote.delete(tag);
      const tags = new Map(s.tags);
      tags.delete(repoOf(tag));
      return { ...s, remote, tags };
    });
    if (this.wanted) this.schedule();
  }

  stop(): void {
    this.abort.abort();
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.unschedule();
  }

  private unschedule(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    if (this.timer || this.asking || this.askedAllOf !== undefined || this.abort.signal.aborted) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.askNext();
    }, this.paceMs);
    this.timer.unref();
  }

  private async askNext(): Promise<void> {
    if (!this.wanted || this.abort.signal.aborted) return;
    const { remote: known, tags: lists } = this.store.getState();
    const tag = askableTags(this.images()).find((t) => !known.has(t));
    if (tag === undefined) {
      const repo = versionedRepositories(this.images()).find((r) => !lists?.has(r));
      if (repo !== undefined) return this.askTags(repo);
      // Nothing new to ask (or the list not in yet): wait for another list where one is told of,
      // else look again at the next beat, without a request.
      if (this.onChange) this.askedAllOf = this.images();
      else this.schedule();
      return;
    }
    this.asking = true;
    let answer: RemoteDigest;
    try {
      answer = { digest: await this.ask(tag) };
    } catch (error) {
      answer = { error: describeError(error) };
    }
    this.asking = false;
    if (this.abort.signal.aborted) return;
    this.store.update((s) => ({ ...s, remote: new Map(s.remote).set(tag, answer), via: this.engineAnswers === false ? 'registry' : 'engine' }));
    this.schedule();
  }

  /** A repository's tag list, from its registry (berth asks: no engine lists tags). */
  private async askTags(repo: string): Promise<void> {
    this.asking = true;
    let answer: RemoteTags;
    try {
      const parsed = parseImageReference(repo);
      if (!parsed.ok) throw new Error(`${repo}: not a repository berth can look up`);
      const { auth } = await this.client().resolveCredentials(repo);
      answer = { tags: await registryTags(parsed.ref.domain, parsed.ref.path, auth, this.abort.signal) };
      await loadVersionOrder();
    } catch (error) {
      answer = { error: describeError(error) };
    }
    this.asking = false;
    if (this.abort.signal.aborted) return;
    this.store.update((s) => ({ ...s, tags: new Map(s.tags).set(repo, answer) }));
    this.schedule();
  }

  private async ask(tag: string): Promise<string> {
    const client = this.client();
    const { auth } = await client.resolveCredentials(tag);
    const signal = this.abort.signal;
    if (this.engineAnswers !== false && !this.isPodman()) {
      try {
        const answer = await client.distributionInspect(tag, auth, signal);
        const digest = answer.Descriptor?.digest;
        if (!digest) throw new Error('the engine gave no digest');
        this.engineAnswers = true;
        return digest;
      } catch (error) {
        if (this.engineAnswers === true || !unsupported(error)) throw error;
      }
    }
    this.engineAnswers = false;
    const parsed = parseImageReference(tag);
    if (!parsed.ok) throw new Error(`${tag}: not a reference berth can look up`);
    const { domain, path } = parsed.ref;
    return registryDigest(domain, path, parsed.ref.tag ?? 'latest', auth, signal);
  }
}

/**
 * Whether an image is older than its registry's: one of its tags is outdated, or (a tag pulled
 * anew has moved to the new image) a repository it was pulled from now holds another digest
 * under a tag that is known. What a container running it is marked by.
 */
export function imageOutdated(state: FreshnessState, image: ImageSummary | undefined): boolean {
  if (!image || state.remote.size === 0) return false;
  const tags = (image.RepoTags ?? []).filter((t) => !t.includes('<none>'));
  if (tags.length > 0) return tags.some((tag) => freshnessOf(state, tag, image) === 'outdated');
  for (const repoDigest of image.RepoDigests ?? []) {
    const at = repoDigest.indexOf('@');
    const repo = repoDigest.slice(0, at);
    const digest = repoDigest.slice(at + 1);
    for (const [tag, remote] of state.remote) if (repoOf(tag) === repo && 'digest' in remote && remote.digest !== digest) return true;
  }
  return false;
}

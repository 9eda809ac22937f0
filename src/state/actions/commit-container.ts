/**
 * Committing a container to a new image. The engine takes the container by id or by a unique
 * id prefix; repository and tag are validated by the dialog before this is called.
 */
import type { EngineClient } from '../../engine/client.ts';

export interface CommitRequest {
  /** Id or unique id prefix. */
  container: string;
  repository: string;
  /** "latest" when the user left it empty. */
  tag: string;
  comment?: string;
  author?: string;
  /** Dockerfile instructions for the new image's config (checked: state/commit-changes.ts). */
  changes?: readonly string[];
  /** Pause a running container while committing (the engine's default); off risks a torn copy of files being written. */
  pause?: boolean;
  signal?: AbortSignal;
}

export interface CommitOutcome {
  /** `sha256:…` */
  imageId: string;
  /** `repository:tag`, as asked for. */
  reference: string;
}

export async function commitContainer(client: EngineClient, request: CommitRequest): Promise<CommitOutcome> {
  const { Id } = await client.commitContainer({
    container: request.container,
    repo: request.repository,
    tag: request.tag,
    comment: request.comment,
    author: request.author,
    changes: request.changes,
    pause: request.pause,
    signal: request.signal,
  });
  return { imageId: Id, reference: `${request.repository}:${request.tag}` };
}

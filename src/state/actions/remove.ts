/**
 * Removing a container or an image, and the one-line result the status bar shows. The engine
 * refuses what it must (a running container without force, an image a container still uses)
 * with a 409 whose message the dialog shows as is.
 */
import type { EngineClient } from '../../engine/client.ts';
import { containerLabel, shortId } from './labels.ts';

export interface RemoveContainerRequest {
  containerId: string;
  /** As shown in the list; used in the result message. */
  name: string;
  /** Kill it first if it runs. */
  force: boolean;
  /** Also remove its anonymous volumes. */
  volumes: boolean;
  signal?: AbortSignal;
}

export async function removeContainer(client: EngineClient, request: RemoveContainerRequest): Promise<string> {
  await client.removeContainer(request.containerId, { force: request.force, volumes: request.volumes, signal: request.signal });
  return `removed container ${containerLabel(request.name, request.containerId)}${request.volumes ? ' and its anonymous volumes' : ''}`;
}

export interface RemoveImageRequest {
  imageId: string;
  /** The row's `repo:tag` (or `repo@digest`); `<none>…` for an untagged image. */
  tag: string;
  force: boolean;
  /** Keep the image's untagged parents (`docker rmi --no-prune`). */
  noPrune?: boolean;
  signal?: AbortSignal;
}

/**
 * What to ask the engine to remove: the row's reference, so that an image with several tags
 * loses only this one (as `docker rmi repo:tag` does); the id when the row has no reference.
 */
export function removalTarget(request: Pick<RemoveImageRequest, 'imageId' | 'tag'>): string {
  return request.tag.startsWith('<none>') ? request.imageId : request.tag;
}

export async function removeImage(client: EngineClient, request: RemoveImageRequest): Promise<string> {
  const target = removalTarget(request);
  const { deleted } = await client.removeImage(target, { force: request.force, noPrune: request.noPrune, signal: request.signal });
  const label = target === request.imageId ? shortId(request.imageId) : target;
  if (deleted.length === 0) return `untagged ${label}; the image stays under its other tags`;
  return `removed image ${label} (${shortId(request.imageId)})`;
}

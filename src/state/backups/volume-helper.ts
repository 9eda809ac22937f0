/**
 * A volume is read and written through a helper container that never starts: created from a
 * small image the engine already has, the volume mounted at /v, and the archive endpoint
 * berth already uses for `C`/`F`/`I` (GET and PUT /containers/{id}/archive) on it. It is removed
 * whatever happens (done, failed, cancelled); its label lets a person (and the tests) find one
 * left by a berth that was killed. A restore into a volume the engine does not have makes it first
 * and removes it again when the restore fails or is cancelled (withVolumeMade).
 */
import type { EngineClient } from '../../engine/client.ts';
import { isEngineError } from '../../engine/errors.ts';
import type { ImageSummary } from '../../engine/types.ts';
import { TarHeaderReader } from '../files/tar-headers.ts';

export const HELPER_LABEL = 'berth.backup-helper';
/** Where the volume is mounted in the helper. */
export const MOUNT = '/v';

export type HelperClient = Pick<EngineClient, 'createContainer' | 'removeContainer'>;

/** Runs `work` with a helper container that mounts `volume`, then removes it (even if `work` failed or was aborted). */
export async function withVolumeHelper<T>(client: HelperClient, volume: string, image: string, work: (id: string) => Promise<T>): Promise<T> {
  const { Id } = await client.createContainer({
    Image: image,
    // Never started: any command will do, and the image needs no shell or tar of its own.
    Cmd: ['true'],
    Labels: { [HELPER_LABEL]: volume },
    NetworkDisabled: true,
    HostConfig: { Binds: [`${volume}:${MOUNT}`] },
  });
  try {
    return await work(Id);
  } finally {
    // Not tied to the work's signal: a cancel must still remove it.
    await client.removeContainer(Id, { force: true }).catch(() => undefined);
  }
}

/** The smallest tagged image the engine has: the helper's default (any image does; it never runs). */
export function smallestImage(images: readonly ImageSummary[]): string | undefined {
  let best: { tag: string; size: number } | undefined;
  for (const image of images) {
    const tag = (image.RepoTags ?? []).find((t) => t && t !== '<none>:<none>');
    if (tag === undefined) continue;
    const size = image.Size ?? Number.POSITIVE_INFINITY;
    if (best === undefined || size < best.size) best = { tag, size };
  }
  return best?.tag;
}

/** Whether the volume's archive holds anything past its root directory (reads until it knows). */
export async function volumeHasFiles(chunks: AsyncIterable<Uint8Array>): Promise<boolean> {
  let entries = 0;
  const reader = new TarHeaderReader({ header: () => void (entries += 1) });
  for await (const chunk of chunks) {
    reader.push(chunk);
    if (entries > 1) return true;
    if (reader.ended) break;
  }
  return false;
}

/** Whether the engine has the volume: its 404 says no; any other failure is the engine's to tell. */
export async function volumeExists(client: Pick<EngineClient, 'inspectVolume'>, volume: string, signal?: AbortSignal): Promise<boolean> {
  try {
    await client.inspectVolume(volume, signal);
    return true;
  } catch (error) {
    if (isEngineError(error) && error.status === 404) return false;
    throw error;
  }
}

/**
 * Runs `work` (a restore) on `volume`, made first when the engine does not have it — explicitly,
 * not by the helper's mount, so berth knows it made it. When `work` fails or is cancelled, a
 * volume made here is removed again (after `work` has removed its helper, which holds it), so a
 * cancelled restore leaves nothing behind; a volume that was there stays, with what was written.
 */
export async function withVolumeMade<T>(client: Pick<EngineClient, 'inspectVolume' | 'createVolume' | 'removeVolume'>, volume: string, signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
  const made = !(await volumeExists(client, volume, signal));
  try {
    // Neither is tied to the signal: a create cancelled in flight may still have made the volume,
    // and a cancel must still remove it.
    if (made) await client.createVolume(volume);
    return await work();
  } catch (error) {
    if (made) await client.removeVolume(volume).catch(() => undefined);
    throw error;
  }
}

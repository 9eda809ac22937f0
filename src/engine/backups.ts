/**
 * The engine's side of backups: an image set as a tar (`docker save`), a tar of images loaded
 * (`docker load`), a container's filesystem as a tar (`docker export`), and a tar streamed into a
 * container's directory (PUT archive, as `docker cp -`, never held whole). Every body is a
 * stream of chunks: the caller writes them where they go and counts them as they pass.
 */
import { EngineError } from './errors.ts';
import type { EngineHttp } from './http.ts';
import { readNdjson } from './streams/ndjson.ts';
import type { PullMessage } from './types.ts';

/** How long the engine may work on a whole tar (unpacking it) before it answers. */
const SLOW_SECONDS = 600;

/** `GET /images/get?names=…`: one tar holding every named image (their shared layers once). */
export async function* saveImages(http: EngineHttp, names: readonly string[], signal?: AbortSignal): AsyncGenerator<Uint8Array> {
  const operation = `save ${names.join(' ')}`;
  const response = await http.send({ operation, method: 'GET', path: '/images/get', query: { names }, signal, stream: true });
  yield* http.chunks(response, operation);
}

/** `GET /containers/{id}/export`: the container's whole filesystem, flattened, as a tar. */
export async function* exportContainer(http: EngineHttp, id: string, signal?: AbortSignal): AsyncGenerator<Uint8Array> {
  const operation = 'export the container';
  const response = await http.send({ operation, method: 'GET', path: `/containers/${encodeURIComponent(id)}/export`, signal, stream: true });
  yield* http.chunks(response, operation);
}

/** The size of a container's whole filesystem (`SizeRootFs`, inspect with `size=1`): about what its export weighs. The engine walks the files for it. */
export async function containerRootSize(http: EngineHttp, id: string, signal?: AbortSignal): Promise<number | undefined> {
  const { value } = await http.json<{ SizeRootFs?: unknown }>({ operation: 'size the container', method: 'GET', path: `/containers/${encodeURIComponent(id)}/json`, query: { size: true }, signal, slowSeconds: SLOW_SECONDS });
  const size = value?.SizeRootFs;
  return typeof size === 'number' && Number.isFinite(size) && size > 0 ? size : undefined;
}

/**
 * `POST /images/load`: sends the tar as it is read and yields the engine's progress messages
 * ("Loading layer" with bytes, then "Loaded image: …"). An error the engine reports inside the
 * stream after its 200 is thrown with its own words.
 */
export async function* loadImages(http: EngineHttp, tar: AsyncIterable<Uint8Array>, signal?: AbortSignal): AsyncGenerator<PullMessage> {
  const operation = 'load images';
  // The engine may take the whole tar before it answers: its headers come after the unpacking.
  const response = await http.send({ operation, method: 'POST', path: '/images/load', query: { quiet: false }, raw: { bytes: tar, type: 'application/x-tar' }, signal, stream: true, slowSeconds: SLOW_SECONDS });
  for await (const value of readNdjson(http.chunks(response, operation), { operation })) {
    if (value === null || typeof value !== 'object') continue;
    const message = value as PullMessage;
    const failure = message.errorDetail?.message || message.error;
    if (failure) throw new EngineError({ code: 'STREAM', operation, message: failure });
    yield message;
  }
}

/** PUT archive with the tar streamed: unpacked in `directory` (which must exist), as `docker cp - CONTAINER:DIR`. */
export async function putArchiveStream(http: EngineHttp, id: string, directory: string, tar: AsyncIterable<Uint8Array>, signal?: AbortSignal): Promise<void> {
  const response = await http.send({
    operation: `restore into ${directory}`,
    method: 'PUT',
    path: `/containers/${encodeURIComponent(id)}/archive`,
    query: { path: directory, noOverwriteDirNonDir: true },
    raw: { bytes: tar, type: 'application/x-tar' },
    signal,
    stream: true,
    slowSeconds: SLOW_SECONDS,
  });
  response.body.resume();
  await new Promise<void>((resolve) => response.body.once('close', resolve).once('end', resolve));
}

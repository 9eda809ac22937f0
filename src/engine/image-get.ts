/**
 * `docker save` of one image as a stream: `GET /images/{name}/get`, the archive in the engine's
 * own layout (Docker ≥ 25: OCI with a legacy `manifest.json`; older Docker and Podman: legacy).
 * The layer explorer reads it as it comes and keeps none of it.
 */
import type { EngineHttp } from './http.ts';

export async function* imageArchive(http: EngineHttp, name: string, signal?: AbortSignal): AsyncGenerator<Uint8Array> {
  const operation = `read the archive of ${name}`;
  // The engine may gather a big image's layers before its first byte: more time for the headers.
  const response = await http.send({ operation, method: 'GET', path: `/images/${encodeURIComponent(name)}/get`, signal, stream: true, slowSeconds: 300 });
  yield* http.chunks(response, operation);
}

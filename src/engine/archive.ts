/**
 * `docker cp` out of a container: the archive endpoint. HEAD says what is at a path (its name,
 * size and mode, base64 JSON in a header); GET streams it as a tar (a file is one entry, a
 * directory its whole tree under its own name).
 */
import { EngineError } from './errors.ts';
import type { EngineHttp } from './http.ts';
import { encodePathBytes, hasRawBytes } from './path-bytes.ts';

/** The `path` query: a path with bytes that are not UTF-8 is sent as those bytes (path-bytes.ts). */
const pathQuery = (path: string): string | Uint8Array => (hasRawBytes(path) ? encodePathBytes(path) : path);

export interface PathStat {
  /** The last part of the path: what the copy is called where it lands. */
  name: string;
  size: number;
  /** Go's FileMode bits: a directory has bit 31 set. */
  mode: number;
  linkTarget?: string;
}

const GO_MODE_DIR = 2 ** 31;

export function isDirectory(stat: PathStat): boolean {
  return Math.floor(stat.mode / GO_MODE_DIR) % 2 === 1;
}

const GO_MODE_SYMLINK = 2 ** 27;

/** A symbolic link (Podman fills `linkTarget` for every path, with where it resolves; only this bit says it is a link). */
export function isSymlink(stat: PathStat): boolean {
  return Math.floor(stat.mode / GO_MODE_SYMLINK) % 2 === 1;
}

export async function statPath(http: EngineHttp, id: string, path: string, signal?: AbortSignal): Promise<PathStat> {
  const operation = 'stat path in container';
  let headers;
  try {
    ({ headers } = await http.bytes({ operation, method: 'HEAD', path: `/containers/${encodeURIComponent(id)}/archive`, query: { path: pathQuery(path) }, signal }));
  } catch (error) {
    // A HEAD answer has no body, so no engine words: say it as the docker CLI does.
    if (error instanceof EngineError && error.code === 'NOT_FOUND') throw new EngineError({ code: 'NOT_FOUND', status: 404, operation, message: `No such container:path: ${id.slice(0, 12)}:${path}` });
    throw error;
  }
  const header = headers['x-docker-container-path-stat'];
  const text = Array.isArray(header) ? header[0] : header;
  if (!text) throw new EngineError({ code: 'PROTOCOL', operation, message: 'the engine did not say what is at that path' });
  const value = JSON.parse(Buffer.from(text, 'base64').toString('utf8')) as Partial<PathStat>;
  return { name: String(value.name ?? ''), size: Number(value.size ?? 0), mode: Number(value.mode ?? 0), ...(value.linkTarget && { linkTarget: String(value.linkTarget) }) };
}

/** The tar stream of `path` (a 404 is the engine's "Could not find the file …"). */
export async function* archive(http: EngineHttp, id: string, path: string, signal?: AbortSignal): AsyncGenerator<Uint8Array> {
  const operation = `copy ${path} out of the container`;
  const response = await http.send({ operation, method: 'GET', path: `/containers/${encodeURIComponent(id)}/archive`, query: { path: pathQuery(path) }, signal, stream: true });
  yield* http.chunks(response, operation);
}

/**
 * `docker cp` into a container: the tar is unpacked in `directory` (which must exist). As the
 * CLI does, the engine is told not to put a file where a directory is, or the other way round.
 */
export async function putArchive(http: EngineHttp, id: string, directory: string, tar: Uint8Array, signal?: AbortSignal): Promise<void> {
  const response = await http.send({
    operation: `copy into ${directory} in the container`,
    method: 'PUT',
    path: `/containers/${encodeURIComponent(id)}/archive`,
    query: { path: pathQuery(directory), noOverwriteDirNonDir: true },
    raw: { bytes: tar, type: 'application/x-tar' },
    signal,
    slowSeconds: 120,
  });
  response.body.resume();
}

/**
 * Attaching to a container, `docker attach` and the first half of `docker run -it` over the API:
 * `POST /containers/{id}/attach` with the connection upgraded to a raw two-way stream (with a TTY
 * the container's terminal bytes as they are; without one the multiplexed frames of
 * streams/multiplexed.ts), and the container's TTY resized with the user's terminal.
 */
import type { Duplex } from 'node:stream';
import { isEngineError } from './errors.ts';
import type { EngineHttp } from './http.ts';

const enc = encodeURIComponent;

/** What `docker attach` and `docker run -it` detach on, in the engine's own spelling. */
export const DETACH_KEYS = 'ctrl-p,ctrl-q';

export interface AttachOptions {
  /** Send keystrokes to the container's stdin (it must have been created with OpenStdin). */
  stdin: boolean;
  signal?: AbortSignal;
}

/**
 * Attaches and returns the connection. Made before the start of a new container, as the CLI does,
 * it misses none of the container's output (and none is lost to a `--rm` removal).
 */
export async function attachContainer(http: EngineHttp, id: string, options: AttachOptions): Promise<Duplex> {
  const request = {
    operation: 'attach to container',
    method: 'POST' as const,
    path: `/containers/${enc(id)}/attach`,
    query: { stream: true, stdin: options.stdin, stdout: true, stderr: true, ...(options.stdin && { detachKeys: DETACH_KEYS }) },
    signal: options.signal,
  };
  try {
    return await http.upgrade(request);
  } catch (error) {
    if (!isEngineError(error) || error.code !== 'PROTOCOL') throw error;
    // A refused upgrade's answer is not read (http.ts): ask once more as a plain request that
    // streams nothing (past output only: Podman wants logs or stream), whose refusal comes back in the engine's words (Podman's runtime error
    // for a command that does not exist, say). If that one is accepted, the first error stands.
    await http.empty({ ...request, query: { logs: true, stream: false, stdout: true } });
    throw error;
  }
}

export async function resizeContainer(http: EngineHttp, id: string, size: { rows: number; columns: number }): Promise<void> {
  await http.empty({ operation: 'resize container', method: 'POST', path: `/containers/${enc(id)}/resize`, query: { h: size.rows, w: size.columns } });
}

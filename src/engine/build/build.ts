/**
 * `docker build`: POST /build with the context as the request's tar body, streamed (never held
 * whole), answered with NDJSON: BuildKit's (`version=2`) progress as `moby.buildkit.trace` aux
 * lines, the classic builder's (`version=1`, and Podman's compat endpoint) as `{"stream": …}`
 * lines. The engine stops the build when the request ends, so aborting `signal` cancels it.
 */
import type { Readable } from 'node:stream';
import { EngineError } from '../errors.ts';
import type { EngineHttp } from '../http.ts';
import { readNdjson } from '../streams/ndjson.ts';

/** Which builder the engine is asked for: BuildKit (`version=2`) or the classic one (`version=1`). */
export type Builder = 'buildkit' | 'classic';

export interface BuildOptions {
  /** The context as a tar stream (state/builds/context-tar.ts). */
  context: Readable;
  /** The Dockerfile's path inside the context (default `Dockerfile`). */
  dockerfile?: string;
  tags?: readonly string[];
  buildArgs?: Readonly<Record<string, string>>;
  target?: string;
  platform?: string;
  noCache?: boolean;
  pull?: boolean;
  /** The network RUN steps get: `none` on an engine without a bridge. */
  networkMode?: string;
  builder: Builder;
  /** Where the context came from, for the action log's line (`.` when absent). */
  contextPath?: string;
  signal?: AbortSignal;
}

/** One line of a build's answer; every field optional, as engines differ. */
export interface BuildMessage {
  stream?: string;
  id?: string;
  aux?: unknown;
  status?: string;
  error?: string;
  errorDetail?: { code?: number; message?: string };
}

/**
 * Builds, yielding each message. An error inside the stream (after a 200) is thrown as
 * EngineError code STREAM with the engine's own words, after the messages before it.
 */
export async function* buildImage(http: EngineHttp, options: BuildOptions): AsyncGenerator<BuildMessage> {
  const operation = `build ${options.tags?.[0] ?? 'an image'}`;
  const buildArgs = options.buildArgs && Object.keys(options.buildArgs).length > 0 ? JSON.stringify(options.buildArgs) : undefined;
  const response = await http.send({
    operation,
    method: 'POST',
    path: '/build',
    query: {
      version: options.builder === 'buildkit' ? '2' : '1',
      dockerfile: options.dockerfile || undefined,
      t: options.tags && options.tags.length > 0 ? options.tags : undefined,
      buildargs: buildArgs,
      target: options.target || undefined,
      platform: options.platform || undefined,
      nocache: options.noCache || undefined,
      pull: options.pull || undefined,
      networkmode: options.networkMode || undefined,
      // The classic builder's intermediate containers go even when a step fails or the build is cancelled.
      rm: true,
      forcerm: true,
    },
    raw: { bytes: options.context, type: 'application/x-tar' },
    signal: options.signal,
    stream: true,
    // The classic builder answers only once it has read the whole context.
    slowSeconds: 3600,
  });
  for await (const value of readNdjson(http.chunks(response, operation), { operation })) {
    if (value === null || typeof value !== 'object') continue;
    const message = value as BuildMessage;
    const failure = message.errorDetail?.message || message.error;
    if (failure) throw new EngineError({ code: 'STREAM', operation, message: failure });
    yield message;
  }
}

import { EngineError } from './errors.ts';
import type { AnswerMemo } from './answer-memo.ts';
import type { EngineHttp } from './http.ts';
import { fetchList } from './list.ts';
import { toContainerSummary } from './shapes.ts';
import { demultiplex, rawStream, type LogChunk } from './streams/multiplexed.ts';
import type {
  ContainerCreateConfig,
  ContainerCreateResponse,
  ContainerFilters,
  ContainerInspect,
  ContainerSummary,
  WaitCondition,
  WaitResult,
} from './types.ts';

const enc = encodeURIComponent;

export interface ListContainersOptions {
  /** Running only unless set, like `docker ps`. */
  all?: boolean;
  filters?: ContainerFilters;
  signal?: AbortSignal;
  /** Before the version is negotiated: see ListQuery.unversioned. */
  unversioned?: boolean;
}

/**
 * With a memo, an answer identical to the previous one yields the previous (frozen) array, and a
 * container whose Status alone changed ("Up 26 seconds" → "Up 36 seconds") keeps its other fields.
 */
export function listContainers(http: EngineHttp, options: ListContainersOptions = {}, memo?: AnswerMemo<ContainerSummary>): Promise<readonly ContainerSummary[]> {
  return fetchList(http, { operation: 'list containers', path: '/containers/json', query: options, toItem: toContainerSummary, volatile: 'Status' }, memo);
}

export async function inspectContainer(http: EngineHttp, id: string, signal?: AbortSignal): Promise<ContainerInspect> {
  const { value } = await http.json<ContainerInspect>({ operation: 'inspect container', method: 'GET', path: `/containers/${enc(id)}/json`, signal });
  if (!value || typeof value.Id !== 'string') throw new EngineError({ code: 'PROTOCOL', operation: 'inspect container', message: 'the engine sent no container' });
  return value;
}

export interface CreateOptions {
  name?: string;
  platform?: string;
  signal?: AbortSignal;
}

export async function createContainer(http: EngineHttp, config: ContainerCreateConfig, options: CreateOptions = {}): Promise<ContainerCreateResponse> {
  const { value } = await http.json<{ Id?: string; Warnings?: string[] | null }>({
    operation: 'create container',
    method: 'POST',
    path: '/containers/create',
    query: { name: options.name || undefined, platform: options.platform },
    body: config,
    signal: options.signal,
  });
  if (!value?.Id) throw new EngineError({ code: 'PROTOCOL', operation: 'create container', message: 'the engine did not return the new container id' });
  return { Id: value.Id, Warnings: Array.isArray(value.Warnings) ? value.Warnings : [] };
}

/** 304 means the container was already running: not an error. */
export async function startContainer(http: EngineHttp, id: string, signal?: AbortSignal): Promise<{ alreadyRunning: boolean }> {
  const status = await http.empty({ operation: 'start container', method: 'POST', path: `/containers/${enc(id)}/start`, signal });
  return { alreadyRunning: status === 304 };
}

export interface StopOptions {
  /** Grace period in seconds before SIGKILL; the engine's default when unset. */
  timeout?: number;
  signal?: AbortSignal;
}

/** 304 means the container was already stopped: not an error. */
export async function stopContainer(http: EngineHttp, id: string, options: StopOptions = {}): Promise<{ alreadyStopped: boolean }> {
  const status = await http.empty({
    operation: 'stop container',
    method: 'POST',
    path: `/containers/${enc(id)}/stop`,
    query: { t: options.timeout },
    signal: options.signal,
    // The engine answers only after the grace period (10 s by default) and the kill.
    slowSeconds: (options.timeout ?? 10) + 10,
  });
  return { alreadyStopped: status === 304 };
}

/** Stop (with the grace period) then start again; the engine answers when it runs again. */
export async function restartContainer(http: EngineHttp, id: string, options: StopOptions = {}): Promise<void> {
  await http.empty({
    operation: 'restart container',
    method: 'POST',
    path: `/containers/${enc(id)}/restart`,
    query: { t: options.timeout },
    signal: options.signal,
    slowSeconds: (options.timeout ?? 10) + 10,
  });
}

export interface RemoveOptions {
  force?: boolean;
  volumes?: boolean;
  signal?: AbortSignal;
}

export async function removeContainer(http: EngineHttp, id: string, options: RemoveOptions = {}): Promise<void> {
  await http.empty({
    operation: 'remove container',
    method: 'DELETE',
    path: `/containers/${enc(id)}`,
    query: { force: options.force, v: options.volumes },
    signal: options.signal,
  });
}

/**
 * Registers a wait and returns once the engine has acknowledged it (the engine flushes the
 * headers at once), so a caller can register `next-exit` before `start` and never miss a fast
 * exit. `result` settles when the condition is met.
 */
export async function beginWait(
  http: EngineHttp,
  id: string,
  condition: WaitCondition = 'not-running',
  signal?: AbortSignal,
): Promise<{ result: Promise<WaitResult> }> {
  const operation = 'wait for container';
  const response = await http.send({ operation, method: 'POST', path: `/containers/${enc(id)}/wait`, query: { condition }, signal, stream: true });
  const result = (async (): Promise<WaitResult> => {
    const parts: Buffer[] = [];
    for await (const chunk of http.chunks(response, operation)) parts.push(Buffer.from(chunk));
    const text = Buffer.concat(parts).toString('utf8');
    let parsed: { StatusCode?: unknown; Error?: { Message?: string } | null };
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      throw new EngineError({ code: 'PROTOCOL', operation, message: `the engine sent malformed JSON: ${text.slice(0, 80)}` });
    }
    if (typeof parsed.StatusCode !== 'number') throw new EngineError({ code: 'PROTOCOL', operation, message: 'the engine sent no StatusCode' });
    if (parsed.Error?.Message) throw new EngineError({ code: 'STREAM', operation, message: parsed.Error.Message });
    return { StatusCode: parsed.StatusCode, Error: parsed.Error ?? null };
  })();
  // The caller may only look at `result` later; a rejection must not count as unhandled meanwhile.
  result.catch(() => undefined);
  return { result };
}

export async function waitContainer(http: EngineHttp, id: string, condition: WaitCondition = 'not-running', signal?: AbortSignal): Promise<WaitResult> {
  const { result } = await beginWait(http, id, condition, signal);
  return result;
}

export interface LogsOptions {
  stdout?: boolean;
  stderr?: boolean;
  follow?: boolean;
  /** Number of lines from the end, or 'all'. */
  tail?: number | 'all';
  /** Unix seconds, or `seconds.nanoseconds` as a string (dockerd takes that precision). */
  since?: number | string;
  /** The same, inclusive: no line after it (API 1.35+; swarm services have none). */
  until?: number | string;
  timestamps?: boolean;
  /**
   * Whether the container has a TTY, which decides the framing. Engines before API 1.42 label
   * every log stream as raw, so the content type cannot be trusted: ask the container's config.
   */
  tty?: boolean;
  signal?: AbortSignal;
}

export type { LogChunk };

export async function* containerLogs(http: EngineHttp, id: string, options: LogsOptions = {}): AsyncGenerator<LogChunk> {
  const tty = options.tty ?? (await inspectContainer(http, id, options.signal)).Config?.Tty === true;
  yield* logStream(http, 'read logs', `/containers/${enc(id)}/logs`, { ...options, tty }, {});
}

/**
 * A swarm service's logs, every task's, multiplexed like a container's (unless its spec has a
 * TTY). `details` puts each line's task, node and service ids before it, after the timestamp,
 * as the docker CLI asks for them to name the task.
 */
export async function* serviceLogs(http: EngineHttp, id: string, options: LogsOptions = {}): AsyncGenerator<LogChunk> {
  yield* logStream(http, 'read service logs', `/services/${enc(id)}/logs`, { ...options, tty: options.tty ?? false }, { details: true });
}

async function* logStream(http: EngineHttp, operation: string, path: string, options: LogsOptions & { tty: boolean }, extra: Record<string, boolean>): AsyncGenerator<LogChunk> {
  const response = await http.send({
    operation,
    method: 'GET',
    path,
    query: {
      stdout: options.stdout ?? true,
      stderr: options.stderr ?? true,
      follow: options.follow,
      tail: options.tail,
      since: options.since,
      until: options.until,
      timestamps: options.timestamps,
      ...extra,
    },
    signal: options.signal,
    stream: true,
  });
  const chunks = http.chunks(response, operation);
  yield* options.tty ? rawStream(chunks) : demultiplex(chunks, { timestamps: options.timestamps === true });
}

/** Freezes (pause) or thaws (unpause) every process of a running container. */
export async function pauseContainer(http: EngineHttp, id: string, pause: boolean, signal?: AbortSignal): Promise<void> {
  const verb = pause ? 'pause' : 'unpause';
  await http.empty({ operation: `${verb} container`, method: 'POST', path: `/containers/${enc(id)}/${verb}`, signal });
}

/** Sends the container's main process a signal (SIGKILL when none is given, as `docker kill`). */
export async function killContainer(http: EngineHttp, id: string, signalName: string | undefined, signal?: AbortSignal): Promise<void> {
  await http.empty({ operation: 'kill container', method: 'POST', path: `/containers/${enc(id)}/kill`, query: { signal: signalName }, signal });
}

export async function renameContainer(http: EngineHttp, id: string, name: string, signal?: AbortSignal): Promise<void> {
  await http.empty({ operation: 'rename container', method: 'POST', path: `/containers/${enc(id)}/rename`, query: { name }, signal });
}

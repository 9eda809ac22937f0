/**
 * `docker run` as the engine API spells it. Detached: create → start. Foreground: create →
 * wait(next-exit) → start → logs(follow) → exit status. The wait is registered before the start,
 * as the docker CLI does, so a container that exits in a millisecond is not missed; the logs are
 * read from the container's beginning, so no output is missed either.
 *
 * Aborting the signal stops *watching* (the wait and the log stream are client-side requests);
 * the container itself keeps running, which is what leaving the view should mean.
 */
import type { EngineClient } from '../../engine/client.ts';
import { EngineError, isEngineError } from '../../engine/errors.ts';
import type { ContainerCreateConfig } from '../../engine/types.ts';
import type { CreateExtras } from '../run-line/create-body.ts';
import { LineSplitter } from '../logs/line-splitter.ts';
import type { LogLine } from '../logs/types.ts';

export interface RunSpec {
  image: string;
  /** argv; undefined runs the image's default command. */
  cmd?: string[];
  name?: string;
  tty: boolean;
  detached: boolean;
  /** The dialog's other options (ports, volumes…), checked; `env` already resolved (see resolveEnv). */
  extras?: CreateExtras;
  /** The environment to send: env files then -e, bare names taken from berth's environment. */
  env?: readonly string[];
}

export interface RunHooks {
  signal?: AbortSignal;
  /** The container exists (so a later failure leaves it behind, as `docker run` does). */
  onCreated?: (created: { id: string; warnings: string[] }) => void;
  onStarted?: () => void;
  /** Complete output lines, in order; stderr is its own stream unless the container has a TTY. */
  onLines?: (lines: LogLine[]) => void;
}

export type RunOutcome =
  | { kind: 'detached'; id: string; warnings: string[] }
  | {
      kind: 'exited';
      id: string;
      warnings: string[];
      exitCode: number;
      /** The output could not be read (e.g. a logging driver without read support); the exit code still stands. */
      outputError?: string;
    };

/**
 * How long the log stream may lag behind the exit. A followed log stream ends when the container
 * stops; this only guards against an engine that keeps it open, so the dialog cannot hang.
 */
const LOG_DRAIN_MS = 2_000;

/** Create answered 404 because the image is not local: `docker run` would pull it now. */
export function isMissingImage(error: unknown): boolean {
  if (!isEngineError(error) || error.code !== 'NOT_FOUND') return false;
  // Docker says "No such image: x"; Podman's compat API says "x: image not known".
  return /no such image|image not known/i.test(error.message);
}

export function createConfig(spec: RunSpec): ContainerCreateConfig {
  const hostConfig = spec.extras?.hostConfig;
  return {
    OpenStdin: false,
    ...spec.extras?.config,
    Image: spec.image,
    ...(spec.cmd && { Cmd: spec.cmd }),
    ...(spec.env && spec.env.length > 0 && { Env: [...spec.env] }),
    Tty: spec.tty,
    AttachStdout: !spec.detached,
    AttachStderr: !spec.detached,
    ...(hostConfig && Object.keys(hostConfig).length > 0 && { HostConfig: hostConfig }),
  };
}

export async function runContainer(client: EngineClient, spec: RunSpec, hooks: RunHooks = {}): Promise<RunOutcome> {
  const { signal } = hooks;
  const created = await client.createContainer(createConfig(spec), { name: spec.name, signal });
  const id = created.Id;
  const warnings = created.Warnings;
  hooks.onCreated?.({ id, warnings });

  if (spec.detached) {
    await client.startContainer(id, signal);
    hooks.onStarted?.();
    return { kind: 'detached', id, warnings };
  }

  // Our own controllers, so the wait and the log stream can be ended when we are done with them
  // as well as when the caller leaves.
  const waitAbort = new AbortController();
  const logsAbort = new AbortController();
  const waitSignal = signal ? AbortSignal.any([signal, waitAbort.signal]) : waitAbort.signal;
  const logsSignal = signal ? AbortSignal.any([signal, logsAbort.signal]) : logsAbort.signal;
  let drainTimer: NodeJS.Timeout | undefined;
  try {
    const wait = await client.beginWait(id, 'next-exit', waitSignal);
    await client.startContainer(id, signal);
    hooks.onStarted?.();

    // Once the container has exited, give the log stream a moment to deliver its tail, then end it.
    wait.result.then(
      () => {
        drainTimer = setTimeout(() => logsAbort.abort(), LOG_DRAIN_MS);
        drainTimer.unref();
      },
      () => logsAbort.abort(),
    );

    const splitter = new LineSplitter();
    let outputError: string | undefined;
    try {
      for await (const chunk of client.logs(id, { follow: true, stdout: true, stderr: true, tty: spec.tty, signal: logsSignal })) {
        const lines = splitter.push(chunk);
        if (lines.length > 0) hooks.onLines?.(lines);
      }
    } catch (error) {
      if (signal?.aborted) throw error;
      // Our own drain abort is the normal end; anything else means the output could not be read,
      // but the run still has an exit status worth showing.
      if (!logsAbort.signal.aborted) outputError = error instanceof Error ? error.message : String(error);
    }
    const rest = splitter.flush();
    if (rest.length > 0) hooks.onLines?.(rest);
    if (signal?.aborted) throw abortedError();
    const result = await wait.result;
    return { kind: 'exited', id, warnings, exitCode: result.StatusCode, ...(outputError !== undefined && { outputError }) };
  } finally {
    clearTimeout(drainTimer);
    waitAbort.abort();
    logsAbort.abort();
  }
}

function abortedError(): EngineError {
  return new EngineError({ code: 'ABORTED', operation: 'run container', message: 'the run view was left' });
}

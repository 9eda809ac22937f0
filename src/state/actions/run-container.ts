/**
 * `docker run` as the engine API spells it. Detached: create → start. Foreground: create →
 * attach → wait → start → the attached stream → exit status, as the docker CLI does it: attached
 * and waited on before the start, so neither the output of a container that exits in a
 * millisecond nor that of a `--rm` one the engine removes at once is missed (the wait is for
 * `removed` then, so the removal is over, or its failure said, when the run reports its end).
 * An interactive run (`-i`) stops after the create: the terminal hand-over attaches and starts
 * it (startAttached).
 *
 * Aborting the signal stops *watching* (the attach and the wait are client-side connections);
 * the container itself keeps running, which is what leaving the view should mean.
 */
import type { Duplex } from 'node:stream';
import type { EngineClient } from '../../engine/client.ts';
import { EngineError, isEngineError } from '../../engine/errors.ts';
import { demultiplex, rawStream } from '../../engine/streams/multiplexed.ts';
import type { WaitResult } from '../../engine/types.ts';
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
  /** `-i`: stdin attached and kept open; a foreground run then hands the terminal over. */
  interactive?: boolean;
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
  /** Created and waiting for the terminal: startAttached runs it. */
  | { kind: 'interactive'; id: string; warnings: string[] }
  | {
      kind: 'exited';
      id: string;
      warnings: string[];
      exitCode: number;
      /** The output could not be read (e.g. a logging driver without read support); the exit code still stands. */
      outputError?: string;
    };

/** Create answered 404 because the image is not local: `docker run` would pull it now. */
export function isMissingImage(error: unknown): boolean {
  if (!isEngineError(error) || error.code !== 'NOT_FOUND') return false;
  // Docker says "No such image: x"; Podman's compat API says "x: image not known".
  return /no such image|image not known/i.test(error.message);
}

export function createConfig(spec: RunSpec): ContainerCreateConfig {
  const hostConfig = spec.extras?.hostConfig;
  // As the CLI sets them (cli/command/container/opts.go): stdin attached only to a foreground
  // run, and closed when that client goes (StdinOnce), so `-i` without `-t` ends on Ctrl-D.
  const attachStdin = spec.interactive === true && !spec.detached;
  return {
    OpenStdin: false,
    ...spec.extras?.config,
    ...(spec.interactive && { OpenStdin: true }),
    ...(attachStdin && { AttachStdin: true, StdinOnce: true }),
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

  if (spec.interactive) return { kind: 'interactive', id, warnings };

  const attached = await startAttached(client, id, { stdin: false, autoRemove: spec.extras?.hostConfig.AutoRemove === true, signal });
  hooks.onStarted?.();
  const onAbort = () => attached.socket.destroy();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const splitter = new LineSplitter();
    const chunks = spec.tty ? rawStream(attached.socket) : demultiplex(attached.socket, { operation: 'attach to container' });
    try {
      for await (const chunk of chunks) {
        const lines = splitter.push(chunk);
        if (lines.length > 0) hooks.onLines?.(lines);
      }
    } catch (error) {
      // A connection cut mid-run: the lines so far stand, and the wait still says how it ended.
      if (signal?.aborted) throw abortedError();
      if (!isEngineError(error) && !isConnectionEnd(error)) throw error;
    }
    const rest = splitter.flush();
    if (rest.length > 0) hooks.onLines?.(rest);
    if (signal?.aborted) throw abortedError();
    const result = await attached.exit;
    return { kind: 'exited', id, warnings, exitCode: result.StatusCode };
  } finally {
    signal?.removeEventListener('abort', onAbort);
    attached.socket.destroy();
    attached.stopWaiting();
  }
}

export interface AttachedRun {
  /** The attached connection: the container's output, and its stdin when asked for. */
  socket: Duplex;
  /** How the run ended, from a wait registered before the start (the engine's error, if the wait or the removal failed). */
  exit: Promise<WaitResult>;
  /** Ends the wait (the container goes on). */
  stopWaiting(): void;
}

/**
 * Attach, wait, start: `docker run`'s order, so nothing the container writes or does is missed.
 * With `start: false` the container is already running (`docker attach`): attach, and the wait is
 * for its next exit.
 */
export async function startAttached(
  client: EngineClient,
  id: string,
  options: { stdin: boolean; autoRemove?: boolean; start?: boolean; signal?: AbortSignal },
): Promise<AttachedRun> {
  const { signal } = options;
  const waitAbort = new AbortController();
  const waitSignal = signal ? AbortSignal.any([signal, waitAbort.signal]) : waitAbort.signal;
  const socket = await attachExplained(client, id, options.stdin, signal);
  try {
    const wait = await client.beginWait(id, options.autoRemove ? 'removed' : 'next-exit', waitSignal);
    if (options.start !== false) await client.startContainer(id, signal);
    return { socket, exit: wait.result, stopWaiting: () => waitAbort.abort() };
  } catch (error) {
    socket.destroy();
    waitAbort.abort();
    throw error;
  }
}

/** An attach to a container that is gone says so in the engine's words (its inspect's 404). */
async function attachExplained(client: EngineClient, id: string, stdin: boolean, signal?: AbortSignal): Promise<Duplex> {
  try {
    return await client.attachContainer(id, { stdin, signal });
  } catch (error) {
    if (isEngineError(error) && error.code === 'PROTOCOL') await client.inspectContainer(id, signal);
    throw error;
  }
}

function isConnectionEnd(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ECONNRESET' || code === 'EPIPE' || code === 'ERR_STREAM_PREMATURE_CLOSE';
}

function abortedError(): EngineError {
  return new EngineError({ code: 'ABORTED', operation: 'run container', message: 'the run view was left' });
}

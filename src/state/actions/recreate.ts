/**
 * Recreating a container from an edited run form, as a step machine that reports each step as it
 * happens. Beside: the new one is created and started under its own name, the old one untouched.
 * Replace:
 *
 *   stop old → rename old aside → create new (old name) → start new → check it runs (still running
 *   RUN_WINDOW_MS after its start, and, with a health check, not unhealthy within the grace
 *   period) → remove old
 *
 * and when create, start or the check fails: roll back (remove new → old's name back → start old,
 * if it ran), and say why. The old container is removed without its volumes: the new one reuses
 * its anonymous ones. A refusal at any step ends in an outcome that names the state left behind.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { EngineClient } from '../../engine/client.ts';
import type { WaitResult } from '../../engine/types.ts';
import { describeError } from '../../engine/errors.ts';
import { createConfig, type RunSpec } from './run-container.ts';
import { shortId } from './labels.ts';

export type RecreateStepName = 'stop-old' | 'rename-old' | 'create' | 'start' | 'check' | 'remove-old' | 'remove-new' | 'rename-back' | 'start-old';
export type RecreateStepStatus = 'doing' | 'done' | 'failed';

export interface RecreateStep {
  step: RecreateStepName;
  status: RecreateStepStatus;
  /** The engine's words when it failed; what was seen when it passed (e.g. "healthy"). */
  detail?: string;
}

export interface RecreateRequest {
  old: { id: string; name: string; running: boolean };
  /** What to create: detached, its environment resolved. Its name is the old one's for a replace. */
  spec: RunSpec;
  replace: boolean;
  /** How long a health check may take to say "unhealthy" before the new container is kept. */
  graceMs?: number;
  /** How long the new container must keep running after its start (RUN_WINDOW_MS; tests shorten it). */
  windowMs?: number;
  /** Between two looks at a health check that is still starting. */
  pollMs?: number;
  signal?: AbortSignal;
}

export type RecreateOutcome =
  /** The new container runs (a replace: the old one is gone). */
  | { kind: 'done'; id: string; warnings: readonly string[]; note?: string }
  /** The new one failed (`reason`) and the old one is back as it was. */
  | { kind: 'rolled-back'; reason: string }
  /** A step was refused and what is left is not what was asked: `state` says what is. */
  | { kind: 'stuck'; reason: string; state: string };

export const GRACE_MS = 30_000;
/**
 * The window berth watches a new container through: it must still run 3 s after its start, or
 * the replace is rolled back. A start the engine accepts says only that the process was spawned;
 * a command that fails on a bad flag, a config file it cannot read or a port it cannot bind
 * exits within a second or two of that (README's "exits at once"), and the old container would
 * be gone by then. 3 s covers those without holding up every recreate long: a process that dies
 * later is a crash of the new version, which the restart policy and Incidents are for. The exit
 * is seen through the engine's wait (`next-exit`, registered before the start, so even an exit
 * in the same instant is not missed), not by looking once after a sleep.
 */
export const RUN_WINDOW_MS = 3_000;
const POLL_MS = 1_000;
/**
 * How long a start refused for a port still bound is tried again. Podman 4.3 here frees the port
 * of a removed container that failed to start 0.6–6 s after the removal, later on a busy machine.
 */
const PORT_WAIT_MS = 30_000;
const PORT_POLL_MS = 250;

/** The name the old container waits under while its successor starts. */
export function asideName(name: string, id: string): string {
  return `${name}-old-${shortId(id)}`;
}

/** Resolves after `ms` (the global timer, which node:test's mock.timers drives), or at once on `signal`. */
function windowEnds(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** The exit the engine's wait reports, or never (no wait to ask, or it broke: the inspect after the window decides then). */
function exitOf(watch: { result: Promise<WaitResult> } | undefined): Promise<WaitResult> {
  return watch ? watch.result.catch(() => new Promise<never>(() => undefined)) : new Promise<never>(() => undefined);
}

/**
 * Why a just-started container is not a success: it exited within the window, exited since, or
 * its health check failed (undefined: it is fine).
 */
async function check(client: EngineClient, id: string, request: RecreateRequest, watch: { result: Promise<WaitResult> } | undefined, report: (detail: string) => void, say: (detail: string) => void): Promise<string | undefined> {
  const windowMs = request.windowMs ?? RUN_WINDOW_MS;
  const seconds = `${Math.round(windowMs / 100) / 10} s`;
  say(`watching it for ${seconds}`);
  const over = new AbortController();
  const signal = request.signal ? AbortSignal.any([over.signal, request.signal]) : over.signal;
  const exited = await Promise.race([exitOf(watch), windowEnds(windowMs, signal).then(() => undefined)]);
  over.abort();
  if (exited !== undefined) {
    return `exited with code ${exited.StatusCode} within ${seconds} of its start`;
  }
  request.signal?.throwIfAborted();
  const grace = request.graceMs ?? GRACE_MS;
  const started = Date.now();
  for (;;) {
    const inspect = await client.inspectContainer(id, request.signal);
    const state = inspect.State ?? {};
    if (state.Running !== true && state.Restarting !== true) {
      return `exited${state.ExitCode === undefined ? '' : ` with code ${state.ExitCode}`}${state.Error ? `: ${state.Error}` : ''}`;
    }
    const health = state.Health?.Status;
    if (health === undefined || health === '' || health === 'none' || health === 'healthy') {
      if (health === 'healthy') report('healthy');
      return undefined;
    }
    if (health === 'unhealthy') {
      const last = state.Health?.Log?.at(-1)?.Output?.trim();
      return `turned unhealthy${last ? `: ${last}` : ''}`;
    }
    if (Date.now() - started >= grace) {
      report(`health still ${health} after ${Math.round(grace / 1000)} s: kept`);
      return undefined;
    }
    report(`health: ${health}`);
    await delay(request.pollMs ?? POLL_MS, undefined, { signal: request.signal });
  }
}

/**
 * Starts the old container again. Podman frees a removed container's published ports a moment
 * after the removal (its port forwarder ends on its own), so a start refused for a port still
 * bound is tried again for a while, not reported as the end of the roll-back.
 */
async function startFreed(client: EngineClient, id: string, request: RecreateRequest): Promise<unknown> {
  const deadline = Date.now() + PORT_WAIT_MS;
  for (;;) {
    try {
      return await client.startContainer(id, request.signal);
    } catch (error) {
      if (Date.now() >= deadline || !/address already in use/i.test(describeError(error))) throw error;
      await delay(request.pollMs ?? PORT_POLL_MS, undefined, { signal: request.signal });
    }
  }
}

export async function recreateContainer(client: EngineClient, request: RecreateRequest, onStep: (step: RecreateStep) => void): Promise<RecreateOutcome> {
  const { old, spec, signal } = request;
  const aside = asideName(old.name, old.id);
  /** Runs one step, reporting it; a refusal comes back as the engine's words. */
  const step = async <T,>(name: RecreateStepName, work: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; message: string }> => {
    onStep({ step: name, status: 'doing' });
    try {
      const value = await work();
      onStep({ step: name, status: 'done' });
      return { ok: true, value };
    } catch (error) {
      const message = describeError(error);
      onStep({ step: name, status: 'failed', detail: message });
      return { ok: false, message };
    }
  };

  if (request.replace && old.running) {
    const stopped = await step('stop-old', () => client.stopContainer(old.id, { signal }));
    if (!stopped.ok) return { kind: 'stuck', reason: `stopping ${old.name}: ${stopped.message}`, state: `nothing was changed: ${old.name} is as it was` };
  }
  if (request.replace) {
    const renamed = await step('rename-old', () => client.renameContainer(old.id, aside, signal));
    if (!renamed.ok) {
      const restarted = old.running ? await step('start-old', () => client.startContainer(old.id, signal)) : { ok: true as const };
      const state = restarted.ok ? `${old.name} is as it was` : `${old.name} is stopped (starting it again: ${restarted.message})`;
      return { kind: 'stuck', reason: `renaming ${old.name} aside: ${renamed.message}`, state };
    }
  }

  /** Puts the old container back as it was; the outcome says how far that got. */
  const rollBack = async (reason: string, newId?: string): Promise<RecreateOutcome> => {
    if (!request.replace) {
      return newId === undefined ? { kind: 'stuck', reason, state: `nothing was created; ${old.name} is untouched` } : { kind: 'stuck', reason, state: `${spec.name ?? shortId(newId)} (${shortId(newId)}) was created but does not run; ${old.name} is untouched` };
    }
    if (newId !== undefined) {
      const removed = await step('remove-new', () => client.removeContainer(newId, { force: true, signal }));
      if (!removed.ok) return { kind: 'stuck', reason, state: `the new container ${shortId(newId)} is left (removing it: ${removed.message}); ${old.name} waits as ${aside}, stopped` };
    }
    const back = await step('rename-back', () => client.renameContainer(old.id, old.name, signal));
    if (!back.ok) return { kind: 'stuck', reason, state: `${old.name} waits as ${aside}, stopped (renaming it back: ${back.message})` };
    if (old.running) {
      const started = await step('start-old', () => startFreed(client, old.id, request));
      if (!started.ok) return { kind: 'stuck', reason, state: `${old.name} is back under its name but stopped (starting it: ${started.message})` };
    }
    return { kind: 'rolled-back', reason };
  };

  const created = await step('create', () => client.createContainer(createConfig(spec), { name: spec.name, signal }));
  if (!created.ok) return rollBack(`creating the new container: ${created.message}`);
  const id = created.value.Id;
  // Its exit watched from before the start (the run window, RUN_WINDOW_MS); an engine that will
  // not wait leaves it to the inspect after the window.
  const watching = new AbortController();
  const watch = await client.beginWait(id, 'next-exit', signal ? AbortSignal.any([watching.signal, signal]) : watching.signal).catch(() => undefined);
  const started = await step('start', () => client.startContainer(id, signal));
  if (!started.ok) {
    watching.abort();
    return rollBack(`starting the new container: ${started.message}`, id);
  }
  let seen: string | undefined;
  const checked = await step('check', () =>
    check(
      client,
      id,
      request,
      watch,
      (detail) => {
        seen = detail;
        onStep({ step: 'check', status: 'doing', detail });
      },
      (detail) => onStep({ step: 'check', status: 'doing', detail }),
    ),
  ).finally(() => watching.abort());
  const why = checked.ok ? checked.value : `checking the new container: ${checked.message}`;
  if (why !== undefined) {
    if (checked.ok) onStep({ step: 'check', status: 'failed', detail: why });
    return rollBack(`the new container ${why}`, id);
  }
  if (!request.replace) return { kind: 'done', id, warnings: created.value.Warnings ?? [], note: seen };
  const removed = await step('remove-old', () => client.removeContainer(old.id, { force: true, signal }));
  if (!removed.ok) return { kind: 'stuck', reason: `removing the old container: ${removed.message}`, state: `the new ${old.name} runs; the old one is left as ${aside}` };
  return { kind: 'done', id, warnings: created.value.Warnings ?? [], note: seen };
}

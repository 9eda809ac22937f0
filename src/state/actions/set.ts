/**
 * Acting on several things: a Compose project's containers (stop, start, restart from its header
 * row), one after another, and the marked rows of a pane (the bulk actions), several at once for
 * the verbs that wait on containers (PARALLEL_VERBS). Each thing's result is its own: the
 * engine's words for the one it refused, the one-line result for the rest. Halting stops issuing
 * new requests (the ones under way finish and are reported); the call's own signal aborts those
 * too.
 */
import type { EngineClient } from '../../engine/client.ts';
import { describeError } from '../../engine/errors.ts';
import { containerLabel, shortId } from './labels.ts';
import { removeContainer, removeImage } from './remove.ts';
import { restartContainer, startContainer } from './start-container.ts';
import { stopContainer } from './stop-container.ts';

export type SetVerb = 'stop' | 'start' | 'restart' | 'pause' | 'resume' | 'kill' | 'remove' | 'pull' | 'push';

/** The verbs that queue a transfer in the Pulls pane (handlers/sets.ts) rather than ask the engine here. */
export const TRANSFERS: ReadonlySet<SetVerb> = new Set(['pull', 'push']);

/** A thing in a set: a container, an image row (its `tag` is what `docker rmi` is given), a volume (its id is its name) or a network. */
/**
 * The verbs whose requests go out together: a stop (and a restart) waits out each container's
 * grace period on the engine's side, so ten that ignore SIGTERM take ten grace periods one after
 * another where `docker stop a b c` takes one. A kill is quick but has no reason to queue.
 */
export const PARALLEL_VERBS: ReadonlySet<SetVerb> = new Set(['stop', 'restart', 'kill']);

/**
 * How many of those requests are out at once: the docker CLI's own limit for `docker stop a b c …`
 * (`parallelOperation`, 50 in its container/utils.go), so a bulk stop of 50 takes the CLI's one
 * wave (12 at once took 1.43× its time: B21). Each holds a connection of its own for up to the
 * grace period (the engine answers a stop when the container has exited); the engine's HTTP agent
 * opens as many as asked, so this is what keeps a few hundred marked rows from being as many
 * connections and signals in the same instant.
 */
export const AT_ONCE = 50;

export interface SetItem {
  kind: 'container' | 'image' | 'volume' | 'network';
  id: string;
  name: string;
  tag?: string;
  /** In a fleet: the short name of its engine (handlers/sets.ts sends its request there). */
  engine?: string;
}

/** What the verbs take: a grace period (stop, restart), a signal (kill), force (remove). */
export interface SetOptions {
  timeout?: number;
  killSignal?: string;
  force?: boolean;
}

export type ItemOutcome = { ok: true; message: string } | { ok: false; message: string };

export interface EachHooks {
  /** Asked before each request: once aborted, no new request is issued. */
  halt?: AbortSignal;
  /** Stop at the first refusal (a Compose project's verbs, as `docker compose` does). */
  stopOnFailure?: boolean;
  /** How many requests are out at once (default 1: one after another, in order). */
  concurrency?: number;
  onStart?(index: number): void;
  onResult?(index: number, outcome: ItemOutcome): void;
}

export interface EachResult {
  /** Per item, in order: undefined for the ones not tried. */
  outcomes: ReadonlyArray<ItemOutcome | undefined>;
  halted: boolean;
}

/**
 * Runs `act` on the items, `concurrency` at a time and in the items' order of issue, and says how
 * each went. Each result is reported as it comes, under its item's own index (rows show theirs in
 * place, whatever order the engine answers in); `outcomes` is in the items' order.
 */
export async function actOnEach<T>(items: readonly T[], act: (item: T) => Promise<string>, hooks: EachHooks = {}): Promise<EachResult> {
  const outcomes: Array<ItemOutcome | undefined> = items.map(() => undefined);
  let next = 0;
  let halted = false;
  let failed = false;
  /** One lane: takes the next item not yet issued until none is left (or a halt or a refusal ends it). */
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      if (hooks.halt?.aborted) {
        halted = true;
        return;
      }
      if (failed && hooks.stopOnFailure) return;
      const index = next++;
      hooks.onStart?.(index);
      let outcome: ItemOutcome;
      try {
        outcome = { ok: true, message: await act(items[index] as T) };
      } catch (error) {
        outcome = { ok: false, message: describeError(error) };
      }
      outcomes[index] = outcome;
      hooks.onResult?.(index, outcome);
      if (!outcome.ok) failed = true;
    }
  };
  const lanes = Math.max(1, Math.min(hooks.concurrency ?? 1, items.length));
  await Promise.all(Array.from({ length: lanes }, lane));
  return { outcomes, halted };
}

/** One verb on one thing, and its one-line result. */
export async function actOnItem(client: EngineClient, verb: SetVerb, item: SetItem, options: SetOptions, signal?: AbortSignal): Promise<string> {
  const { id, name } = item;
  if (item.kind === 'container') {
    const label = containerLabel(name, id);
    switch (verb) {
      case 'stop':
        return (await stopContainer(client, { containerId: id, name, timeout: options.timeout, signal })).message;
      case 'start':
        return startContainer(client, { containerId: id, name, signal });
      case 'restart':
        return restartContainer(client, { containerId: id, name, timeout: options.timeout, signal });
      case 'pause':
      case 'resume':
        await client.pauseContainer(id, verb === 'pause', signal);
        return `${verb === 'pause' ? 'paused' : 'resumed'} ${label}`;
      case 'kill': {
        const sent = options.killSignal ?? 'SIGKILL';
        await client.killContainer(id, sent, signal);
        return `sent ${sent} to ${label}`;
      }
      case 'remove':
        return removeContainer(client, { containerId: id, name, force: options.force === true, volumes: false, signal });
      case 'pull':
      case 'push':
        throw new Error(`a container cannot ${verb}`);
    }
  }
  if (verb !== 'remove') throw new Error(`a ${item.kind} cannot ${verb} here`);
  switch (item.kind) {
    case 'image':
      return removeImage(client, { imageId: id, tag: item.tag ?? id, force: options.force === true, signal });
    case 'volume':
      await client.removeVolume(id, { force: options.force === true, signal });
      return `removed volume ${name}`;
    case 'network':
      await client.removeNetwork(id, signal);
      return `removed network ${name} (${shortId(id)})`;
  }
}

/**
 * A stand-in for the engine client in EngineSync's unit tests: the test decides whether the
 * engine is up, down (every call refused at once) or frozen (every call waits, until thawed or
 * aborted), and feeds or ends the event stream by hand. No sockets, no clock of its own.
 */
import { EngineError } from '../../src/engine/errors.ts';
import type { ContainerSummary, EngineEvent, ImageSummary } from '../../src/engine/types.ts';
import type { SyncClient } from '../../src/state/engine-sync.ts';

export type FakeMode = 'up' | 'down' | 'frozen';

interface Held {
  release: () => void;
}

/** One `/events` stream: the test pushes events into it, ends it or breaks it. */
export class FakeEventStream {
  private readonly queue: Array<EngineEvent | { end: true } | { error: unknown }> = [];
  private wake: (() => void) | undefined;
  constructor(readonly since: number | undefined) {}

  push(event: EngineEvent): void {
    this.queue.push(event);
    this.wake?.();
  }
  end(): void {
    this.queue.push({ end: true });
    this.wake?.();
  }
  fail(error: unknown): void {
    this.queue.push({ error });
    this.wake?.();
  }

  async *iterate(signal: AbortSignal | undefined): AsyncGenerator<EngineEvent> {
    for (;;) {
      if (signal?.aborted) throw aborted();
      const next = this.queue.shift();
      if (next === undefined) {
        await new Promise<void>((resolve) => {
          const done = () => {
            signal?.removeEventListener('abort', done);
            resolve();
          };
          this.wake = done;
          signal?.addEventListener('abort', done, { once: true });
        });
        continue;
      }
      if ('end' in next) return;
      if ('error' in next) throw next.error;
      yield next;
    }
  }
}

function aborted(): EngineError {
  return new EngineError({ code: 'ABORTED', message: 'cancelled' });
}

function refused(operation: string): EngineError {
  return new EngineError({ code: 'UNREACHABLE', operation, message: 'connection refused by unix:///fake.sock', hint: 'is the engine running?' });
}

export class FakeSyncClient implements SyncClient {
  apiVersion: string | undefined = '1.41';
  mode: FakeMode = 'up';
  containers: ContainerSummary[] = [];
  images: ImageSummary[] = [];
  /** How long (on the test's clock) the lists take to answer while up. */
  listDelayMs = 0;
  /** What a list answers with instead of data, while set (a 500, a TIMEOUT). */
  listError: { containers?: EngineError; images?: EngineError } = {};
  /** What each container list asked for, in order. */
  readonly containerLists: Array<{ all: boolean; unversioned: boolean }> = [];
  /** Every call by name, in order. */
  readonly calls: string[] = [];
  /** Every event stream opened, the newest last. */
  readonly streams: FakeEventStream[] = [];
  /** Calls waiting on a frozen engine right now. */
  readonly held = new Set<Held>();
  /** Pings aborted by their caller (a probe's deadline). */
  abortedPings = 0;

  count(name: string): number {
    return this.calls.filter((c) => c === name).length;
  }

  /** Frozen calls answer now, as a thawed engine would; the engine is up from here on. */
  thaw(): void {
    this.mode = 'up';
    for (const held of [...this.held]) held.release();
  }

  /** The engine dies: frozen calls fail as a reset connection does, and new ones are refused. */
  kill(): void {
    this.mode = 'down';
    for (const held of [...this.held]) held.release();
  }

  private answer<T>(name: string, signal: AbortSignal | undefined, value: () => T): Promise<T> {
    this.calls.push(name);
    if (this.mode === 'down') return Promise.reject(refused(name));
    const slow = this.listDelayMs > 0 && name.startsWith('list');
    if (this.mode === 'up' && slow) return new Promise((resolve) => setTimeout(resolve, this.listDelayMs)).then(value);
    if (this.mode === 'up') return Promise.resolve().then(value);
    return new Promise<T>((resolve, reject) => {
      const held: Held = {
        release: () => {
          this.held.delete(held);
          signal?.removeEventListener('abort', onAbort);
          if (this.mode === 'down') {
            reject(refused(name));
            return;
          }
          try {
            resolve(value());
          } catch (error) {
            reject(error);
          }
        },
      };
      const onAbort = () => {
        this.held.delete(held);
        if (name === 'ping') this.abortedPings += 1;
        reject(aborted());
      };
      this.held.add(held);
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** The version the engine negotiates to when asked (a ping); none until then when apiVersion starts undefined. */
  negotiatesTo = '1.41';

  negotiatedApiVersion(): Promise<string> {
    this.calls.push('negotiate');
    this.apiVersion ??= this.negotiatesTo;
    return Promise.resolve(this.apiVersion);
  }

  listContainers(options?: { all?: boolean; signal?: AbortSignal; unversioned?: boolean }): Promise<readonly ContainerSummary[]> {
    this.containerLists.push({ all: options?.all === true, unversioned: options?.unversioned === true });
    return this.answer('listContainers', options?.signal, () => {
      if (this.listError.containers) throw this.listError.containers;
      return Object.freeze(options?.all ? [...this.containers] : this.containers.filter((c) => c.State === 'running'));
    });
  }

  listImages(options?: { signal?: AbortSignal }): Promise<readonly ImageSummary[]> {
    return this.answer('listImages', options?.signal, () => {
      if (this.listError.images) throw this.listError.images;
      return Object.freeze([...this.images]);
    });
  }

  identify(signal?: AbortSignal) {
    return this.answer('version', signal, () => ({ kind: 'docker' as const, version: '20.10.24', info: { Version: '20.10.24', ApiVersion: '1.41' } }));
  }

  ping(signal?: AbortSignal) {
    return this.answer('ping', signal, () => ({ apiVersion: '1.41', experimental: false, podman: false }));
  }

  connect(signal?: AbortSignal) {
    return this.answer('connect', signal, () => ({ apiVersion: '1.41', experimental: false, podman: false, negotiated: '1.41' }));
  }

  events(options?: { signal?: AbortSignal; since?: number }): AsyncGenerator<EngineEvent> {
    this.calls.push('events');
    const stream = new FakeEventStream(options?.since);
    this.streams.push(stream);
    const mode = this.mode;
    const opened = mode === 'frozen' ? this.answer('events-open', options?.signal, () => undefined) : Promise.resolve();
    return (async function* () {
      if (mode === 'down') throw refused('watch events');
      await opened;
      yield* stream.iterate(options?.signal);
    })();
  }
}

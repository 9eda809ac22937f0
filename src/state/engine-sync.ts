import type { EngineClient } from '../engine/client.ts';
import { describeError, EngineError, isEngineError } from '../engine/errors.ts';
import type { ContainerSummary, EngineEvent, ImageSummary } from '../engine/types.ts';
import { CoalescedTask } from './coalesced-task.ts';
import type { EngineState } from './engine-state.ts';
import { sameList, sortContainers, sortImages } from './lists.ts';
import type { Store } from './store.ts';

export interface SyncOptions {
  /** Poll period while the event stream is down (`--interval`). */
  intervalMs: number;
  /** Poll period while events are live: only a safety net then, so it can be slow. */
  safetyIntervalMs?: number;
  /** Debounce for bursts of events (ms). */
  coalesceMs?: number;
  /** Reconnect backoff steps (ms); the last one repeats. */
  backoffMs?: readonly number[];
}

/** Container actions that leave `docker ps` unchanged; refreshing on them would only cost. */
const quietContainerActions = /^(exec_|attach|detach|resize|top|archive-path|extract-to-dir|export|copy)/;

/**
 * Keeps the store in step with the engine: lists on start, refreshes the affected list within
 * a few tens of ms of an `/events` message, polls slowly as a safety net (and alone when the
 * event stream is down), and when the engine is unreachable marks data stale, shows why, and
 * reconnects by itself with a capped backoff.
 */
export class EngineSync {
  private readonly containersTask: CoalescedTask;
  private readonly imagesTask: CoalescedTask;
  private readonly eventListeners = new Set<(event: EngineEvent) => void>();
  private readonly reconnectListeners = new Set<() => void>();
  private readonly options: Required<SyncOptions>;
  private lifetime = new AbortController();
  private eventsAbort: AbortController | undefined;
  private pollTimer: NodeJS.Timeout | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private failures = 0;
  /**
   * What is failing while the engine answers, by source ("containers", "images", "version"):
   * one list's success must not hide another list's failure, and only its own success clears it.
   */
  private readonly problems = new Map<string, string>();
  private lastEventTime: number | undefined;
  private lastContainers: readonly ContainerSummary[] | undefined;
  private lastImages: readonly ImageSummary[] | undefined;
  private stopped = false;

  constructor(
    private readonly client: EngineClient,
    private readonly store: Store<EngineState>,
    options: SyncOptions,
  ) {
    this.options = {
      intervalMs: options.intervalMs,
      safetyIntervalMs: options.safetyIntervalMs ?? Math.max(options.intervalMs * 5, 10_000),
      coalesceMs: options.coalesceMs ?? 25,
      backoffMs: options.backoffMs ?? [250, 500, 1000, 2000, 3000],
    };
    this.containersTask = new CoalescedTask(() => this.loadContainers(), this.options.coalesceMs, (error) => this.handleFailure(error, 'containers'));
    this.imagesTask = new CoalescedTask(() => this.loadImages(), this.options.coalesceMs, (error) => this.handleFailure(error, 'images'));
  }

  start(): void {
    // Lists go out at once (each awaits the shared version negotiation) so the first frame
    // with data is drawn as early as possible; the version and the event stream follow.
    void this.containersTask.runNow();
    void this.imagesTask.runNow();
    void this.loadVersion();
    this.startEvents();
    this.schedulePoll();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.lifetime.abort();
    this.eventsAbort?.abort();
    this.containersTask.stop();
    this.imagesTask.stop();
    clearTimeout(this.pollTimer);
    clearTimeout(this.reconnectTimer);
  }

  /** Every engine event, for views that care about one container (logs follow a restart). */
  onEvent(listener: (event: EngineEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /** Called after the engine came back from being unreachable. */
  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  refreshContainers(): Promise<void> {
    return this.containersTask.runNow();
  }

  refreshImages(): Promise<void> {
    return this.imagesTask.runNow();
  }

  private get signal(): AbortSignal {
    return this.lifetime.signal;
  }

  private async loadContainers(): Promise<void> {
    // Always all containers: "running only" is a view filter, so toggling it is instant and the
    // status bar can count running and total from one list.
    const answer = await this.client.listContainers({ all: true, signal: this.signal });
    this.markReachable('containers');
    // The client hands back the very same array when the engine's answer has not changed.
    if (answer === this.lastContainers && !this.store.getState().containers.stale) return;
    this.lastContainers = answer;
    const items = sortContainers(answer);
    this.store.update((s) => {
      const unchanged = s.containers.loaded && !s.containers.stale && sameList(s.containers.items, items);
      return unchanged
        ? s
        : { ...s, containers: { ...s.containers, items, loaded: true, stale: false, refreshedAt: Date.now() } };
    });
  }

  private async loadImages(): Promise<void> {
    const answer = await this.client.listImages({ signal: this.signal });
    this.markReachable('images');
    if (answer === this.lastImages && !this.store.getState().images.stale) return;
    this.lastImages = answer;
    const items = sortImages(answer);
    this.store.update((s) => {
      const unchanged = s.images.loaded && !s.images.stale && sameList(s.images.items, items);
      return unchanged ? s : { ...s, images: { items, loaded: true, stale: false, refreshedAt: Date.now() } };
    });
  }

  private async loadVersion(): Promise<void> {
    try {
      const identity = await this.client.identify(this.signal);
      this.markReachable('version');
      this.store.update((s) => ({
        ...s,
        connection: { ...s.connection, engineKind: identity.kind, engineVersion: identity.version, apiVersion: this.client.apiVersion },
      }));
    } catch (error) {
      this.handleFailure(error, 'version');
    }
  }

  private startEvents(): void {
    this.eventsAbort?.abort();
    const abort = new AbortController();
    this.eventsAbort = abort;
    void this.runEvents(abort.signal);
  }

  private async runEvents(signal: AbortSignal): Promise<void> {
    try {
      // Replaying from the last event seen means nothing is missed across a reconnect.
      const since = this.lastEventTime;
      const stream = this.client.events({ signal, since, filters: { type: ['container', 'image'] } });
      this.setEventsLive(true);
      for await (const event of stream) {
        this.lastEventTime = event.time ?? this.lastEventTime;
        this.dispatchEvent(event);
      }
      // The engine closed the stream: usually it is going away. Find out by reconnecting.
      if (!signal.aborted) this.handleFailure(new EngineError({ code: 'UNREACHABLE', message: 'the engine closed the event stream' }));
    } catch (error) {
      if (signal.aborted || this.stopped) return;
      if (isEngineError(error) && error.isUnreachable) {
        this.handleFailure(error);
        return;
      }
      // The stream itself is unavailable but the engine answers: poll alone, retry later.
      this.setEventsLive(false);
      setTimeout(() => {
        if (!signal.aborted && !this.stopped) this.startEvents();
      }, this.options.intervalMs * 5).unref();
    } finally {
      if (!this.stopped && this.eventsAbort?.signal === signal) this.setEventsLive(false);
    }
  }

  private dispatchEvent(event: EngineEvent): void {
    const type = event.Type ?? (event.status ? 'container' : undefined);
    const action = event.Action ?? event.status ?? '';
    if (type === 'container') {
      if (!quietContainerActions.test(action)) this.containersTask.request();
      if (action === 'commit') this.imagesTask.request();
    } else if (type === 'image') {
      this.imagesTask.request();
    }
    for (const listener of [...this.eventListeners]) listener(event);
  }

  private setEventsLive(live: boolean): void {
    this.store.update((s) => (s.connection.eventsLive === live ? s : { ...s, connection: { ...s.connection, eventsLive: live } }));
    this.schedulePoll();
  }

  private schedulePoll(): void {
    clearTimeout(this.pollTimer);
    if (this.stopped) return;
    const state = this.store.getState().connection;
    if (state.status === 'unreachable') return; // the reconnect loop owns that time
    const period = state.eventsLive ? this.options.safetyIntervalMs : this.options.intervalMs;
    this.pollTimer = setTimeout(() => {
      this.containersTask.request(0);
      this.imagesTask.request(0);
      this.schedulePoll();
    }, period);
  }

  /** `source` answered: the engine is there, and that source's own problem is over. */
  private markReachable(source: string): void {
    this.failures = 0;
    this.problems.delete(source);
    const problem = this.currentProblem();
    const connection = this.store.getState().connection;
    if (connection.status === 'connected') {
      if (connection.error !== problem) this.store.update((s) => ({ ...s, connection: { ...s.connection, error: problem, hint: undefined } }));
      return;
    }
    this.store.update((s) => ({
      ...s,
      connection: { ...s.connection, status: 'connected', error: problem, hint: undefined, retryAt: undefined, apiVersion: this.client.apiVersion ?? s.connection.apiVersion },
    }));
  }

  private currentProblem(): string | undefined {
    return this.problems.values().next().value;
  }

  private handleFailure(error: unknown, source = 'engine'): void {
    if (this.stopped) return;
    if (isEngineError(error) && error.code === 'ABORTED') return;
    if (!isEngineError(error) || !error.isUnreachable) {
      // The engine answered but refused (a 500 on list, bad JSON): keep going, say so in the banner.
      this.problems.set(source, describeError(error));
      const problem = this.currentProblem();
      this.store.update((s) => ({ ...s, connection: { ...s.connection, error: problem, hint: undefined } }));
      return;
    }
    if (this.reconnectTimer) return; // a reconnect is already scheduled
    this.eventsAbort?.abort();
    clearTimeout(this.pollTimer);
    const steps = this.options.backoffMs;
    const delay = steps[Math.min(this.failures, steps.length - 1)] ?? 3000;
    this.failures += 1;
    const retryAt = Date.now() + delay;
    this.store.update((s) => ({
      ...s,
      connection: { ...s.connection, status: 'unreachable', eventsLive: false, error: error.message, hint: error.hint, retryAt },
      containers: s.containers.stale ? s.containers : { ...s.containers, stale: true },
      images: s.images.stale ? s.images : { ...s.images, stale: true },
    }));
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.reconnect();
    }, delay);
  }

  private async reconnect(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.client.connect(this.signal);
    } catch (error) {
      this.handleFailure(error);
      return;
    }
    this.markReachable('engine');
    void this.loadVersion();
    await Promise.all([this.containersTask.runNow(), this.imagesTask.runNow()]);
    this.startEvents();
    this.schedulePoll();
    for (const listener of [...this.reconnectListeners]) listener();
  }
}

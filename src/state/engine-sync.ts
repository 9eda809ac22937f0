import type { EngineClient } from '../engine/client.ts';
import { describeError, EngineError, isEngineError } from '../engine/errors.ts';
import type { ContainerSummary, EngineEvent, ImageSummary } from '../engine/types.ts';
import { BurstPace } from './burst-pace.ts';
import { CoalescedTask } from './coalesced-task.ts';
import type { EngineState } from './engine-state.ts';
import { sameContainers, sameList, sortContainers, sortImages } from './lists.ts';
import { ResponsivenessWatch, type NotResponding } from './responsiveness.ts';
import { RestartLoops } from './restart-loops.ts';
import type { Store } from './store.ts';

/** The engine calls the sync loop makes (a small fake stands in for it in unit tests). */
export type SyncClient = Pick<EngineClient, 'listContainers' | 'listImages' | 'identify' | 'events' | 'connect' | 'ping' | 'apiVersion' | 'negotiatedApiVersion'>;

export interface SyncOptions {
  /** Poll period while the event stream is down (`--interval`). */
  intervalMs: number;
  /** Poll period while events are live: only a safety net then, so it can be slow (default 15× `intervalMs`, at least 30 s). */
  safetyIntervalMs?: number;
  /** Debounce for bursts of events (ms). */
  coalesceMs?: number;
  /** Reconnect backoff steps (ms); the last one repeats. */
  backoffMs?: readonly number[];
  /** Quiet time (nothing answered) after which `/_ping` checks that the engine still answers. */
  probeAfterMs?: number;
  /** How long that ping may take before the engine counts as not responding. */
  probeTimeoutMs?: number;
}

/** What may be slowed for an engine that is not the one shown (`EngineSync.setPace`). */
export type SyncPace = Pick<SyncOptions, 'safetyIntervalMs' | 'probeAfterMs'>;

/** An event stream that the engine ends sooner than this after opening it counts as cut short. */
const SHORT_STREAM_MS = 10_000;

/** Container actions that leave `docker ps` unchanged; refreshing on them would only cost. */
const quietContainerActions = /^(exec_|attach|detach|resize|top|archive-path|extract-to-dir|export|copy)/;

/**
 * Keeps the store in step with the engine: lists on start, refreshes the affected list within
 * a few tens of ms of an `/events` message (once a burst for a container in a restart loop, within
 * 0.4 s of its first event: restart-loops.ts, burst-pace.ts), polls slowly as a safety net (and alone when the
 * event stream is down), and when the engine is unreachable marks data stale, shows why, and
 * reconnects by itself with a capped backoff.
 */
export class EngineSync {
  private readonly containersTask: CoalescedTask;
  private readonly watch: ResponsivenessWatch;
  private readonly imagesTask: CoalescedTask;
  private readonly loops = new RestartLoops();
  /**
   * A loop's events end their burst with one list refresh, and the event log's and incidents'
   * publications of the burst go out with its answer (sources.ts hands them this).
   */
  readonly burst = new BurstPace();
  /** A loop's event came since the latest list was asked for: the burst's end must list. */
  private loopUnlisted = false;
  private readonly loopRefresh = (): Promise<void> => (this.loopUnlisted ? this.containersTask.runNow() : Promise.resolve());
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
  private eventsRetryTimer: NodeJS.Timeout | undefined;
  /** How long each list's latest load took (request, parse, sort, compare), by list: the poll's cost. */
  private readonly loadMs = new Map<string, number>();
  /** Event streams in a row that the engine ended soon after opening them: the pause before the next grows. */
  private shortStreams = 0;
  private lastContainers: readonly ContainerSummary[] | undefined;
  /** The first list of the running containers, while it is read: the full lists go out after it. */
  private runningFirst: Promise<void> | undefined;
  private lastImages: readonly ImageSummary[] | undefined;
  private stopped = false;

  constructor(
    private readonly client: SyncClient,
    private readonly store: Store<EngineState>,
    options: SyncOptions,
  ) {
    this.options = {
      intervalMs: options.intervalMs,
      // While the stream is live the poll only catches an event the engine dropped (dockerd drops
      // one for a subscriber that reads too slowly): rare, so it may be slow. At 10 s its two
      // lists were 12 of an idle minute's 18 requests (bench B4; docs/costs.md), and a frozen
      // engine is the quiet probe's to notice (responsiveness.ts), not the poll's.
      safetyIntervalMs: options.safetyIntervalMs ?? Math.max(options.intervalMs * 15, 30_000),
      coalesceMs: options.coalesceMs ?? 25,
      backoffMs: options.backoffMs ?? [250, 500, 1000, 2000, 3000],
      probeAfterMs: options.probeAfterMs ?? 5000,
      probeTimeoutMs: options.probeTimeoutMs ?? 3000,
    };
    this.watch = new ResponsivenessWatch(
      { quietMs: this.options.probeAfterMs, deadlineMs: this.options.probeTimeoutMs },
      { probe: (signal) => this.client.ping(signal), report: (state) => this.setNotResponding(state), fail: (error) => this.handleFailure(error) },
    );
    this.containersTask = new CoalescedTask(() => this.timed('containers', () => this.loadContainers()), this.options.coalesceMs, (error) => this.handleFailure(error, 'containers'));
    this.imagesTask = new CoalescedTask(() => this.timed('images', () => this.loadImages()), this.options.coalesceMs, (error) => this.handleFailure(error, 'images'));
  }

  start(): void {
    // Lists go out at once (each awaits the shared version negotiation) so the first frame
    // with data is drawn as early as possible; the version and the event stream follow.
    void this.containersTask.runNow();
    void this.imagesTask.runNow();
    void this.loadVersion();
    this.startEvents();
    this.schedulePoll();
    this.watch.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.lifetime.abort();
    this.eventsAbort?.abort();
    this.containersTask.stop();
    this.imagesTask.stop();
    this.burst.stop();
    this.watch.stop();
    clearTimeout(this.pollTimer);
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.eventsRetryTimer);
  }

  /**
   * A slower safety poll and quiet probe from now on (never faster than the options'): a fleet's
   * engines beside the one shown cost an idle berth a ping per quiet time and two lists per
   * safety period each (fleet.ts says how slow). Their events still refresh their lists at once,
   * and an engine that goes away is still noticed by its event stream's end.
   */
  setPace(pace: SyncPace): void {
    if (pace.safetyIntervalMs !== undefined) this.options.safetyIntervalMs = Math.max(this.options.safetyIntervalMs, pace.safetyIntervalMs);
    if (pace.probeAfterMs !== undefined && pace.probeAfterMs > this.options.probeAfterMs) {
      this.options.probeAfterMs = pace.probeAfterMs;
      this.watch.setQuietMs(pace.probeAfterMs);
    }
    if (this.pollTimer !== undefined) this.schedulePoll();
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

  private async timed(list: string, load: () => Promise<void>): Promise<void> {
    const t0 = Date.now();
    await load();
    this.loadMs.set(list, Date.now() - t0);
  }

  private async loadContainers(): Promise<void> {
    // The first time, the running ones as well, for the first frame: the default view shows only
    // them, and with thousands of stopped containers the engine lists the running few several
    // times faster than all of them (dockerd 20.10 with 10,000: ~0.15 s against ~0.8 s).
    // The full lists wait for its answer: beside them, dockerd listed the running few as slowly as
    // all of them (B11, 10,000 containers and 2,000 tags on two cores).
    if (!this.store.getState().containers.loaded) {
      this.runningFirst = this.loadRunningFirst();
      await this.runningFirst;
    }
    // This list shows every event heard so far: a loop's burst ending now has nothing left to list.
    this.loopUnlisted = false;
    // Always all containers: "running only" is a view filter, so toggling it is instant and the
    // status bar can count running and total from one list.
    const answer = await this.client.listContainers({ all: true, signal: this.signal });
    this.markReachable('containers');
    // The client hands back the very same array when the engine's answer has not changed.
    if (answer === this.lastContainers && !this.store.getState().containers.stale) return;
    this.lastContainers = answer;
    const items = sortContainers(answer);
    const arrived = Date.now();
    // What the burst's events changed elsewhere (its log, its incidents) goes out with the list:
    // the same turn of the event loop, so one render draws both.
    this.burst.flush();
    this.store.update((s) => {
      const unchanged =
        s.containers.loaded && !s.containers.stale && !s.containers.partial && sameContainers(s.containers.items, s.containers.refreshedAt, items, arrived);
      return unchanged
        ? s
        : { ...s, containers: { ...s.containers, items, loaded: true, stale: false, partial: undefined, refreshedAt: arrived } };
    });
  }

  /** The running containers alone, shown until the full list is there (never after). */
  private async loadRunningFirst(): Promise<void> {
    let running: readonly ContainerSummary[];
    try {
      // Not waiting for the version to be negotiated: the ping and this list go out together, and
      // the first frame is a round trip sooner (bench B1; B12 over a slow link). The ping's answer
      // is then at most moments behind the list's, and the first frame names the version too.
      const unversioned = this.client.apiVersion === undefined;
      const negotiated = unversioned ? this.client.negotiatedApiVersion().catch(() => undefined) : undefined;
      running = await this.client.listContainers({ all: false, signal: this.signal, unversioned });
      if (negotiated) await negotiated;
    } catch {
      return; // the full list's own request says what went wrong
    }
    // The engine answered: the first frame says so, with the API version, as with the full list.
    this.markReachable('containers');
    const items = sortContainers(running);
    this.store.update((s) => (s.containers.loaded ? s : { ...s, containers: { ...s.containers, items, loaded: true, partial: true, stale: false, refreshedAt: Date.now() } }));
  }

  private async loadImages(): Promise<void> {
    if (!this.store.getState().images.loaded) await this.runningFirst;
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
      const stream = this.client.events({ signal, since, filters: { type: ['container', 'image', 'volume', 'network', 'service', 'node'] } });
      const openedAt = Date.now();
      this.setEventsLive(true);
      for await (const event of stream) {
        this.watch.heard();
        this.lastEventTime = event.time ?? this.lastEventTime;
        this.dispatchEvent(event);
      }
      if (!signal.aborted) void this.afterStreamEnded(signal, openedAt);
    } catch (error) {
      if (signal.aborted || this.stopped) return;
      if (isEngineError(error) && error.isUnreachable && error.code !== 'TIMEOUT') {
        this.handleFailure(error);
        return;
      }
      // The stream itself is unavailable (or the engine is slow to open it): poll alone, retry
      // later, and find out whether the engine answers anything at all.
      if (isEngineError(error) && error.code === 'TIMEOUT') this.watch.suspect();
      else this.watch.heard();
      this.setEventsLive(false);
      clearTimeout(this.eventsRetryTimer);
      this.eventsRetryTimer = setTimeout(() => {
        if (!signal.aborted && !this.stopped) this.startEvents();
      }, this.options.intervalMs * 5);
      this.eventsRetryTimer.unref();
    } finally {
      if (!this.stopped && this.eventsAbort?.signal === signal) this.setEventsLive(false);
    }
  }

  /**
   * The engine ended the event stream cleanly. An engine shutting down does that, and so do
   * proxies and engines that cap a stream's life: a ping tells the two apart. Going away is the
   * reconnect loop's; otherwise the stream is opened again (replaying from the last event, so
   * nothing is missed), after a pause that grows while streams keep ending soon after opening.
   */
  private async afterStreamEnded(signal: AbortSignal, openedAt: number): Promise<void> {
    try {
      await this.client.ping(this.signal);
      this.watch.heard();
    } catch (error) {
      if (signal.aborted || this.stopped) return;
      if (!isEngineError(error) || (error.isUnreachable && error.code !== 'TIMEOUT')) {
        this.handleFailure(isEngineError(error) ? error : new EngineError({ code: 'UNREACHABLE', message: 'the engine closed the event stream' }));
        return;
      }
      if (error.code === 'TIMEOUT') this.watch.suspect();
    }
    if (signal.aborted || this.stopped) return;
    this.shortStreams = Date.now() - openedAt < SHORT_STREAM_MS ? this.shortStreams + 1 : 0;
    const steps = this.options.backoffMs;
    const pause = this.shortStreams === 0 ? 0 : (steps[Math.min(this.shortStreams - 1, steps.length - 1)] ?? 3000);
    clearTimeout(this.eventsRetryTimer);
    this.eventsRetryTimer = setTimeout(() => {
      if (!signal.aborted && !this.stopped) this.startEvents();
    }, pause);
    this.eventsRetryTimer.unref();
  }

  private dispatchEvent(event: EngineEvent): void {
    const type = event.Type ?? (event.status ? 'container' : undefined);
    const action = event.Action ?? event.status ?? '';
    if (type === 'container') {
      const id = event.Actor?.ID ?? event.id;
      const looping = id !== undefined && this.loops.looping(id, action, this.store.getState().containers.items, Date.now());
      if (!quietContainerActions.test(action)) {
        if (looping) {
          this.loopUnlisted = true;
          this.burst.endWith(this.loopRefresh);
        } else this.containersTask.request();
      }
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
    // A poll must not become the work: with 10,000 containers one list costs the engine ~1 s and
    // berth ~0.2 s of parsing, so the period grows with what the lists take (2 % of the time
    // while events are live, 10 % while polling alone); lists of a few hundred keep the options'.
    const cost = Math.max(0, ...this.loadMs.values());
    const period = state.eventsLive ? Math.max(this.options.safetyIntervalMs, cost * 50) : Math.max(this.options.intervalMs, cost * 10);
    this.pollTimer = setTimeout(() => {
      this.pollTimer = undefined;
      // The next period counts from the end of this poll, with its cost measured.
      void Promise.all([this.containersTask.runNow(), this.imagesTask.runNow()]).then(() => {
        if (this.pollTimer === undefined) this.schedulePoll();
      });
    }, period);
  }

  /** `source` answered: the engine is there, and that source's own problem is over. */
  private markReachable(source: string): void {
    this.watch.heard();
    this.failures = 0;
    this.problems.delete(source);
    const problem = this.currentProblem();
    const connection = this.store.getState().connection;
    if (connection.status === 'connected') {
      // The first list may have answered before the version was negotiated: the version comes with the next.
      const apiVersion = this.client.apiVersion ?? connection.apiVersion;
      if (connection.error !== problem || connection.apiVersion !== apiVersion) this.store.update((s) => ({ ...s, connection: { ...s.connection, error: problem, hint: undefined, apiVersion } }));
      return;
    }
    this.store.update((s) => ({
      ...s,
      connection: {
        ...s.connection,
        status: 'connected',
        error: problem,
        hint: undefined,
        retryAt: undefined,
        apiVersion: this.client.apiVersion ?? s.connection.apiVersion,
        connectedAt: Date.now(),
      },
    }));
  }

  private currentProblem(): string | undefined {
    return this.problems.values().next().value;
  }

  private handleFailure(error: unknown, source = 'engine'): void {
    if (this.stopped) return;
    if (isEngineError(error) && error.code === 'ABORTED') return;
    const timedOut = isEngineError(error) && error.code === 'TIMEOUT';
    if (!isEngineError(error) || !error.isUnreachable || timedOut) {
      // The engine answered but refused (a 500 on list, bad JSON), or took too long to: keep
      // going, say so on the error line. A timeout is not a refusal: whether the engine answers
      // anything at all is for the probe to find out (a slow list is not a frozen engine).
      if (timedOut) this.watch.suspect();
      else this.watch.heard();
      this.problems.set(source, describeError(error));
      const problem = this.currentProblem();
      // An engine that answers, if only to refuse, is connected: not "connecting" for ever.
      const answered = !timedOut && isEngineError(error);
      // A version it will not speak refuses everything: "connecting" would wait for ever.
      const refused = isEngineError(error) && error.code === 'VERSION';
      this.store.update((s) => {
        const status = refused ? 'refused' : answered && s.connection.status === 'connecting' ? 'connected' : s.connection.status;
        // The same refusal at every poll is no news: no new state, no repaint.
        if (s.connection.error === problem && s.connection.hint === undefined && s.connection.status === status) return s;
        return { ...s, connection: { ...s.connection, error: problem, hint: undefined, status } };
      });
      return;
    }
    this.markUnreachable(error);
  }

  /** The engine is not there: stale data, the reason, and a reconnect after the next backoff step. */
  private markUnreachable(error: EngineError): void {
    this.watch.pause();
    if (this.reconnectTimer) return; // a reconnect is already scheduled
    this.eventsAbort?.abort();
    clearTimeout(this.pollTimer);
    const steps = this.options.backoffMs;
    const delay = steps[Math.min(this.failures, steps.length - 1)] ?? 3000;
    this.failures += 1;
    const retryAt = Date.now() + delay;
    this.store.update((s) => ({
      ...s,
      connection: { ...s.connection, status: 'unreachable', eventsLive: false, error: error.message, hint: error.hint, retryAt, notResponding: undefined },
      // Only data there is can be stale: a list never loaded stays "loading", not "[stale]".
      containers: s.containers.stale || !s.containers.loaded ? s.containers : { ...s.containers, stale: true },
      images: s.images.stale || !s.images.loaded ? s.images : { ...s.images, stale: true },
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
      if (this.stopped) return;
      // Whatever the ping met (refused, reset, silence until the deadline), try again later.
      this.markUnreachable(isEngineError(error) ? error : new EngineError({ code: 'UNREACHABLE', message: describeError(error) }));
      return;
    }
    this.watch.start();
    this.markReachable('engine');
    void this.loadVersion();
    await Promise.all([this.containersTask.runNow(), this.imagesTask.runNow()]);
    this.startEvents();
    this.schedulePoll();
    for (const listener of [...this.reconnectListeners]) listener();
  }

  /**
   * The engine went quiet (or answers again): say for how long, and mark the lists stale, since
   * nothing on screen can be trusted to be current. An answer refreshes them, which clears it.
   */
  private setNotResponding(state: NotResponding | undefined): void {
    if (this.stopped) return;
    if (state === undefined) {
      this.store.update((s) => (s.connection.notResponding === undefined ? s : { ...s, connection: { ...s.connection, notResponding: undefined } }));
      this.containersTask.request(0);
      this.imagesTask.request(0);
      return;
    }
    this.store.update((s) => ({
      ...s,
      connection: { ...s.connection, notResponding: state },
      // Only data there is can be stale: a list never loaded stays "loading", not "[stale]".
      containers: s.containers.stale || !s.containers.loaded ? s.containers : { ...s.containers, stale: true },
      images: s.images.stale || !s.images.loaded ? s.images : { ...s.images, stale: true },
    }));
  }
}

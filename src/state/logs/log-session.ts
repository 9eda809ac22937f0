import type { EngineClient } from '../../engine/client.ts';
import { describeError, isEngineError } from '../../engine/errors.ts';
import type { EngineEvent } from '../../engine/types.ts';
import { Store } from '../store.ts';
import { LineSplitter } from './line-splitter.ts';
import { LogBuffer } from './log-buffer.ts';
import { LogHistory, type LogHistoryInfo } from './log-history.ts';
import { engineSeconds, resolveWindow, type TimeWindow } from './time-window.ts';

/** `read`: a time window with an end was read whole (nothing more will come). */
export type LogSessionStatus = 'connecting' | 'streaming' | 'stopped' | 'read' | 'error';

export interface LogSessionState {
  status: LogSessionStatus;
  /** Bumps whenever the buffer changed; what React compares. */
  version: number;
  error?: string;
  /** How many times the view re-attached to a new run of the container. */
  runs: number;
  /** The whole history's state (a container's logs; not a set's or a service's). */
  history?: LogHistoryInfo;
  /** The window was moved away from the live end: nothing is followed until it comes back. */
  detached?: boolean;
  /** A time window in force: its name, its times, and the buffer's evictions before it opened (to tell how many it read). */
  window?: { readonly label: string; readonly sinceMs?: number; readonly untilMs?: number; readonly droppedBefore: number };
}

/** What a log session reads from: a container's (EngineClient itself), or a stand-in such as a service's. */
export interface LogClient {
  inspectContainer(id: string, signal?: AbortSignal): Promise<{ Config?: { Tty?: boolean }; State?: { StartedAt?: string } }>;
  logs: EngineClient['logs'];
}

export interface LogSessionDeps {
  client: LogClient;
  /** Engine events, to notice the container starting again. */
  onEvent: (listener: (event: EngineEvent) => void) => () => void;
  /** Called when the engine comes back after being unreachable. */
  onReconnect: (listener: () => void) => () => void;
}

export interface LogSessionOptions {
  tail?: number;
  capacity?: number;
  /** How often, at most, the view is told about new lines (a flood must not become a render flood). */
  notifyMs?: number;
  /** Page through the whole history on demand (log-history.ts); off for the members of a set. */
  history?: boolean;
}

/**
 * Follows one container's logs: the last `tail` lines, then live. When the container stops, the
 * stream ends and the session waits; when it starts again (an engine event) or the engine
 * comes back after an outage, it re-attaches from the last timestamp seen, so the view follows
 * the new run without duplicating lines.
 */
export class LogSession {
  readonly buffer: LogBuffer;
  readonly store = new Store<LogSessionState>({ status: 'connecting', version: 0, runs: 0 });
  private abort: AbortController | undefined;
  private readonly unsubscribe: Array<() => void> = [];
  private notifyTimer: NodeJS.Timeout | undefined;
  private closed = false;
  /** A start or restart event arrived while the stream was still open (see start()). */
  private startedWhileStreaming = false;
  private readonly tail: number;
  private readonly notifyMs: number;
  /** Older pages, the count, whole-history search: a container's logs only. */
  readonly history: LogHistory | undefined;
  private tty = false;
  /**
   * Entries the first (tail) read brought: a full tail means older lines may exist. The engine's
   * `tail` counts entries, and a line over 16 KiB is several (a 70,000-byte line is 5), so the
   * lines are counted with the entries that continued one.
   */
  private tailLines = 0;
  private detached = false;
  /** A time window (time-window.ts): the view holds its lines only, the history is not paged. */
  private window: TimeWindow | undefined;

  constructor(
    private readonly deps: LogSessionDeps,
    readonly containerId: string,
    options: LogSessionOptions = {},
  ) {
    this.buffer = new LogBuffer(options.capacity);
    this.tail = options.tail ?? 500;
    this.notifyMs = options.notifyMs ?? 50;
    this.history = options.history === true ? new LogHistory({
      buffer: this.buffer,
      logs: (id, o) => this.deps.client.logs(id, o),
      id: containerId,
      tty: () => this.tty,
      detach: () => {
        this.detached = true;
        this.abort?.abort();
        this.setState({ detached: true, status: 'streaming' });
      },
      follow: (fromMs) => {
        this.detached = false;
        this.setState({ detached: false });
        this.attach(true, fromMs);
      },
      reopen: () => {
        this.detached = false;
        this.tailLines = 0;
        this.buffer.clear();
        this.setState({ detached: false });
        this.attach(false);
      },
      changed: (history) => this.store.update((s) => ({ ...s, history, version: this.buffer.version })),
    }) : undefined;
    // A container's view says "N lines loaded" from the start, not a set's "the last 200 of each".
    if (this.history !== undefined) this.store.update((s) => ({ ...s, history: this.history?.info }));
  }

  start(): void {
    this.unsubscribe.push(
      this.deps.onEvent((event) => {
        const id = event.Actor?.ID ?? event.id;
        const action = event.Action ?? event.status;
        if (id !== this.containerId || (action !== 'start' && action !== 'restart') || this.detached) return;
        // Podman keeps a follow stream open across a restart and may end it only afterwards: a
        // start seen while streaming is remembered, and the end of that stream resumes at once.
        if (this.store.getState().status === 'streaming') this.startedWhileStreaming = true;
        else this.attach(true);
      }),
      this.deps.onReconnect(() => {
        if (this.store.getState().status !== 'streaming' && !this.detached) this.attach(true);
      }),
    );
    this.attach(false);
  }

  close(): void {
    this.closed = true;
    this.abort?.abort();
    this.history?.close();
    clearTimeout(this.notifyTimer);
    for (const off of this.unsubscribe.splice(0)) off();
  }

  /**
   * Shows only the lines of `window` (undefined: everything again, at the tail): read from its
   * start with since/until; without an end it goes on following. The buffer keeps the newest
   * lines if the window holds more than it can.
   */
  setWindow(window: TimeWindow | undefined): void {
    this.window = window;
    this.history?.reset();
    this.detached = false;
    this.tailLines = 0;
    this.buffer.clear();
    this.setState({ detached: false, window: undefined });
    this.attach(false);
  }

  /** `fromMs`: resume after this line's time rather than the newest ever seen (the window was elsewhere). */
  private attach(resume: boolean, fromMs?: number): void {
    if (this.closed) return;
    this.startedWhileStreaming = false;
    this.abort?.abort();
    const abort = new AbortController();
    this.abort = abort;
    void this.run(abort.signal, resume, fromMs);
  }

  private async run(signal: AbortSignal, resume: boolean, fromMs?: number): Promise<void> {
    const since = resume ? (fromMs ?? this.buffer.lastTimeMs) : undefined;
    const window = this.window;
    const paged = this.history !== undefined && window === undefined;
    this.setState({ status: resume ? 'streaming' : 'connecting', error: undefined, runs: this.store.getState().runs + (resume ? 1 : 0) });
    const splitter = new LineSplitter({ timestamps: true });
    const add = (lines: ReturnType<LineSplitter['push']>) => {
      if (lines.length === 0 || signal.aborted) return;
      const evicted = since !== undefined ? this.buffer.appendAfter(lines, since) : this.buffer.append(lines);
      if (this.history !== undefined && paged) {
        if (!resume) {
          this.tailLines += lines.length;
          if (this.tailLines >= this.tail) this.history.mayHaveOlder();
        }
        this.history.appended(evicted, lines);
      }
      this.scheduleNotify();
    };
    try {
      const inspect = await this.deps.client.inspectContainer(this.containerId, signal);
      this.tty = inspect.Config?.Tty === true;
      const started = inspect.State?.StartedAt === undefined ? undefined : Date.parse(inspect.State.StartedAt);
      const range = window === undefined || resume ? undefined : resolveWindow(window, Date.now(), Number.isFinite(started) ? started : undefined);
      if (window !== undefined && range !== undefined) this.setState({ window: { label: window.label, ...range, droppedBefore: this.buffer.dropped } });
      const bounded = range?.untilMs !== undefined;
      const stream = this.deps.client.logs(this.containerId, {
        // A window with an end is read once; without, it goes on with what comes.
        follow: !bounded,
        timestamps: true,
        tty: inspect.Config?.Tty === true,
        // On resume the engine's `since` is whole seconds; lines already shown are dropped by timestamp.
        tail: since === undefined && range === undefined ? this.tail : 'all',
        since: since !== undefined ? Math.floor(since / 1000) : range?.sinceMs === undefined ? undefined : engineSeconds(range.sinceMs),
        until: range?.untilMs === undefined ? undefined : engineSeconds(range.untilMs),
        signal,
      });
      this.setState({ status: 'streaming' });
      for await (const chunk of stream) {
        if (!resume && paged) this.tailLines += chunk.continued ?? 0;
        add(splitter.push(chunk));
      }
      add(splitter.flush());
      if (bounded && !signal.aborted) {
        // Nothing more belongs to this window: the start of a new run does not re-attach.
        this.detached = true;
        this.setState({ status: 'read' });
      } else if (!signal.aborted && !this.detached) {
        this.setState({ status: 'stopped' });
        if (this.startedWhileStreaming) this.attach(true);
      }
    } catch (error) {
      add(splitter.flush());
      if (signal.aborted || (isEngineError(error) && error.code === 'ABORTED')) return;
      this.setState({ status: 'error', error: describeError(error) });
    } finally {
      this.flushNotify();
    }
  }

  private setState(patch: Partial<LogSessionState>): void {
    this.store.update((s) => ({ ...s, ...patch, version: this.buffer.version }));
  }

  private scheduleNotify(): void {
    if (this.notifyTimer) return;
    this.notifyTimer = setTimeout(() => this.flushNotify(), this.notifyMs);
  }

  private flushNotify(): void {
    clearTimeout(this.notifyTimer);
    this.notifyTimer = undefined;
    if (this.closed) return;
    const version = this.buffer.version;
    this.store.update((s) => (s.version === version ? s : { ...s, version }));
  }
}

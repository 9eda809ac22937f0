import type { EngineClient } from '../../engine/client.ts';
import { describeError, isEngineError } from '../../engine/errors.ts';
import type { EngineEvent } from '../../engine/types.ts';
import { Store } from '../store.ts';
import { LineSplitter } from './line-splitter.ts';
import { LogBuffer } from './log-buffer.ts';

export type LogSessionStatus = 'connecting' | 'streaming' | 'stopped' | 'error';

export interface LogSessionState {
  status: LogSessionStatus;
  /** Bumps whenever the buffer changed; what React compares. */
  version: number;
  error?: string;
  /** How many times the view re-attached to a new run of the container. */
  runs: number;
}

/** What a log session reads from: a container's (EngineClient itself), or a stand-in such as a service's. */
export interface LogClient {
  inspectContainer(id: string, signal?: AbortSignal): Promise<{ Config?: { Tty?: boolean } }>;
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

  constructor(
    private readonly deps: LogSessionDeps,
    readonly containerId: string,
    options: LogSessionOptions = {},
  ) {
    this.buffer = new LogBuffer(options.capacity);
    this.tail = options.tail ?? 500;
    this.notifyMs = options.notifyMs ?? 50;
  }

  start(): void {
    this.unsubscribe.push(
      this.deps.onEvent((event) => {
        const id = event.Actor?.ID ?? event.id;
        const action = event.Action ?? event.status;
        if (id !== this.containerId || (action !== 'start' && action !== 'restart')) return;
        // Podman keeps a follow stream open across a restart and may end it only afterwards: a
        // start seen while streaming is remembered, and the end of that stream resumes at once.
        if (this.store.getState().status === 'streaming') this.startedWhileStreaming = true;
        else this.attach(true);
      }),
      this.deps.onReconnect(() => {
        if (this.store.getState().status !== 'streaming') this.attach(true);
      }),
    );
    this.attach(false);
  }

  close(): void {
    this.closed = true;
    this.abort?.abort();
    clearTimeout(this.notifyTimer);
    for (const off of this.unsubscribe.splice(0)) off();
  }

  private attach(resume: boolean): void {
    if (this.closed) return;
    this.startedWhileStreaming = false;
    this.abort?.abort();
    const abort = new AbortController();
    this.abort = abort;
    void this.run(abort.signal, resume);
  }

  private async run(signal: AbortSignal, resume: boolean): Promise<void> {
    const since = resume ? this.buffer.lastTimeMs : undefined;
    this.setState({ status: resume ? 'streaming' : 'connecting', error: undefined, runs: this.store.getState().runs + (resume ? 1 : 0) });
    const splitter = new LineSplitter({ timestamps: true });
    const add = (lines: ReturnType<LineSplitter['push']>) => {
      if (lines.length === 0) return;
      if (since !== undefined) this.buffer.appendAfter(lines, since);
      else this.buffer.append(lines);
      this.scheduleNotify();
    };
    try {
      const inspect = await this.deps.client.inspectContainer(this.containerId, signal);
      const stream = this.deps.client.logs(this.containerId, {
        follow: true,
        timestamps: true,
        tty: inspect.Config?.Tty === true,
        // On resume the engine's `since` is whole seconds; lines already shown are dropped by timestamp.
        tail: since === undefined ? this.tail : 'all',
        since: since === undefined ? undefined : Math.floor(since / 1000),
        signal,
      });
      this.setState({ status: 'streaming' });
      for await (const chunk of stream) add(splitter.push(chunk));
      add(splitter.flush());
      if (!signal.aborted) {
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

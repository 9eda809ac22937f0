/**
 * What the split panel shows of the selected row, kept live: the row's logs (followed), a set's
 * merged logs (marked rows, a Compose project: project-logs.ts), or the row's inspect. One feed
 * at a time: a new row closes the last one's stream at once, then waits for the cursor to rest
 * (SETTLE_MS) before opening the next, so a cursor run over twenty rows opens one stream, for the
 * row it stopped on, not one per row passed.
 */
import type { EngineClient } from '../../engine/client.ts';
import { describeError } from '../../engine/errors.ts';
import type { EngineEvent } from '../../engine/types.ts';
import type { Demands, LiveSource, PanelDemand } from '../live-source.ts';
import { LogSession, type LogSessionState } from '../logs/log-session.ts';
import { ProjectLogs } from '../logs/project-logs.ts';
import type { LogLine } from '../logs/types.ts';
import { Store } from '../store.ts';

export interface PanelFeedState {
  /** The demand this is the answer to (its JSON); '' when the panel wants nothing. */
  key: string;
  /** `settling`: the cursor moved and the feed waits for it to rest. */
  status: 'idle' | 'settling' | LogSessionState['status'];
  /** The newest log lines (at most KEPT_LINES), oldest first. */
  lines: readonly LogLine[];
  /** The inspect's pretty JSON, a line each (engine text: sanitised when drawn). */
  inspect?: readonly string[];
  error?: string;
}

export interface PanelFeedDeps {
  client: Pick<EngineClient, 'inspectContainer' | 'logs'>;
  onEvent: (listener: (event: EngineEvent) => void) => () => void;
  onReconnect: (listener: () => void) => () => void;
}

/** How long the cursor rests on a row before its feed opens. */
export const SETTLE_MS = 250;
/** The lines the panel keeps: more than any terminal shows in it. */
export const KEPT_LINES = 300;

interface Open {
  buffer: { slice(start?: number, end?: number): LogLine[]; readonly length: number };
  store: Store<LogSessionState>;
  start(): void;
  close(): void;
}

export class PanelFeed implements LiveSource<PanelFeedState> {
  readonly store = new Store<PanelFeedState>({ key: '', status: 'idle', lines: [] });
  private open: Open | undefined;
  private unfollow: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private inspecting: AbortController | undefined;
  private stopped = false;

  constructor(private readonly deps: PanelFeedDeps) {}

  watch(demands: Demands): void {
    const demand = demands.panel;
    const key = demand === undefined ? '' : JSON.stringify(demand);
    if (key === this.store.getState().key || this.stopped) return;
    // The last row's stream ends before anything else: never two open at once.
    this.close();
    if (demand === undefined) {
      this.store.update(() => ({ key: '', status: 'idle', lines: [] }));
      return;
    }
    this.store.update(() => ({ key, status: 'settling', lines: [] }));
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.start(key, demand);
    }, SETTLE_MS);
  }

  onEngineEvent(): void {
    // The log sessions hear the engine's events themselves (a restart re-attaches).
  }

  stop(): void {
    this.stopped = true;
    this.close();
  }

  private close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.unfollow?.();
    this.unfollow = undefined;
    this.open?.close();
    this.open = undefined;
    this.inspecting?.abort();
    this.inspecting = undefined;
  }

  private start(key: string, demand: PanelDemand): void {
    if (demand.follow === 'inspect') {
      void this.inspect(key, demand.id);
      return;
    }
    const deps = { client: this.deps.client, onEvent: this.deps.onEvent, onReconnect: this.deps.onReconnect };
    const open: Open =
      demand.ids.length === 1
        ? new LogSession(deps, demand.ids[0] ?? '', { tail: KEPT_LINES, capacity: KEPT_LINES * 4 })
        : new ProjectLogs(
            deps,
            demand.ids.map((id, i) => ({ id, source: demand.names[i] ?? id.slice(0, 12) })),
            Math.max(Math.floor(KEPT_LINES / demand.ids.length), 20),
          );
    this.open = open;
    const report = () => {
      if (this.open !== open) return;
      const s = open.store.getState();
      const lines = open.buffer.slice(Math.max(open.buffer.length - KEPT_LINES, 0));
      this.store.update(() => ({ key, status: s.status, lines, ...(s.error !== undefined && { error: s.error }) }));
    };
    this.unfollow = open.store.subscribe(report);
    open.start();
    report();
  }

  private async inspect(key: string, id: string): Promise<void> {
    const abort = new AbortController();
    this.inspecting = abort;
    this.store.update(() => ({ key, status: 'connecting', lines: [] }));
    try {
      const value = await this.deps.client.inspectContainer(id, abort.signal);
      if (abort.signal.aborted) return;
      this.store.update(() => ({ key, status: 'read', lines: [], inspect: JSON.stringify(value, null, 2).split('\n') }));
    } catch (error) {
      if (abort.signal.aborted) return;
      this.store.update(() => ({ key, status: 'error', lines: [], error: describeError(error) }));
    }
  }
}

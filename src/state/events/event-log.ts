/**
 * The engine's /events as a log: the newest first, at most LOG_SIZE kept, published once a burst of
 * them (a `docker compose up` sends dozens at once; a crash loop's turn two) with the rest of the
 * burst (burst-pace.ts). It is the one place a user sees what happened while they looked away; the
 * sync loop already reads the stream, this only keeps it.
 */
import type { EngineEvent } from '../../engine/types.ts';
import type { BurstPace } from '../burst-pace.ts';
import { Store } from '../store.ts';
import type { LiveSource } from '../live-source.ts';

export const LOG_SIZE = 1000;

export interface LoggedEvent {
  /** Unique for berth's life: what the pane's selection follows. */
  seq: number;
  /** Epoch ms, from the engine's timeNano/time (or when berth heard it). */
  at: number;
  type: string;
  action: string;
  /** The actor's name attribute (a container's or image's name), else its id. */
  actor: string;
  /** A few telling attributes: image, exit code, signal, container… ("image=busybox exitCode=0"). */
  details: string;
}

export interface EventLogState {
  /** Newest first. */
  readonly events: readonly LoggedEvent[];
}

/** Attributes worth a column, in this order; the rest is noise next to the name. */
const KEY_ATTRIBUTES = ['image', 'exitCode', 'signal', 'container', 'type', 'driver', 'destination'];

export function logged(event: EngineEvent, seq: number, heardAt: number): LoggedEvent {
  const attributes = event.Actor?.Attributes ?? {};
  const at = event.timeNano ? Math.floor(event.timeNano / 1e6) : event.time ? event.time * 1000 : heardAt;
  const id = event.Actor?.ID ?? event.id ?? '';
  const actor = attributes.name ?? (id.length === 64 ? id.slice(0, 12) : id);
  const details = KEY_ATTRIBUTES.filter((key) => attributes[key] !== undefined && key !== 'name')
    .map((key) => `${key}=${attributes[key]}`)
    .join(' ');
  return { seq, at, type: event.Type ?? '', action: event.Action ?? event.status ?? '', actor, details };
}

export class EventLog implements LiveSource<EventLogState> {
  readonly store = new Store<EventLogState>({ events: [] });
  private events: LoggedEvent[] = [];
  private seq = 0;
  private stopped = false;

  /** `burst`: the engine's bursts (burst-pace.ts), whose end publishes the log with the rest of the burst. */
  constructor(private readonly burst: BurstPace) {}

  /** It logs everything its engine reports from the start, shown or not: nothing to start or stop. */
  watch(): void {}

  onEngineEvent(event: EngineEvent): void {
    this.record(event);
  }

  record(event: EngineEvent): void {
    this.seq += 1;
    this.events.unshift(logged(event, this.seq, Date.now()));
    if (this.events.length > LOG_SIZE) this.events.length = LOG_SIZE;
    this.burst.join(this.publish);
  }

  private readonly publish = (): void => {
    if (this.stopped) return;
    this.store.update(() => ({ events: [...this.events] }));
  };

  /** Starts over (berth switched engines: the old one's events are not this one's). */
  clear(): void {
    this.events = [];
    this.store.update(() => ({ events: [] }));
  }

  stop(): void {
    this.stopped = true;
  }
}

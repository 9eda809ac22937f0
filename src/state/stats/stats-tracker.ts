/**
 * Live figures for the containers on screen: one stats stream per container being watched (as
 * `docker stats` keeps one per container), the figures worked out as samples arrive, published
 * into a store at most every `publishMs` so that the screen repaints for them at a calm pace.
 * Containers that leave the watch list have their stream closed at once; a stream that ends or
 * fails (the container stopped, the engine went away) is opened again after a pause while the
 * container is still watched.
 */
import type { ContainerStats, StatsOptions } from '../../engine/stats.ts';
import { Store } from '../store.ts';
import { statsFigures, type StatsFigures } from './figures.ts';
import { Ring } from './ring.ts';
import type { Demands, LiveSource } from '../live-source.ts';

/** Samples kept per container for the stats view's graphs: 10 minutes at dockerd's one a second. */
export const HISTORY_SAMPLES = 600;
/** Containers whose history is kept after they stop being measured (the oldest go first). */
const HISTORIES = 64;

export interface StatsClient {
  stats(id: string, options?: StatsOptions): AsyncIterable<ContainerStats>;
}

export interface StatsState {
  readonly byId: ReadonlyMap<string, StatsFigures>;
  /** Counts publications: a view that draws `history(id)` redraws when it changes. */
  readonly version: number;
}

export interface StatsTrackerOptions {
  /** The engine's client now (it changes when berth switches engines). */
  client: () => StatsClient;
  /** Whether that engine is Podman (its CPU counters mean something else: see figures.ts). */
  podman?: () => boolean;
  publishMs?: number;
  retryMs?: number;
}

interface Watch {
  abort: AbortController;
  last?: ContainerStats;
}

export class StatsTracker implements LiveSource<StatsState> {
  readonly store = new Store<StatsState>({ byId: new Map(), version: 0 });
  /** Every sample's figures per container, kept while measured and a while after (see HISTORIES). */
  private readonly histories = new Map<string, Ring<StatsFigures>>();
  private readonly watches = new Map<string, Watch>();
  private readonly pending = new Map<string, StatsFigures>();
  private timer: NodeJS.Timeout | undefined;
  private readonly publishMs: number;
  private readonly retryMs: number;

  constructor(private readonly options: StatsTrackerOptions) {
    this.publishMs = options.publishMs ?? 2000;
    this.retryMs = options.retryMs ?? 5000;
  }

  watch(demands: Demands): void {
    this.measure(demands.stats ?? []);
  }

  /** A stream ends by itself when its container stops; nothing to do on events. */
  onEngineEvent(): void {}

  /** Measures exactly these containers from now on (an empty list stops every stream). */
  measure(ids: Iterable<string>): void {
    const wanted = new Set(ids);
    for (const [id, watch] of this.watches) {
      if (wanted.has(id)) continue;
      watch.abort.abort();
      this.watches.delete(id);
      this.pending.delete(id);
    }
    for (const id of wanted) {
      if (this.watches.has(id)) continue;
      const watch: Watch = { abort: new AbortController() };
      this.watches.set(id, watch);
      void this.follow(id, watch);
    }
    // Figures of containers no longer watched go at once (their columns show nothing).
    const shown = this.store.getState().byId;
    if ([...shown.keys()].some((id) => !wanted.has(id))) this.publish();
  }

  /** The container's figures over time, oldest first: gaps in `at` are times it was not measured. */
  history(id: string): readonly StatsFigures[] {
    return this.histories.get(id)?.toArray() ?? [];
  }

  /** Every stream closed (berth is quitting, or switching engines). */
  stop(): void {
    this.measure([]);
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async follow(id: string, watch: Watch): Promise<void> {
    const { signal } = watch.abort;
    while (!signal.aborted) {
      try {
        for await (const sample of this.options.client().stats(id, { signal })) {
          const figures = statsFigures(sample, watch.last, { podman: this.options.podman?.() === true });
          watch.last = sample;
          this.pending.set(id, figures);
          this.remember(id, figures);
          this.schedule();
        }
      } catch {
        // Stopped, removed, or the engine is away: try again while still watched.
      }
      if (signal.aborted) return;
      watch.last = undefined;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.retryMs);
        signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
      });
    }
  }

  private remember(id: string, figures: StatsFigures): void {
    let ring = this.histories.get(id);
    if (ring) {
      // Most recently measured last: the map's first entries are the ones to drop.
      this.histories.delete(id);
    } else {
      ring = new Ring<StatsFigures>(HISTORY_SAMPLES);
      for (const old of this.histories.keys()) {
        if (this.histories.size < HISTORIES) break;
        this.histories.delete(old);
      }
    }
    this.histories.set(id, ring);
    ring.push(figures);
  }

  private schedule(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.publish();
    }, this.publishMs);
  }

  private publish(): void {
    const byId = new Map<string, StatsFigures>();
    const shown = this.store.getState().byId;
    for (const id of this.watches.keys()) {
      const figures = this.pending.get(id) ?? shown.get(id);
      if (figures) byId.set(id, figures);
    }
    this.pending.clear();
    this.store.update((s) => ({ byId, version: s.version + 1 }));
  }
}

/**
 * Live figures for the containers on screen, published into a store at most every `publishMs` so
 * that the screen repaints for them at a calm pace, each container sampled every `sampleMs`.
 *
 * A container whose cgroup files berth can read (an engine on this host) is measured from them,
 * all such containers in one reading: the same counters the engine's stats come from, at no cost
 * to the engine (bench B9: `docker stats`' stream per container cost dockerd ~2 % of a core for
 * 50). Every other container (a remote engine's) is asked for one sample at a time (one-shot),
 * its figures worked out against the sample before. Containers that leave the watch list are
 * dropped at once; one whose sample fails (it stopped, the engine went away) is asked again after
 * a pause while it is still watched.
 */
import os from 'node:os';
import type { ContainerStats, StatsOptions } from '../../engine/stats.ts';
import type { CgroupSampler } from '../pulse/engine-pulse.ts';
import { Store } from '../store.ts';
import { cgroupFigures, type CgroupReading } from './cgroup-figures.ts';
import { statsFigures, type StatsFigures } from './figures.ts';
import { Ring } from './ring.ts';
import { Slots } from './slots.ts';
import type { Demands, LiveSource } from '../live-source.ts';

/** Samples kept per container for the stats view's graphs: 10 minutes at dockerd's one a second. */
export const HISTORY_SAMPLES = 600;
/** Containers whose history is kept after they stop being measured (the oldest go first). */
const HISTORIES = 64;
/**
 * One-shot samples asked of the engine at once. What a sample costs dockerd is its concurrency,
 * not their number: 31 containers sampled every 2 s (the Containers pane's resource columns on a
 * 40-line terminal) cost dockerd 1.6–1.75 % of a core asked all at once (a connection each),
 * 0.53 % four at a time, 0.29 % two at a time and 0.20 % one at a time (dockerd 20.10, by hand,
 * 20 s each). Two keep a slow link's round trips from stretching a round of samples past the
 * screen's pace for a screenful of containers.
 */
export const ONE_SHOTS_AT_ONCE = 2;

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
  /** Reads containers' cgroup files on this host (CgroupReader); without it every container is asked of the engine. */
  cgroups?: () => CgroupSampler;
  /**
   * How often the cgroup files are read: at the pace the figures are published (docker stats
   * samples once a second, but the columns show one figure every publishMs; the stats view's
   * charts place samples by their time, as they do Podman's every 5 s).
   */
  sampleMs?: number;
  /** The host's memory, the limit of a container without a smaller one (as dockerd reports it). */
  hostMemory?: number;
  /** How long a one-shot sample may take before it is given up (its slot goes to the next container). */
  sampleTimeoutMs?: number;
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
  private readonly sampleMs: number;
  private readonly sampleTimeoutMs: number;
  private sampler: CgroupSampler | undefined;
  /** Watched containers measured from their cgroup files, with their last reading (none yet: undefined). */
  private readonly fromFiles = new Map<string, CgroupReading | undefined>();
  /** Watched containers not yet looked for in the cgroup files. */
  private readonly unlooked = new Set<string>();
  private sampleTimer: NodeJS.Timeout | undefined;
  private lookTimer: NodeJS.Timeout | undefined;
  private hostMemory: number | undefined;
  /** The one-shot samples in flight: at most ONE_SHOTS_AT_ONCE, across containers. */
  private readonly oneShots = new Slots(ONE_SHOTS_AT_ONCE);

  constructor(private readonly options: StatsTrackerOptions) {
    this.publishMs = options.publishMs ?? 2000;
    this.retryMs = options.retryMs ?? 5000;
    this.sampleMs = options.sampleMs ?? this.publishMs;
    this.sampleTimeoutMs = options.sampleTimeoutMs ?? 10_000;
  }

  watch(demands: Demands): void {
    this.measure(demands.stats ?? []);
  }

  /** A stopped container's sample fails and is asked again later; nothing to do on events. */
  onEngineEvent(): void {}

  /** Measures exactly these containers from now on (an empty list stops all measuring). */
  measure(ids: Iterable<string>): void {
    const wanted = new Set(ids);
    for (const [id, watch] of this.watches) {
      if (wanted.has(id)) continue;
      watch.abort.abort();
      this.watches.delete(id);
      this.pending.delete(id);
    }
    for (const id of [...this.fromFiles.keys(), ...this.unlooked]) {
      if (wanted.has(id)) continue;
      this.fromFiles.delete(id);
      this.unlooked.delete(id);
      this.pending.delete(id);
    }
    for (const id of wanted) {
      if (this.watches.has(id) || this.fromFiles.has(id) || this.unlooked.has(id)) continue;
      if (this.options.cgroups) this.unlooked.add(id);
      else this.ask(id);
    }
    if (this.unlooked.size > 0) this.lookSoon();
    if (this.fromFiles.size + this.unlooked.size === 0) {
      clearInterval(this.sampleTimer);
      this.sampleTimer = undefined;
    }
    // Figures of containers no longer watched go at once (their columns show nothing).
    const shown = this.store.getState().byId;
    if ([...shown.keys()].some((id) => !wanted.has(id))) this.publish();
  }

  /** The container's figures from the engine, a sample at a time (follow). */
  private ask(id: string): void {
    const watch: Watch = { abort: new AbortController() };
    this.watches.set(id, watch);
    void this.follow(id, watch);
  }

  /** New containers are looked for on the next turn (not inside `measure`, which runs amid the screen's demands). */
  private lookSoon(): void {
    this.lookTimer ??= setTimeout(() => {
      this.lookTimer = undefined;
      this.readFiles();
    }, 0);
  }

  /**
   * One reading of the cgroup files of every container measured from them, and of those not yet
   * looked for: the ones found stay with the files (read again every sampleMs), the others get
   * asked of the engine.
   */
  private readFiles(): void {
    const ids = [...this.fromFiles.keys(), ...this.unlooked];
    if (ids.length === 0) return;
    const sampler = (this.sampler ??= this.options.cgroups?.());
    const samples = sampler?.sample(ids, { detail: true }) ?? new Map();
    const at = Date.now();
    for (const id of this.unlooked) {
      if (samples.has(id) || sampler?.located(id)) this.fromFiles.set(id, undefined);
      else this.ask(id);
    }
    this.unlooked.clear();
    const hostMemory = (this.hostMemory ??= this.options.hostMemory ?? os.totalmem());
    for (const [id, before] of this.fromFiles) {
      const sample = samples.get(id);
      // Found before, unreadable this once (stopped, or between a crash loop's runs): its figures stand.
      if (!sample) continue;
      const now = { sample, at };
      const figures = cgroupFigures(now, before, hostMemory);
      this.fromFiles.set(id, now);
      this.pending.set(id, figures);
      this.remember(id, figures);
      this.schedule();
    }
    if (this.fromFiles.size > 0) this.sampleTimer ??= setInterval(() => this.readFiles(), this.sampleMs);
    else {
      clearInterval(this.sampleTimer);
      this.sampleTimer = undefined;
    }
  }

  /** The container's figures over time, oldest first: gaps in `at` are times it was not measured. */
  history(id: string): readonly StatsFigures[] {
    return this.histories.get(id)?.toArray() ?? [];
  }

  /** Nothing measured any more (berth is quitting, or switching engines). */
  stop(): void {
    this.measure([]);
    clearTimeout(this.timer);
    this.timer = undefined;
    clearTimeout(this.lookTimer);
    this.lookTimer = undefined;
  }

  /**
   * One sample at a time (one-shot), every sampleMs while watched: the engine reads the counters
   * once per request, at the screen's pace, where a stream has it read them every second for
   * every container (bench B9: ~4× less of dockerd's CPU for 50 at 2 s). After a failure (the
   * container stopped, the engine is away) the next try waits retryMs, and CPU starts again from
   * two samples. At most ONE_SHOTS_AT_ONCE requests are in flight (see there); the others wait
   * their turn, and a container's next sample is asked sampleMs after its last came.
   */
  private async follow(id: string, watch: Watch): Promise<void> {
    const { signal } = watch.abort;
    while (!signal.aborted) {
      const release = await this.oneShots.take(signal);
      if (!release) return;
      // A sample that never comes (a container whose runtime hangs) must not hold its slot, and
      // with it every other container's figures: it is given up after sampleTimeoutMs, and tried
      // again as a failure is.
      const asking = new AbortController();
      const stop = () => asking.abort();
      signal.addEventListener('abort', stop, { once: true });
      const timeout = setTimeout(stop, this.sampleTimeoutMs);
      let failed = false;
      try {
        let got = false;
        for await (const sample of this.options.client().stats(id, { signal: asking.signal, oneShot: true })) {
          const figures = statsFigures(sample, watch.last, { podman: this.options.podman?.() === true });
          watch.last = sample;
          got = true;
          this.pending.set(id, figures);
          this.remember(id, figures);
          this.schedule();
        }
        failed = !got;
      } catch {
        failed = true;
      } finally {
        clearTimeout(timeout);
        signal.removeEventListener('abort', stop);
        release();
      }
      if (signal.aborted) return;
      if (failed) watch.last = undefined;
      // The listener goes with the wait: one left on the watch's signal per sample would hold a
      // closure for every sample taken while the container is watched (31 of them every 2 s).
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, failed ? this.retryMs : this.sampleMs);
        signal.addEventListener('abort', done, { once: true });
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
    for (const id of [...this.watches.keys(), ...this.fromFiles.keys()]) {
      const figures = this.pending.get(id) ?? shown.get(id);
      if (figures) byId.set(id, figures);
    }
    this.pending.clear();
    this.store.update((s) => ({ byId, version: s.version + 1 }));
  }
}

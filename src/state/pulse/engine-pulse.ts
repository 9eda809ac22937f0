/**
 * What the pulse line needs beyond the lists and the live figures: the host's CPUs and memory
 * (`/info` NCPU, MemTotal: once) and the disk (`/system/df`, at a slow pace: every DF_EVERY_MS while
 * the line is shown, through the client's one-at-a-time reader that prune's preview shares).
 * The running containers' CPU, memory, block and net figures from their cgroup files where this
 * host has them (an engine on this machine: cgroup-reader.ts), sampled every CGROUP_EVERY_MS, so
 * the line needs none of the engine's stats for them; the containers it cannot find there (a remote engine)
 * are named in `cgroupMissing` and the line asks the engine's stats for them instead.
 * Nothing runs while the line is off.
 */
import type { EngineClient } from '../../engine/client.ts';
import type { Demands, LiveSource } from '../live-source.ts';
import { Store } from '../store.ts';
import { ratesBetween, type CgroupRates, type CgroupSample } from './cgroup-files.ts';
import { CgroupReader, type SampleOptions } from './cgroup-reader.ts';
import { diskSummary, type DiskSummary } from './disk-summary.ts';

/** `/system/df` walks every layer and volume: once a minute is plenty for a header line. */
export const DF_EVERY_MS = 60_000;
/** The cgroup files' pace: a few small reads per container, every 2 s (docker stats: 1 s, per stream). */
export const CGROUP_EVERY_MS = 2_000;

/** Something that samples containers' cgroups (CgroupReader; a stand-in in unit tests). */
export interface CgroupSampler {
  sample(ids: readonly string[], options?: SampleOptions): Map<string, CgroupSample>;
  /** Its cgroup was found, whether or not this sample could read it. */
  located(id: string): boolean;
}

export interface PulseState {
  readonly ncpu?: number;
  readonly memTotal?: number;
  readonly disk?: DiskSummary;
  /** Why the disk or the host figures could not be read (the engine's words). */
  readonly error?: string;
  /** Containers measured from their cgroup files (after two samples: rates need two). */
  readonly cgroupFigures?: ReadonlyMap<string, CgroupRates>;
  /** Containers looked for in the cgroup files and not found there: the engine's stats measure them. */
  readonly cgroupMissing?: ReadonlySet<string>;
}

export class EnginePulse implements LiveSource<PulseState> {
  readonly store = new Store<PulseState>({});
  private abort: AbortController | undefined;
  private timer: NodeJS.Timeout | undefined;
  private cgroupTimer: NodeJS.Timeout | undefined;
  private lookTimer: NodeJS.Timeout | undefined;
  private containers: readonly string[] = [];
  /** Containers the line has looked for since it was turned on. */
  private looked = new Set<string>();
  private last: { at: number; samples: Map<string, CgroupSample> } | undefined;
  private sampler: CgroupSampler | undefined;
  /** Hears every disk usage answer the client gets, whoever asked (the disk view, a prune preview). */
  private unhear: (() => void) | undefined;
  /** When the last disk usage answer came (Date.now() ms): the minute's read waits a minute from it. */
  private diskAt = 0;

  constructor(
    private readonly client: () => EngineClient,
    private readonly everyMs = DF_EVERY_MS,
    private readonly makeSampler: () => CgroupSampler = () => new CgroupReader(),
    private readonly cgroupEveryMs = CGROUP_EVERY_MS,
  ) {}

  watch(demands: Demands): void {
    const containers = demands.pulseContainers ?? [];
    // New to the line, not merely back (a crash loop's container is listed running, restarting, running…).
    const fresh = containers.some((id) => !this.looked.has(id));
    for (const id of containers) this.looked.add(id);
    this.containers = containers;
    if (demands.pulse && !this.abort) this.start();
    else if (!demands.pulse && this.abort) this.stop();
    // A container new to the line is looked for now, so its figures (or its stream) need not wait.
    else if (this.abort && fresh) this.lookSoon();
  }

  /** A sample on the next turn, not inside watch (its store update would land mid-demands). */
  private lookSoon(): void {
    if (this.lookTimer) return;
    this.lookTimer = setTimeout(() => {
      this.lookTimer = undefined;
      if (this.abort) this.sampleCgroups();
    }, 0);
  }

  onEngineEvent(): void {}

  stop(): void {
    this.abort?.abort();
    this.abort = undefined;
    clearTimeout(this.timer);
    this.timer = undefined;
    clearInterval(this.cgroupTimer);
    this.cgroupTimer = undefined;
    clearTimeout(this.lookTimer);
    this.lookTimer = undefined;
    this.unhear?.();
    this.unhear = undefined;
    this.last = undefined;
    this.looked.clear();
  }

  private start(): void {
    const abort = new AbortController();
    this.abort = abort;
    if (this.store.getState().ncpu === undefined) void this.readHost(abort.signal);
    // Another reader's answer is the line's too: the disk view's reads keep it current, and spare its own.
    this.unhear = this.client().onDiskUsage?.((usage) => {
      this.diskAt = Date.now();
      this.store.update((s) => ({ ...s, disk: diskSummary(usage), error: undefined }));
    });
    void this.readDisk(abort.signal);
    this.lookSoon();
    this.cgroupTimer = setInterval(() => this.sampleCgroups(), this.cgroupEveryMs);
  }

  /** One sample of the containers' cgroup files; rates against the one before. */
  private sampleCgroups(): void {
    const sampler = (this.sampler ??= this.makeSampler());
    const at = Date.now();
    const samples = sampler.sample(this.containers);
    const before = this.last;
    const figures = new Map<string, CgroupRates>();
    if (before && at - before.at < this.cgroupEveryMs / 2) {
      // A look for a new container soon after the last sample: rates over so short a time say
      // little, so the last ones stand, and the new container's first sample joins the last.
      for (const [id, rates] of this.store.getState().cgroupFigures ?? []) if (samples.has(id)) figures.set(id, rates);
      for (const [id, sample] of samples) if (!before.samples.has(id)) before.samples.set(id, sample);
    } else {
      for (const [id, sample] of samples) {
        const previous = before?.samples.get(id);
        if (before && previous) figures.set(id, ratesBetween(previous, sample, (at - before.at) / 1000));
      }
      this.last = { at, samples };
    }
    // A container whose cgroup is known but unreadable this once (a crash loop between runs) is
    // not missing: a stream opened and closed for each of its deaths would cost more than a gap.
    const cgroupMissing = new Set(this.containers.filter((id) => !samples.has(id) && !sampler.located(id)));
    this.store.update((s) => ({ ...s, cgroupFigures: figures, cgroupMissing }));
  }

  private async readHost(signal: AbortSignal): Promise<void> {
    try {
      const info = await this.client().info(signal);
      const ncpu = typeof info.NCPU === 'number' ? info.NCPU : undefined;
      const memTotal = typeof info.MemTotal === 'number' ? info.MemTotal : undefined;
      if (!signal.aborted) this.store.update((s) => ({ ...s, ncpu, memTotal }));
    } catch (error) {
      if (!signal.aborted) this.store.update((s) => ({ ...s, error: (error as Error).message }));
    }
  }

  private async readDisk(signal: AbortSignal): Promise<void> {
    const age = Date.now() - this.diskAt;
    if (age < this.everyMs && this.store.getState().disk) {
      this.timer = setTimeout(() => void this.readDisk(signal), this.everyMs - age);
      return;
    }
    try {
      const disk = diskSummary(await this.client().systemDf(signal));
      this.diskAt = Date.now();
      if (!signal.aborted) this.store.update((s) => ({ ...s, disk, error: undefined }));
    } catch (error) {
      if (!signal.aborted) this.store.update((s) => ({ ...s, error: (error as Error).message }));
    }
    if (!signal.aborted) this.timer = setTimeout(() => void this.readDisk(signal), this.everyMs);
  }
}

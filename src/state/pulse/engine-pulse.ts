/**
 * What the pulse line needs beyond the lists and the live figures: the host's CPUs and memory
 * (`/info` NCPU, MemTotal: once) and the disk (`/system/df`, at a slow pace: every DF_EVERY_MS while
 * the line is shown, through the client's one-at-a-time reader that prune's preview shares).
 * Nothing runs while the line is off.
 */
import type { EngineClient } from '../../engine/client.ts';
import type { Demands, LiveSource } from '../live-source.ts';
import { Store } from '../store.ts';
import { diskSummary, type DiskSummary } from './disk-summary.ts';

/** `/system/df` walks every layer and volume: once a minute is plenty for a header line. */
export const DF_EVERY_MS = 60_000;

export interface PulseState {
  readonly ncpu?: number;
  readonly memTotal?: number;
  readonly disk?: DiskSummary;
  /** Why the disk or the host figures could not be read (the engine's words). */
  readonly error?: string;
}

export class EnginePulse implements LiveSource<PulseState> {
  readonly store = new Store<PulseState>({});
  private abort: AbortController | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly client: () => EngineClient,
    private readonly everyMs = DF_EVERY_MS,
  ) {}

  watch(demands: Demands): void {
    if (demands.pulse && !this.abort) this.start();
    else if (!demands.pulse && this.abort) this.stop();
  }

  onEngineEvent(): void {}

  stop(): void {
    this.abort?.abort();
    this.abort = undefined;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private start(): void {
    const abort = new AbortController();
    this.abort = abort;
    if (this.store.getState().ncpu === undefined) void this.readHost(abort.signal);
    void this.readDisk(abort.signal);
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
    try {
      const disk = diskSummary(await this.client().systemDf(signal));
      if (!signal.aborted) this.store.update((s) => ({ ...s, disk, error: undefined }));
    } catch (error) {
      if (!signal.aborted) this.store.update((s) => ({ ...s, error: (error as Error).message }));
    }
    if (!signal.aborted) this.timer = setTimeout(() => void this.readDisk(signal), this.everyMs);
  }
}

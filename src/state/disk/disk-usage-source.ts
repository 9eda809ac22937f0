/**
 * The disk usage kept live while something on screen needs it: the disk view and the Volumes
 * pane's SIZE column (`demands.diskUsage`). (The Containers pane's sizes are
 * state/columns/container-sizes.ts's.)
 *
 * `/system/df` walks every layer and volume (seconds on a big host), and the engine refuses a
 * second while one runs, so: nothing is asked while nothing needs it; one request at a time
 * (a CoalescedTask, through the client's one-at-a-time reader that the pulse line and the prune
 * previews share); changes the engine reports ask again once, a moment later, however many came;
 * a slow timer as a safety net, skipped when another reader's answer is fresh (every answer the
 * client gets, whoever asked, lands here: `onDiskUsage`). `computing` says a read is under way.
 */
import type { EngineClient } from '../../engine/client.ts';
import type { DiskUsageAnswer } from '../../engine/disk-usage.ts';
import { describeError } from '../../engine/errors.ts';
import type { EngineEvent } from '../../engine/types.ts';
import { CoalescedTask } from '../coalesced-task.ts';
import type { Demands, LiveSource } from '../live-source.ts';
import { Store } from '../store.ts';

/** The safety net's pace: the events say when the disk changed. */
export const DISK_EVERY_MS = 60_000;
/** Changes come in bursts (a prune, a compose down): one read after them. */
const CHANGE_DELAY_MS = 1_000;

export interface DiskUsageState {
  /** The last answer (kept while a new one is computed, and after the screen stops needing it). */
  readonly usage?: DiskUsageAnswer;
  /** When it arrived (Date.now() ms). */
  readonly readAt?: number;
  /** A `/system/df` is under way. */
  readonly computing: boolean;
  /** Why the last read failed (the engine's words); the last answer stays. */
  readonly error?: string;
}

/** What the source asks of its engine (EngineClient; a stand-in in unit tests). */
export type DiskClient = Pick<EngineClient, 'systemDf' | 'onDiskUsage'>;

/** Engine events after which the disk usage reads differently (Podman says `remove` where Docker says `destroy` or `delete`). */
const CHANGES: Record<string, ReadonlySet<string>> = {
  container: new Set(['create', 'destroy', 'remove', 'commit']),
  image: new Set(['pull', 'delete', 'remove', 'import', 'load', 'tag', 'untag', 'prune']),
  volume: new Set(['create', 'destroy', 'remove', 'prune']),
  builder: new Set(['prune']),
};

export class DiskUsageSource implements LiveSource<DiskUsageState> {
  readonly store = new Store<DiskUsageState>({ computing: false });
  private disk = false;
  private abort = new AbortController();
  private unhear: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly dfTask: CoalescedTask;

  constructor(
    /** Read at each use: after an engine switch it is the new engine's. */
    private readonly client: () => DiskClient,
    private readonly everyMs = DISK_EVERY_MS,
    changeDelayMs = CHANGE_DELAY_MS,
  ) {
    this.dfTask = new CoalescedTask(() => this.readDisk(), changeDelayMs);
  }

  watch(demands: Demands): void {
    const disk = demands.diskUsage === true;
    if (disk && !this.disk) this.startDisk();
    else if (!disk && this.disk) this.stopDisk();
  }

  onEngineEvent(event: EngineEvent): void {
    if (!CHANGES[event.Type ?? '']?.has(event.Action ?? '')) return;
    if (this.disk) this.dfTask.request();
  }

  /** Read again now (after a remove or prune berth made: its events may come late). */
  refresh(): void {
    if (this.disk) void this.dfTask.runNow();
  }

  stop(): void {
    this.stopDisk();
    this.dfTask.stop();
    this.abort.abort();
    this.abort = new AbortController();
  }

  private startDisk(): void {
    this.disk = true;
    // Another reader's answer (the pulse line, a prune preview) is this one's too.
    this.unhear = this.client().onDiskUsage((usage) => this.answered(usage));
    void this.dfTask.runNow();
  }

  private stopDisk(): void {
    this.disk = false;
    this.unhear?.();
    this.unhear = undefined;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private answered(usage: DiskUsageAnswer): void {
    this.store.update((s) => ({ ...s, usage, readAt: Date.now(), error: undefined }));
  }

  private async readDisk(): Promise<void> {
    if (!this.disk) return;
    const { signal } = this.abort;
    clearTimeout(this.timer);
    this.store.update((s) => (s.computing ? s : { ...s, computing: true }));
    try {
      // The answer lands through onDiskUsage (answered), as every reader's does.
      const usage = await this.client().systemDf(signal);
      if (!this.unhear) this.answered(usage);
    } catch (error) {
      if (!signal.aborted) this.store.update((s) => ({ ...s, error: describeError(error) }));
    } finally {
      this.store.update((s) => (s.computing ? { ...s, computing: false } : s));
      if (this.disk && !signal.aborted) this.schedule();
    }
  }

  /** The safety net: read again when no answer, from anyone, came for `everyMs`. */
  private schedule(): void {
    clearTimeout(this.timer);
    const age = Date.now() - (this.store.getState().readAt ?? 0);
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        if (!this.disk) return;
        if (Date.now() - (this.store.getState().readAt ?? 0) >= this.everyMs) this.dfTask.request(0);
        else this.schedule();
      },
      Math.max(this.everyMs - age, 1_000),
    );
  }
}

/**
 * One burst of an engine's events, published as one change. A crash loop's turn is a start and a
 * die moments apart; the event log, the incidents and the container list each published it on
 * their own (their own timers, the list's answer later still): three or four changes of the
 * sources a turn, each a pass over every derived value on screen and most of them a React render,
 * for the one frame the turn changes (bench B15).
 *
 * A burst ends `quietMs` after its latest event, and at the latest `maxWaitMs` after its first
 * (a steady stream still publishes). At its end the task it was given runs first (the list
 * refresh of a loop's events: engine-sync.ts), and what the sources folded meanwhile is published
 * when that task's answer lands (`flush()` just before the list's own change, so React draws both
 * in one render) or after it at the latest.
 */

/** Quiet after a burst's latest event before it ends: a turn's start and die fall within it. */
export const BURST_QUIET_MS = 150;
/** A burst ends at the latest this long after its first event: the screen follows within ~0.5 s. */
export const BURST_MAX_WAIT_MS = 400;

export class BurstPace {
  private readonly pending = new Set<() => void>();
  private timer: NodeJS.Timeout | undefined;
  private firstAt = 0;
  private ending: (() => Promise<void>) | undefined;
  private stopped = false;

  constructor(
    private readonly quietMs = BURST_QUIET_MS,
    private readonly maxWaitMs = BURST_MAX_WAIT_MS,
  ) {}

  /** `publish` runs once, when the current burst ends (one is opened if none is). */
  join(publish: () => void): void {
    if (this.stopped) return;
    this.pending.add(publish);
    this.arm();
  }

  /** The current burst's end runs `task` first; its publications go out with its answer. */
  endWith(task: () => Promise<void>): void {
    if (this.stopped) return;
    this.ending = task;
    this.arm();
  }

  /** Publishes what is pending now: the task's answer landed, and is about to be published too. */
  flush(): void {
    if (this.pending.size === 0) return;
    const publish = [...this.pending];
    this.pending.clear();
    for (const run of publish) run();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
    this.ending = undefined;
  }

  private arm(): void {
    const now = Date.now();
    if (this.timer === undefined) this.firstAt = now;
    else clearTimeout(this.timer);
    const wait = Math.max(0, Math.min(now + this.quietMs, this.firstAt + this.maxWaitMs) - now);
    this.timer = setTimeout(() => this.end(), wait);
    // A pending publication does not keep a quitting process alive.
    this.timer.unref();
  }

  private end(): void {
    this.timer = undefined;
    const task = this.ending;
    this.ending = undefined;
    if (!task) {
      this.flush();
      return;
    }
    void task().finally(() => {
      if (!this.stopped) this.flush();
    });
  }
}

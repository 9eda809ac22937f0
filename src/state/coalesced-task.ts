/**
 * Runs an async job on request, never two at once: requests that arrive while the job runs
 * collapse into one more run afterwards, and a burst of requests within `delayMs` collapses
 * into a single run. This is what keeps an event storm from becoming a request storm.
 *
 * A request may ask for a longer delay (a restart loop's events: engine-sync.ts): it collapses
 * with everything that arrives within it, yet never holds back a quicker request, which brings
 * the pending run forward.
 */
export class CoalescedTask {
  private running = false;
  private dirty = false;
  /** The shortest delay asked for during the run: the follow-up run waits it (0 for a plain request, which waited already). */
  private dirtyDelayMs = Infinity;
  private timer: NodeJS.Timeout | undefined;
  /** When the pending run is due (Date.now() ms). */
  private dueAt = 0;
  private stopped = false;
  /** Callers of runNow waiting for the next run to start and end (a run in progress began before they asked). */
  private waiting: Array<() => void> = [];

  constructor(
    private readonly job: () => Promise<void>,
    private readonly delayMs: number,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  request(delayMs = this.delayMs): void {
    if (this.stopped) return;
    if (this.running) {
      this.dirty = true;
      this.dirtyDelayMs = Math.min(this.dirtyDelayMs, delayMs > this.delayMs ? delayMs : 0);
      return;
    }
    const due = Date.now() + delayMs;
    if (this.timer) {
      if (due >= this.dueAt) return;
      clearTimeout(this.timer);
    }
    this.dueAt = due;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.execute();
    }, delayMs);
  }

  /**
   * Runs now, or right after the current run when one is in progress (that run started before
   * this request, so its answer may predate it), and resolves when the run that includes this
   * request is over, whether it succeeded or not. Resolves at once once stopped.
   */
  runNow(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    const done = new Promise<void>((resolve) => this.waiting.push(resolve));
    if (this.running) {
      this.dirty = true;
      this.dirtyDelayMs = 0;
    } else void this.execute();
    return done;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.release(this.waiting);
    this.waiting = [];
  }

  private async execute(): Promise<void> {
    // Whoever waits now is served by this run; whoever asks from here on, by the next one.
    const served = this.waiting;
    this.waiting = [];
    if (this.stopped) {
      this.release(served);
      return;
    }
    this.running = true;
    try {
      await this.job();
    } catch (error) {
      this.onError(error);
    } finally {
      this.running = false;
      this.release(served);
      if (this.dirty) {
        const delayMs = this.dirtyDelayMs;
        this.dirty = false;
        this.dirtyDelayMs = Infinity;
        // Straight away when someone waits for it; a plain request keeps its coalescing delay of 0.
        if (this.waiting.length > 0) void this.execute();
        else this.request(delayMs);
      }
    }
  }

  private release(resolvers: ReadonlyArray<() => void>): void {
    for (const resolve of resolvers) resolve();
  }
}

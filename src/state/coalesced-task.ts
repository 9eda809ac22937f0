/**
 * Runs an async job on request, never two at once: requests that arrive while the job runs
 * collapse into one more run afterwards, and a burst of requests within `delayMs` collapses
 * into a single run. This is what keeps an event storm from becoming a request storm.
 */
export class CoalescedTask {
  private running = false;
  private dirty = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Callers of runNow waiting for the next run to start and end (one asked while a run was going). */
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
      return;
    }
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.execute();
    }, delayMs);
  }

  /**
   * Runs now (or right after the current run) and resolves when that run is over: the data it
   * loads is in by then, whether or not a run was already going when it was asked.
   */
  async runNow(): Promise<void> {
    if (this.stopped) return;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.running) {
      // The run going now may have read its data before the change the caller wants to see.
      this.dirty = true;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
      return;
    }
    await this.execute();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    // Nothing more will run: nobody should wait for it.
    for (const resolve of this.waiting.splice(0)) resolve();
  }

  private async execute(): Promise<void> {
    if (this.stopped) return;
    this.running = true;
    // This run is the one everybody waiting so far asked for; later callers wait for the next.
    const waiters = this.waiting.splice(0);
    try {
      await this.job();
    } catch (error) {
      this.onError(error);
    } finally {
      this.running = false;
      for (const resolve of waiters) resolve();
      if (this.dirty) {
        this.dirty = false;
        this.request(0);
      }
    }
  }
}

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

  /** Runs now (or right after the current run) and resolves when that run is over. */
  async runNow(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.running) {
      this.dirty = true;
      return;
    }
    await this.execute();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async execute(): Promise<void> {
    if (this.stopped) return;
    this.running = true;
    try {
      await this.job();
    } catch (error) {
      this.onError(error);
    } finally {
      this.running = false;
      if (this.dirty) {
        this.dirty = false;
        this.request(0);
      }
    }
  }
}

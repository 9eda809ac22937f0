/**
 * A store's subscribers told of a stream of changes (a transfer's progress messages) at most every
 * `throttleMs`, or at once when the change is news (a start, an end): the pace of the pull and
 * build managers, whose every message is folded at once but drawn at this pace.
 */
export class ThrottledPublish {
  private timer: NodeJS.Timeout | undefined;
  private lastPublished = Number.NEGATIVE_INFINITY;
  private stopped = false;

  constructor(
    /** Hands the current state to the store. */
    private readonly write: () => void,
    private readonly throttleMs: number,
    private readonly now: () => number,
  ) {}

  /** Publishes once the throttle period since the last one is over. */
  soon(): void {
    if (this.timer || this.stopped) return;
    const wait = Math.max(0, this.lastPublished + this.throttleMs - this.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.publish();
    }, wait);
    // A pending repaint must not keep a quitting process alive.
    this.timer.unref();
  }

  /** Publishes now (and what was pending with it). */
  publish(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.stopped) return;
    this.lastPublished = this.now();
    this.write();
  }

  /** Nothing is published from now on. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

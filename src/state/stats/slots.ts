/**
 * At most `count` of something at once, the rest waiting their turn in order: the one-shot
 * samples a remote engine is asked for (stats-tracker.ts). A waiter whose signal aborts leaves
 * the queue; a slot given back goes to the next waiter, else it is free again.
 */
export class Slots {
  private free: number;
  private readonly waiting: Array<() => void> = [];

  constructor(count: number) {
    this.free = count;
  }

  /** Resolves with the slot's release once one is free, or undefined if `signal` aborts first. */
  take(signal: AbortSignal): Promise<(() => void) | undefined> {
    if (signal.aborted) return Promise.resolve(undefined);
    if (this.free > 0) {
      this.free--;
      return Promise.resolve(this.release());
    }
    return new Promise((resolve) => {
      const granted = () => {
        signal.removeEventListener('abort', abandon);
        resolve(this.release());
      };
      const abandon = () => {
        const at = this.waiting.indexOf(granted);
        if (at >= 0) this.waiting.splice(at, 1);
        resolve(undefined);
      };
      this.waiting.push(granted);
      signal.addEventListener('abort', abandon, { once: true });
    });
  }

  /** The slots free now. */
  get available(): number {
    return this.free;
  }

  /** A release that counts once, however often it is called. */
  private release(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    };
  }
}

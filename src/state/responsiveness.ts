import { isEngineError } from '../engine/errors.ts';

export interface ResponsivenessOptions {
  /** Quiet time (no answer of any kind) after which a probe goes out. */
  quietMs: number;
  /** How long a probe may wait for its answer before the engine counts as not responding. */
  deadlineMs: number;
}

/** While the engine does not answer: since when (epoch ms) and for how many whole seconds now. */
export interface NotResponding {
  since: number;
  seconds: number;
}

export interface ResponsivenessHooks {
  /** One cheap request (`/_ping`); it must give up when the signal fires. */
  probe: (signal: AbortSignal) => Promise<unknown>;
  /** The engine stopped answering (then once a second, with the seconds), or answers again (undefined). */
  report: (state: NotResponding | undefined) => void;
  /** The probe failed in a way that is not silence (connection refused, socket gone): the caller's to handle. */
  fail: (error: unknown) => void;
}

/**
 * Notices an engine that accepts connections but answers nothing (a frozen dockerd, a hung
 * daemon, a stalled proxy), which looks live otherwise: the event stream is quiet anyway and
 * the lists' requests only time out after 30 s. After `quietMs` without an answer of any kind
 * one `/_ping` goes out; if it is not answered within `deadlineMs` the engine counts as not
 * responding, and probes follow one at a time, each aborted at its deadline so that nothing
 * piles up on the frozen socket, until one is answered. Any answer from anywhere ends it.
 */
export class ResponsivenessWatch {
  private lastAnswer = Date.now();
  private quietTimer: NodeJS.Timeout | undefined;
  private tickTimer: NodeJS.Timeout | undefined;
  private probing: AbortController | undefined;
  private since: number | undefined;
  private paused = true;
  private stopped = false;

  constructor(
    private options: ResponsivenessOptions,
    private readonly hooks: ResponsivenessHooks,
  ) {}

  /** Watching starts (or resumes after the engine was unreachable): counts as an answer. */
  start(): void {
    if (this.stopped) return;
    this.paused = false;
    this.heard();
  }

  /** Not watching while the engine is unreachable: the reconnect loop says what is wrong then. */
  pause(): void {
    this.paused = true;
    clearTimeout(this.quietTimer);
    this.quietTimer = undefined;
    this.probing?.abort();
    this.probing = undefined;
    this.clear(false);
  }

  stop(): void {
    this.stopped = true;
    this.pause();
  }

  /**
   * A longer (or shorter) quiet time from now on: a fleet's engines beside the one shown are
   * probed less often (fleet.ts). Applies from the next quiet time armed.
   */
  setQuietMs(ms: number): void {
    this.options = { ...this.options, quietMs: ms };
  }

  get notResponding(): boolean {
    return this.since !== undefined;
  }

  /** The engine answered something (a list, an event, a ping, even an error status). */
  heard(): void {
    this.lastAnswer = Date.now();
    if (this.paused) return;
    this.clear(true);
    if (!this.quietTimer && !this.probing) this.armQuietTimer(this.options.quietMs);
  }

  /** A request timed out: find out now whether the engine answers at all. */
  suspect(): void {
    if (this.paused || this.probing) return;
    clearTimeout(this.quietTimer);
    this.quietTimer = undefined;
    this.sendProbe();
  }

  private armQuietTimer(ms: number): void {
    clearTimeout(this.quietTimer);
    this.quietTimer = setTimeout(() => {
      this.quietTimer = undefined;
      if (this.paused || this.probing) return;
      // Something was heard meanwhile: wait for the rest of the quiet time from then.
      const quietFor = Date.now() - this.lastAnswer;
      if (quietFor < this.options.quietMs) this.armQuietTimer(this.options.quietMs - quietFor);
      else this.sendProbe();
    }, ms);
  }

  private sendProbe(): void {
    const abort = new AbortController();
    this.probing = abort;
    const sentAt = Date.now();
    let late = false;
    const deadline = setTimeout(() => {
      late = true;
      abort.abort();
    }, this.options.deadlineMs);
    this.hooks.probe(abort.signal).then(
      () => {
        clearTimeout(deadline);
        if (this.probing !== abort) return;
        this.probing = undefined;
        this.heard();
      },
      (error: unknown) => {
        clearTimeout(deadline);
        if (this.probing !== abort) return; // paused or stopped meanwhile
        this.probing = undefined;
        // Something else was answered while this probe waited: the engine is there.
        if (this.lastAnswer > sentAt) {
          this.heard();
          return;
        }
        const silent = late || (isEngineError(error) && error.code === 'TIMEOUT');
        if (silent) {
          this.enter(sentAt);
          this.sendProbe();
        } else if (isEngineError(error) && (error.status !== undefined || error.code === 'PROTOCOL')) {
          this.heard(); // it answered, if only to refuse: it is there
        } else {
          this.hooks.fail(error);
        }
      },
    );
  }

  private enter(since: number): void {
    if (this.since !== undefined) return;
    this.since = since;
    this.tick();
  }

  /** Reports the seconds now, then again at each whole second since the engine went quiet. */
  private tick(): void {
    if (this.since === undefined) return;
    const elapsed = Date.now() - this.since;
    this.hooks.report({ since: this.since, seconds: Math.floor(elapsed / 1000) });
    this.tickTimer = setTimeout(() => this.tick(), 1000 - (elapsed % 1000));
  }

  private clear(report: boolean): void {
    clearTimeout(this.tickTimer);
    this.tickTimer = undefined;
    if (this.since === undefined) return;
    this.since = undefined;
    if (report) this.hooks.report(undefined);
  }
}

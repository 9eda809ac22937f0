/**
 * The action log: every change berth asked an engine for (a stop, a removal, a pull, a prune…),
 * with when, on which engine, how it ended (ok, or the engine's own words) and the docker CLI
 * line that does the same. Kept for the session only, never written anywhere, and bounded: the
 * newest `limit` records. Engine calls report here through recording-client.ts.
 */
import { describeError } from '../../engine/errors.ts';
import { Store } from '../store.ts';

export type ActionOutcome =
  | { kind: 'pending' }
  | { kind: 'ok' }
  | { kind: 'failed'; message: string }
  | { kind: 'cancelled' }
  /** A command (an exec, a foreground run) that ended with a non-zero exit code. */
  | { kind: 'exited'; code: number };

export interface ActionRecord {
  /** Unique for the session, rising: a row's key. */
  seq: number;
  atMs: number;
  /** The engine's label as the status bar names it (its context and address). */
  engine: string;
  /** The equivalent docker CLI line. */
  line: string;
  outcome: ActionOutcome;
}

export interface ActionLogState {
  /** Oldest first. */
  records: readonly ActionRecord[];
}

export const ACTION_LOG_LIMIT = 1000;

export class ActionLog {
  readonly store = new Store<ActionLogState>({ records: [] });
  private seq = 0;

  constructor(
    private readonly limit: number = ACTION_LOG_LIMIT,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records the start of a change; returns its seq, for `settle`. */
  begin(line: string, engine: string): number {
    const seq = (this.seq += 1);
    const record: ActionRecord = { seq, atMs: this.now(), engine, line, outcome: { kind: 'pending' } };
    this.store.update((state) => ({ records: [...state.records.slice(Math.max(0, state.records.length + 1 - this.limit)), record] }));
    return seq;
  }

  /** How the change `seq` ended: undefined error is success. */
  settle(seq: number, error?: unknown): void {
    this.settleAs(seq, error === undefined ? { kind: 'ok' } : outcomeOf(error));
  }

  /** The change `seq` ended as `outcome` (an exit code, or what the caller knows better). */
  settleAs(seq: number, outcome: ActionOutcome): void {
    this.store.update((state) => {
      const at = state.records.findIndex((r) => r.seq === seq);
      const record = state.records[at];
      if (!record) return state;
      const records = [...state.records];
      records[at] = { ...record, outcome };
      return { records };
    });
  }

  /** Takes back the record `seq`: the action turned out not to be done (nothing was sent for it). */
  drop(seq: number): void {
    this.store.update((state) => (state.records.some((r) => r.seq === seq) ? { records: state.records.filter((r) => r.seq !== seq) } : state));
  }

  /**
   * Runs `call` (an engine call: a promise, or an async generator of progress) and records it
   * from its start to its end; what `call` returns is handed back unchanged in behaviour.
   */
  track<T>(line: string, engine: string, call: () => T): T {
    const seq = this.begin(line, engine);
    let result: T;
    try {
      result = call();
    } catch (error) {
      this.settle(seq, error);
      throw error;
    }
    if (isAsyncGenerator(result)) return this.followStream(seq, result) as T;
    if (result instanceof Promise) {
      result.then(
        () => this.settle(seq),
        (error: unknown) => this.settle(seq, error),
      );
      return result;
    }
    this.settle(seq);
    return result;
  }

  /** A progress stream (pull, push): done when it ends, failed when it throws. */
  private async *followStream<Y, R>(seq: number, stream: AsyncGenerator<Y, R>): AsyncGenerator<Y, R> {
    let finished = false;
    try {
      const value = yield* stream;
      finished = true;
      this.settle(seq);
      return value;
    } catch (error) {
      finished = true;
      this.settle(seq, error);
      throw error;
    } finally {
      // The reader stopped early (a cancelled pull ends the loop with return()).
      if (!finished) this.settle(seq, { code: 'ABORTED' });
    }
  }
}

function isAsyncGenerator(value: unknown): value is AsyncGenerator<unknown, unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function' && typeof (value as { next?: unknown }).next === 'function';
}

/** How a failed call ended: cancelled when it was stopped, else failed in the engine's words. */
export function outcomeOf(error: unknown): ActionOutcome {
  return aborted(error) ? { kind: 'cancelled' } : { kind: 'failed', message: describeError(error) };
}

function aborted(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, name } = error as { code?: unknown; name?: unknown };
  return code === 'ABORTED' || name === 'AbortError';
}

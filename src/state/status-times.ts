/**
 * The engine's own start and end times of the containers on screen, for the ages in their Status
 * ("Up 3 minutes"). The list's Status text says an age only to its unit, so carried forward alone
 * it reads "Up 4 minutes" a minute early or "Up 3 minutes" a minute late; with StartedAt (or
 * FinishedAt, for "Exited (0) 2 hours ago") each age turns when `docker ps`'s does.
 *
 * The list has no such times, only an inspect per container does: asked for once per container
 * and kept until its next start or end, only for the rows on screen whose text is coarse (a text
 * in seconds is already exact enough), a few at a time, so ten thousand containers cost what a
 * screenful does.
 */
import type { EngineClient } from '../engine/client.ts';
import type { EngineEvent } from '../engine/types.ts';
import type { Demands, LiveSource } from './live-source.ts';
import { Store } from './store.ts';

/** A container's start and end, epoch ms on the engine's clock; absent when it never started or ended. */
export interface ContainerTimes {
  startedAt?: number;
  finishedAt?: number;
  /** The engine's RestartCount (the RESTARTS column): read with the times, from the same inspect. */
  restarts?: number;
}

export interface StatusTimesState {
  /** By container id. An entry without times: the engine had none to give (or no such container). */
  byId: ReadonlyMap<string, ContainerTimes>;
}

/** Inspections at once: a screenful arrives within moments without flooding the engine. */
const AT_ONCE = 4;

/** Container events after which a container's start or end time is another. */
const newTimes = /^(start|restart|die|destroy)$/;

/** An engine time ("2024-06-15T12:00:00.123456789Z"), or undefined for none (Go's zero time, year 1). */
function epochMs(text: string | undefined): number | undefined {
  const ms = text === undefined ? Number.NaN : Date.parse(text);
  return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}

export class StatusTimes implements LiveSource<StatusTimesState> {
  readonly store = new Store<StatusTimesState>({ byId: new Map() });
  private wanted: readonly string[] = [];
  private asking = false;
  /** Bumped by each event that changes a container's times: an answer to an older question is dropped. */
  private readonly generation = new Map<string, number>();
  private readonly abort = new AbortController();

  constructor(
    /** Read at each use: after an engine switch it is the new engine's. */
    private readonly client: () => Pick<EngineClient, 'inspectContainer'>,
  ) {}

  watch(demands: Demands): void {
    this.wanted = demands.times ?? [];
    this.ask();
  }

  onEngineEvent(event: EngineEvent): void {
    const type = event.Type ?? (event.status ? 'container' : undefined);
    const id = event.Actor?.ID ?? event.id;
    if (type !== 'container' || !id || !newTimes.test(event.Action ?? event.status ?? '')) return;
    this.generation.set(id, (this.generation.get(id) ?? 0) + 1);
    if (this.store.getState().byId.has(id)) {
      this.store.update((s) => {
        const byId = new Map(s.byId);
        byId.delete(id);
        return { byId };
      });
    }
    this.ask();
  }

  stop(): void {
    this.abort.abort();
    this.wanted = [];
  }

  /** Inspects the wanted containers it has no times for, a few at a time, and stores their answers in one change (one frame). */
  private ask(): void {
    if (this.asking || this.abort.signal.aborted) return;
    const known = this.store.getState().byId;
    const ids = this.wanted.filter((id) => !known.has(id));
    if (ids.length === 0) return;
    this.asking = true;
    void this.inspectAll(ids).finally(() => {
      this.asking = false;
      this.ask();
    });
  }

  private async inspectAll(ids: readonly string[]): Promise<void> {
    const found = new Map<string, ContainerTimes>();
    let next = 0;
    const worker = async () => {
      while (next < ids.length && !this.abort.signal.aborted) {
        const id = ids[next++] as string;
        const generation = this.generation.get(id) ?? 0;
        const times = await this.inspect(id);
        // An event since the question changed its times: asked again on the next round.
        if ((this.generation.get(id) ?? 0) === generation) found.set(id, times);
      }
    };
    await Promise.all(Array.from({ length: Math.min(AT_ONCE, ids.length) }, worker));
    if (this.abort.signal.aborted || found.size === 0) return;
    this.store.update((s) => ({ byId: new Map([...s.byId, ...found]) }));
  }

  private async inspect(id: string): Promise<ContainerTimes> {
    try {
      const inspect = await this.client().inspectContainer(id, this.abort.signal);
      const state = inspect.State;
      const startedAt = epochMs(state?.StartedAt);
      const finishedAt = epochMs(state?.FinishedAt);
      const restarts = inspect.RestartCount;
      return { ...(startedAt === undefined ? {} : { startedAt }), ...(finishedAt === undefined ? {} : { finishedAt }), ...(typeof restarts === 'number' && { restarts }) };
    } catch {
      // Gone, or the engine refused: the text's own age stands, and an event about it asks again.
      return {};
    }
  }
}

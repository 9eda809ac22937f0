/**
 * Which containers are in a restart loop, as far as the list sync can tell without asking: the
 * engine's last list had it restarting (waiting out its restart policy's delay), or berth saw it
 * die twice within a minute. Their events refresh the list once a burst (engine-sync.ts,
 * burst-pace.ts): each turn of a loop is a start and a die moments apart, five loops staggered by
 * the engine's own timers were ten refreshes and ten frames a round (bench B15), and a row that
 * flips between running and restarting says nothing a few tenths of a second's delay hide. Any
 * other container's event keeps the quick refresh: a container just run or stopped shows within
 * tens of ms (bench B2).
 */
import type { ContainerSummary } from '../engine/types.ts';

/** How long a death is remembered: two within it make a loop. */
export const LOOP_MEMORY_MS = 60_000;

/** Deaths remembered before old ones are forgotten (a thousand dying containers, not a leak). */
const REMEMBERED = 1000;

const DEATH = /^(die|died)$/;

export class RestartLoops {
  /** Each container's latest death (ms), oldest first. */
  private readonly deaths = new Map<string, number>();
  /** Containers whose latest death came within the memory of the one before. */
  private readonly twice = new Set<string>();
  private listed: readonly ContainerSummary[] | undefined;
  private restarting = new Set<string>();

  constructor(private readonly memoryMs = LOOP_MEMORY_MS) {}

  /**
   * Whether the container of this event (by id, with its action) is in a loop, given the list
   * last read; a death is noted as it passes.
   */
  looping(id: string, action: string, items: readonly ContainerSummary[], nowMs: number): boolean {
    const last = this.deaths.get(id);
    const recent = last !== undefined && nowMs - last < this.memoryMs;
    if (DEATH.test(action)) {
      if (recent) this.twice.add(id);
      else this.twice.delete(id);
      // Re-inserted: the map stays in order of death, so forgetting starts with the oldest.
      this.deaths.delete(id);
      this.deaths.set(id, nowMs);
      if (this.deaths.size > REMEMBERED) this.forget(nowMs);
    }
    return this.restartingIds(items).has(id) || ((recent || DEATH.test(action)) && this.twice.has(id));
  }

  private restartingIds(items: readonly ContainerSummary[]): ReadonlySet<string> {
    if (items !== this.listed) {
      this.listed = items;
      this.restarting = new Set(items.filter((c) => c.State === 'restarting').map((c) => c.Id));
    }
    return this.restarting;
  }

  private forget(nowMs: number): void {
    for (const [id, at] of this.deaths) {
      if (nowMs - at < this.memoryMs && this.deaths.size <= REMEMBERED) break;
      this.deaths.delete(id);
      this.twice.delete(id);
    }
  }
}

/**
 * The containers' sizes (the SIZE column: `docker ps -s`'s writable layer and virtual size). The
 * engine walks every container's layers to answer, so they are asked for only while the column
 * is shown: once when it appears, and again a while after containers come, go or change (never
 * more often than every REFRESH_MS however busy the engine is).
 */
import type { EngineClient } from '../../engine/client.ts';
import type { EngineEvent } from '../../engine/types.ts';
import { describeError } from '../../engine/errors.ts';
import type { Demands, LiveSource } from '../live-source.ts';
import { Store } from '../store.ts';

export interface ContainerSizesState {
  /** By container id: the writable layer and the whole (with its image), in bytes. */
  byId: ReadonlyMap<string, { rw?: number; rootFs?: number }>;
  loaded: boolean;
  /** Why the last question failed (the engine's words). */
  error?: string;
}

/** Container events after which a size may be another. */
const changes = /^(create|destroy|die|start|commit|copy|extract-to-dir)$/;
export const REFRESH_MS = 10_000;

export class ContainerSizes implements LiveSource<ContainerSizesState> {
  readonly store = new Store<ContainerSizesState>({ byId: new Map(), loaded: false });
  private wanted = false;
  private stale = true;
  private asking = false;
  private lastAskedMs = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly abort = new AbortController();

  constructor(private readonly client: () => Pick<EngineClient, 'containerSizes'>) {}

  watch(demands: Demands): void {
    this.wanted = demands.sizes === true;
    if (!this.wanted) {
      // A refresh waiting for its turn is not wanted any more: asked again when shown again (and stale).
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    this.ask();
  }

  onEngineEvent(event: EngineEvent): void {
    const type = event.Type ?? (event.status ? 'container' : undefined);
    if (type !== 'container' || !changes.test(event.Action ?? event.status ?? '')) return;
    this.stale = true;
    this.ask();
  }

  stop(): void {
    this.abort.abort();
    clearTimeout(this.timer);
    this.wanted = false;
  }

  private ask(): void {
    if (!this.wanted || !this.stale || this.asking || this.timer || this.abort.signal.aborted) return;
    const wait = this.lastAskedMs + REFRESH_MS - Date.now();
    if (this.store.getState().loaded && wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.ask();
      }, wait);
      return;
    }
    this.asking = true;
    this.stale = false;
    this.lastAskedMs = Date.now();
    void this.read().finally(() => {
      this.asking = false;
      this.ask();
    });
  }

  private async read(): Promise<void> {
    try {
      const sizes = await this.client().containerSizes(this.abort.signal);
      if (this.abort.signal.aborted) return;
      // The engine leaves SizeRw out when it is 0 (omitempty): a container listed with sizes and none has written nothing.
      this.store.update(() => ({ loaded: true, byId: new Map(sizes.map((s) => [s.Id, { rw: s.SizeRw ?? 0, ...(s.SizeRootFs !== undefined && { rootFs: s.SizeRootFs }) }])) }));
    } catch (error) {
      if (this.abort.signal.aborted) return;
      this.store.update((s) => ({ ...s, loaded: true, error: describeError(error) }));
    }
  }
}

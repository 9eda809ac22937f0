/**
 * The incidents as a live source (state/sources.ts): the engine's events folded by the detector
 * (detect.ts), and for each incident, once per death or turn, what one inspect and one logs read
 * add: the last health-check probes, OOMKilled, the memory limit, the restart count and the run's
 * last log lines, read with `since` (the run's start) and `until` (the death: run-bounds.ts), not
 * `tail`, which the engine applies before `until` and so would return the last lines of a later run.
 *
 * Once per engine session it also asks which containers exited OOM-killed before berth started
 * (no event told of those): the newest OOM_SCAN_AT_MOST exited ones are inspected, two at a time,
 * a couple of seconds after it starts.
 *
 * It listens from the start, shown or not, and costs nothing between incidents: no polling. The
 * incidents live as long as the engine's session (the sync loop reconnects within it), and are
 * never written anywhere.
 */
import type { EngineClient } from '../../engine/client.ts';
import type { ContainerInspect, EngineEvent } from '../../engine/types.ts';
import { LineSplitter } from '../logs/line-splitter.ts';
import type { LiveSource } from '../live-source.ts';
import type { BurstPace } from '../burst-pace.ts';
import { Store } from '../store.ts';
import { engineSeconds, runBounds } from './run-bounds.ts';
import { acknowledge, DEFAULT_LOOP_POLICY, detect, emptyDetector, toggleMute, wantingDetails, withDetails, type DetectorState, type Incident, type IncidentDetails, type LoopPolicy, type MuteRule } from './detect.ts';

export type { Incident, LoopPolicy, MuteRule };

/** What the user's settings say: when restarts are a loop, and which containers are muted. */
export interface IncidentOptions {
  loop?: LoopPolicy;
  mute?: readonly MuteRule[];
}

/** Log lines kept for a post-mortem. */
export const LAST_LINES = 20;

export interface IncidentsState {
  /** Newest first. */
  readonly incidents: readonly Incident[];
  /** The incident last opened or made worse: what a notice names. */
  readonly latest?: Incident;
  /** The container names muted by name (config.json or this session). */
  readonly mutedNames?: readonly string[];
  /** Containers that exited OOM-killed before berth started (inspect's State.OOMKilled) and have not started since. */
  readonly oomKilledBefore?: readonly string[];
}

export { engineSeconds };

/** Exited containers inspected for an OOM kill before berth started: the newest this many. */
export const OOM_SCAN_AT_MOST = 100;
/** Inspections at once in that scan. */
const SCAN_AT_ONCE = 2;
/** The scan waits this long after berth starts: off the first frame's path (its list costs the engine what the first list does). */
const SCAN_DELAY_MS = 2000;
/** A scan that failed (the engine not answering yet) is tried again this much later, at the next event or watch. */
const SCAN_RETRY_MS = 10_000;

export class IncidentLog implements LiveSource<IncidentsState> {
  readonly store = new Store<IncidentsState>({ incidents: [] });
  private detector: DetectorState;
  private readonly policy: LoopPolicy;
  /** Incidents (their seq) whose details are being read: one read at a time each. */
  private readonly reading = new Set<number>();
  private readonly abort = new AbortController();
  private scanTimer: NodeJS.Timeout | undefined;
  /** The scan for OOM kills before berth started: not yet (or failed at), under way, or done. */
  private scan: { state: 'idle'; failedAt?: number } | { state: 'running' | 'done' } = { state: 'idle' };
  /** Found OOM-killed before berth started, and not started since. */
  private oomKilledBefore: readonly string[] = [];
  /** Containers started (or removed) while the scan ran: its answer about them is out of date. */
  private readonly movedDuringScan = new Set<string>();

  /**
   * Published once a burst of the engine's events (burst-pace.ts), with the rest of it (its list):
   * a crash loop's die and start come in pairs, 100 ms apart at first, and each publication is a
   * frame; a notice a fraction of a second late is not.
   */
  constructor(
    private readonly client: () => EngineClient,
    private readonly burst: BurstPace,
    options: IncidentOptions = {},
  ) {
    this.policy = options.loop ?? DEFAULT_LOOP_POLICY;
    this.detector = { ...emptyDetector, muted: options.mute ?? [] };
    this.store.update(() => this.published(this.detector));
  }

  /** It follows every event from the start, shown or not; the first watch starts the scan. */
  watch(): void {
    this.startScan();
  }

  onEngineEvent(event: EngineEvent): void {
    this.startScan();
    const action = (event.Action ?? event.status ?? '').split(':')[0];
    const id = event.Actor?.ID ?? event.id;
    if ((event.Type ?? 'container') === 'container' && id !== undefined && ['start', 'destroy', 'remove'].includes(action ?? '')) {
      if (this.scan.state === 'running') this.movedDuringScan.add(id);
      if (this.oomKilledBefore.includes(id)) {
        this.oomKilledBefore = this.oomKilledBefore.filter((known) => known !== id);
        this.publish();
      }
    }
    this.apply(detect(this.detector, event, this.policy));
  }

  /** Acknowledges one incident, or every one. */
  acknowledge(seq?: number): void {
    this.apply(acknowledge(this.detector, seq));
  }

  /** Mutes a container's incidents (by its name) for the session, or unmutes it. */
  toggleMute(name: string): void {
    this.apply(toggleMute(this.detector, name));
  }

  stop(): void {
    this.abort.abort();
    clearTimeout(this.scanTimer);
  }

  private apply(next: DetectorState): void {
    if (next === this.detector) return;
    const before = this.detector;
    this.detector = next;
    if (next.incidents !== before.incidents || next.latest !== before.latest || next.muted !== before.muted) this.publish();
    for (const incident of wantingDetails(next)) this.read(incident);
  }

  private publish(): void {
    this.burst.join(this.publishNow);
  }

  private readonly publishNow = (): void => {
    if (!this.abort.signal.aborted) this.store.update(() => this.published(this.detector));
  };

  private published(state: DetectorState): IncidentsState {
    return {
      incidents: state.incidents,
      latest: state.latest,
      mutedNames: state.muted.flatMap((r) => ('name' in r ? [r.name] : [])),
      ...(this.oomKilledBefore.length > 0 && { oomKilledBefore: this.oomKilledBefore }),
    };
  }

  /** Starts the scan for OOM kills before berth started, once (again a while after one failed). */
  private startScan(): void {
    const scan = this.scan;
    if (scan.state !== 'idle' || this.abort.signal.aborted) return;
    if (scan.failedAt !== undefined && Date.now() - scan.failedAt < SCAN_RETRY_MS) return;
    this.scan = { state: 'running' };
    this.movedDuringScan.clear();
    this.scanTimer = setTimeout(() => this.runScan(), scan.failedAt === undefined ? SCAN_DELAY_MS : 0);
    // Waiting to scan does not keep berth's process alive.
    this.scanTimer.unref?.();
  }

  private runScan(): void {
    this.scanTimer = undefined;
    void this.scanOomKilled().then(
      (found) => {
        this.scan = { state: 'done' };
        const kept = found.filter((id) => !this.movedDuringScan.has(id));
        this.movedDuringScan.clear();
        if (kept.length === 0 || this.abort.signal.aborted) return;
        this.oomKilledBefore = kept;
        this.publish();
      },
      () => {
        this.scan = { state: 'idle', failedAt: Date.now() };
      },
    );
  }

  /** The exited containers (the newest OOM_SCAN_AT_MOST) whose inspect says State.OOMKilled. */
  private async scanOomKilled(): Promise<string[]> {
    const signal = this.abort.signal;
    const exited = await this.client().listContainers({ all: true, filters: { status: ['exited', 'dead'] }, signal });
    const ids = exited.slice(0, OOM_SCAN_AT_MOST).map((c) => c.Id);
    const found: string[] = [];
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < ids.length && !signal.aborted) {
        const id = ids[next++] as string;
        // A container removed meanwhile (or one the engine will not describe) is simply not marked.
        const inspect = await this.client().inspectContainer(id, signal).catch(() => undefined);
        if (inspect?.State?.OOMKilled === true && inspect.State.Running !== true) found.push(id);
      }
    };
    await Promise.all(Array.from({ length: SCAN_AT_ONCE }, worker));
    return found;
  }

  /**
   * One inspect and one logs read for the incident's round, one at a time per incident: a crash
   * loop's deaths 100 ms apart cost one read each at most, and a round that moved on meanwhile
   * is read again when this one ends.
   */
  private read(incident: Incident): void {
    if (this.reading.has(incident.seq) || this.abort.signal.aborted) return;
    this.reading.add(incident.seq);
    void this.details(incident).then((details) => {
      this.reading.delete(incident.seq);
      if (this.abort.signal.aborted) return;
      this.apply(withDetails(this.detector, incident.seq, incident.round, details));
      const again = wantingDetails(this.detector).find((i) => i.seq === incident.seq);
      if (again) this.read(again);
    });
  }

  private async details(incident: Incident): Promise<IncidentDetails> {
    const signal = this.abort.signal;
    let inspect: ContainerInspect;
    try {
      inspect = await this.client().inspectContainer(incident.containerId, signal);
    } catch (error) {
      return { error: (error as Error).message };
    }
    const state = inspect.State;
    const bounds = runBounds(incident, state?.StartedAt);
    const memory = memoryLimit(inspect);
    const found: IncidentDetails = {
      health: state?.Health?.Log ?? undefined,
      ...(state?.OOMKilled !== undefined && { oomKilled: state.OOMKilled }),
      ...(inspect.RestartCount !== undefined && { restartCount: inspect.RestartCount }),
      ...(typeof memory === 'number' && { memoryLimit: memory }),
      ...(bounds.startedNs !== undefined && { startedNs: bounds.startedNs }),
      ...(bounds.wholeLog && { wholeLog: true }),
    };
    try {
      return { ...found, lines: await this.lastLines(incident, inspect, bounds, signal) };
    } catch (error) {
      return { ...found, error: (error as Error).message };
    }
  }

  /** The run's last lines: from its start (else the log's), until the event. */
  private async lastLines(incident: Incident, inspect: ContainerInspect, bounds: ReturnType<typeof runBounds>, signal: AbortSignal): Promise<string[]> {
    const splitter = new LineSplitter();
    const kept: string[] = [];
    const keep = (lines: ReturnType<LineSplitter['push']>) => {
      for (const line of lines) kept.push(line.text);
      if (kept.length > LAST_LINES) kept.splice(0, kept.length - LAST_LINES);
    };
    const chunks = this.client().logs(incident.containerId, {
      tty: inspect.Config?.Tty === true,
      ...(bounds.since !== undefined && { since: bounds.since }),
      until: bounds.until,
      signal,
    });
    for await (const chunk of chunks) keep(splitter.push(chunk));
    keep(splitter.flush());
    return kept;
  }
}

/** `HostConfig.Memory` (bytes; 0: no limit), when the engine gave a number. */
function memoryLimit(inspect: ContainerInspect): number | undefined {
  const host = inspect.HostConfig;
  return typeof host === 'object' && host !== null && 'Memory' in host && typeof host.Memory === 'number' ? host.Memory : undefined;
}

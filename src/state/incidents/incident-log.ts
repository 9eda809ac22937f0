/**
 * The incidents as a live source (state/sources.ts): the engine's events folded by the detector
 * (detect.ts), and for each incident, once per death or turn, what one inspect and one logs read
 * add: the last health-check probes, OOMKilled, the restart count and the run's last log lines,
 * read with `since` (the end of the run before) and `until` (the death), not `tail`, which the
 * engine applies before `until` and so would return the last lines of a later run.
 *
 * It listens from the start, shown or not, and costs nothing between incidents: no polling. The
 * incidents live as long as the engine's session (the sync loop reconnects within it), and are
 * never written anywhere.
 */
import type { EngineClient } from '../../engine/client.ts';
import type { ContainerInspect, EngineEvent } from '../../engine/types.ts';
import { LineSplitter } from '../logs/line-splitter.ts';
import type { LiveSource } from '../live-source.ts';
import { Store } from '../store.ts';
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
}

/** Engine time in ns as the `since`/`until` a logs request takes ("1700000000.123456789"). */
export function engineSeconds(ns: number): string {
  const whole = Math.floor(ns / 1e9);
  const fraction = Math.max(0, Math.round(ns - whole * 1e9));
  return `${whole}.${String(Math.min(fraction, 999_999_999)).padStart(9, '0')}`;
}

export class IncidentLog implements LiveSource<IncidentsState> {
  readonly store = new Store<IncidentsState>({ incidents: [] });
  private detector: DetectorState;
  private readonly policy: LoopPolicy;
  /** Incidents (their seq) whose details are being read: one read at a time each. */
  private readonly reading = new Set<number>();
  private readonly abort = new AbortController();
  private timer: NodeJS.Timeout | undefined;

  /**
   * Published at most every `publishMs`: a crash loop's die and start come in pairs, 100 ms
   * apart at first, and each publication is a frame; a notice a quarter second late is not.
   */
  constructor(
    private readonly client: () => EngineClient,
    options: IncidentOptions = {},
    private readonly publishMs = 250,
  ) {
    this.policy = options.loop ?? DEFAULT_LOOP_POLICY;
    this.detector = { ...emptyDetector, muted: options.mute ?? [] };
    this.store.update(() => this.published(this.detector));
  }

  /** It follows every event from the start, shown or not: nothing to start or stop. */
  watch(): void {}

  onEngineEvent(event: EngineEvent): void {
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
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private apply(next: DetectorState): void {
    if (next === this.detector) return;
    const before = this.detector;
    this.detector = next;
    if (next.incidents !== before.incidents || next.latest !== before.latest || next.muted !== before.muted) this.publish();
    for (const incident of wantingDetails(next)) this.read(incident);
  }

  private publish(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.store.update(() => this.published(this.detector));
    }, this.publishMs);
  }

  private published(state: DetectorState): IncidentsState {
    return { incidents: state.incidents, latest: state.latest, mutedNames: state.muted.flatMap((r) => ('name' in r ? [r.name] : [])) };
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
    const found: IncidentDetails = {
      health: state?.Health?.Log ?? undefined,
      ...(state?.OOMKilled !== undefined && { oomKilled: state.OOMKilled }),
      ...(inspect.RestartCount !== undefined && { restartCount: inspect.RestartCount }),
    };
    try {
      return { ...found, lines: await this.lastLines(incident, inspect, signal) };
    } catch (error) {
      return { ...found, error: (error as Error).message };
    }
  }

  /** The run's last lines: since the death before it (else the whole log), until the event. */
  private async lastLines(incident: Incident, inspect: ContainerInspect, signal: AbortSignal): Promise<string[]> {
    const splitter = new LineSplitter();
    const kept: string[] = [];
    const keep = (lines: ReturnType<LineSplitter['push']>) => {
      for (const line of lines) kept.push(line.text);
      if (kept.length > LAST_LINES) kept.splice(0, kept.length - LAST_LINES);
    };
    const chunks = this.client().logs(incident.containerId, {
      tty: inspect.Config?.Tty === true,
      ...(incident.sinceNs !== undefined && { since: engineSeconds(incident.sinceNs) }),
      // A line written in the same instant as the death still belongs to the run.
      until: engineSeconds(incident.untilNs + 1e6),
      signal,
    });
    for await (const chunk of chunks) keep(splitter.push(chunk));
    keep(splitter.flush());
    return kept;
  }
}

/**
 * Which log lines are an incident's run's own: the `since` and `until` of its logs read. `until`
 * is the event (the death; an OOM kill's death, not its `oom` event, which the shell's `Killed`
 * line follows). `since` is the later of the death before it (when berth saw it) and the run's
 * start: its start event, or inspect's `State.StartedAt` when that is this run's (not later than
 * the event; a restart policy may have started the next run by the time inspect answers), or
 * what an earlier read of the same run found. Without either, the log's start: then the lines
 * may be earlier runs' too, and the card says so.
 */
import type { Incident } from './detect.ts';

/**
 * How much earlier than the run's start its first line may be stamped. dockerd stamps a line when
 * it reads it and sets StartedAt only once containerd says the process started: a first line was
 * seen 3 ms before StartedAt. Less than the 100 ms a restart policy waits before a start (a
 * manual restart takes longer still), so the run before's lines stay out.
 */
export const START_SLACK_NS = 100e6;

/** A line written in the same instant as the death still belongs to the run. */
const UNTIL_SLACK_NS = 1e6;

/** An engine time ("2026-12-02T06:02:13.576727545Z") as ns since the epoch; undefined for none (Go's zero time). */
export function engineTimeNs(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const match = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?(Z|[+-]\d\d:\d\d)$/.exec(text);
  if (!match) return undefined;
  const [, seconds = '', fraction = '', zone = ''] = match;
  const ms = Date.parse(`${seconds}${zone}`);
  if (!Number.isFinite(ms) || ms <= 0) return undefined;
  return ms * 1e6 + Number(fraction.padEnd(9, '0'));
}

/** Engine time in ns as the `since`/`until` a logs request takes ("1700000000.123456789"). */
export function engineSeconds(ns: number): string {
  const whole = Math.floor(ns / 1e9);
  const fraction = Math.max(0, Math.round(ns - whole * 1e9));
  return `${whole}.${String(Math.min(fraction, 999_999_999)).padStart(9, '0')}`;
}

export interface RunBounds {
  /** Engine seconds; undefined: from the log's start. */
  since?: string;
  until: string;
  /** The run's start as found (ns), to be remembered for the next read of the same run. */
  startedNs?: number;
  /** Nothing bounds the run from below: the lines may be earlier runs' too. */
  wholeLog: boolean;
}

export function runBounds(incident: Pick<Incident, 'sinceNs' | 'untilNs' | 'startedNs' | 'details'>, startedAt: string | undefined): RunBounds {
  const inspected = engineTimeNs(startedAt);
  const earlier = incident.details?.startedNs;
  const candidates = [
    incident.startedNs,
    inspected !== undefined && inspected <= incident.untilNs ? inspected : undefined,
    earlier !== undefined && earlier <= incident.untilNs && (incident.sinceNs === undefined || earlier > incident.sinceNs) ? earlier : undefined,
  ].filter((ns): ns is number => ns !== undefined);
  // Each is this run's start, give or take moments: the latest keeps an earlier run out surest.
  const startedNs = candidates.length > 0 ? Math.max(...candidates) : undefined;
  const from = [incident.sinceNs, startedNs === undefined ? undefined : startedNs - START_SLACK_NS].filter((ns): ns is number => ns !== undefined);
  const sinceNs = from.length > 0 ? Math.max(...from) : undefined;
  return {
    ...(sinceNs !== undefined && { since: engineSeconds(sinceNs) }),
    until: engineSeconds(incident.untilNs + UNTIL_SLACK_NS),
    ...(startedNs !== undefined && { startedNs }),
    wholeLog: sinceNs === undefined,
  };
}

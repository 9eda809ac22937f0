/**
 * The age inside an engine's container Status text ("Up 26 seconds", "Exited (0) 3 minutes ago",
 * "Up 2 hours (healthy)"). The engine writes it with go-units' HumanDuration when it answers, so
 * the text is right only at that moment; read as a range of ages, it can be carried forward from
 * when the answer arrived, and two answers can be told apart from the same container merely
 * growing older between them (which is not a change worth a repaint).
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export interface StatusAge {
  /** The text before the duration: "Up ", "Exited (0) ", "Restarting (1) ". */
  before: string;
  /** The text after it: "", " ago", " (healthy)", " (Paused)". */
  after: string;
  /** The ages (ms) the duration text stands for: from `low` up to, not including, `high`. */
  low: number;
  high: number;
}

const DURATION =
  /^(Up|Exited \(-?\d+\)|Restarting \(-?\d+\)) (Less than a second|1 second|\d+ seconds|About a minute|\d+ minutes|About an hour|\d+ hours|\d+ days|\d+ weeks|\d+ months|\d+ years)( ago)?(.*)$/;

/**
 * The range of ages a go-units HumanDuration text means, in ms, or undefined for any other text.
 * Seconds and minutes are truncated, hours rounded (1h29m is "About an hour"), and days, weeks,
 * months (30 days) and years (365 days) count whole rounded hours.
 */
export function durationRange(text: string): { low: number; high: number } | undefined {
  if (text === 'Less than a second') return { low: 0, high: SECOND };
  if (text === 'About a minute') return { low: MINUTE, high: 2 * MINUTE };
  if (text === 'About an hour') return { low: HOUR, high: 1.5 * HOUR };
  const match = /^(\d+) (second|seconds|minutes|hours|days|weeks|months|years)$/.exec(text);
  if (!match) return undefined;
  const n = Number(match[1]);
  const hours = (from: number, to: number) => ({ low: (from - 0.5) * HOUR, high: (to - 0.5) * HOUR });
  switch (match[2]) {
    case 'second':
    case 'seconds':
      return { low: n * SECOND, high: (n + 1) * SECOND };
    case 'minutes':
      return { low: n * MINUTE, high: (n + 1) * MINUTE };
    case 'hours':
      return { low: (n - 0.5) * HOUR, high: (n + 0.5) * HOUR };
    case 'days':
      return hours(24 * n, 24 * (n + 1));
    case 'weeks':
      return hours(168 * n, 168 * (n + 1));
    case 'months':
      return hours(720 * n, 720 * (n + 1));
    default:
      return { low: 8760 * n * HOUR, high: 8760 * (n + 1) * HOUR };
  }
}

/** The age in a Status text, or undefined when it has none ("Created", "Dead", another engine's words). */
export function statusAge(status: string | undefined): StatusAge | undefined {
  const match = DURATION.exec(status ?? '');
  if (!match) return undefined;
  const range = durationRange(match[2] ?? '');
  if (!range) return undefined;
  return { before: `${match[1]} `, after: `${match[3] ?? ''}${match[4] ?? ''}`, ...range };
}

/**
 * The age (ms) at `nowMs` of a Status text that arrived at `answeredAtMs`. The text alone gives
 * the least age it allows, grown by the time since: never ahead of what the engine would write,
 * behind by at most the text's own unit ("Up 26 seconds" by a second, "Up 3 minutes" by a
 * minute). `sinceMs`, the engine's own StartedAt (FinishedAt for an exit), makes it exact; it is
 * held within what the text allows, so an engine clock set differently from ours, or a time from
 * before a restart the list already shows, cannot put the age anywhere the text rules out.
 */
export function ageNow(age: StatusAge, answeredAtMs: number, nowMs: number, sinceMs?: number): number {
  const grown = nowMs - answeredAtMs;
  const least = age.low + grown;
  if (sinceMs === undefined || !Number.isFinite(sinceMs)) return least;
  return Math.min(Math.max(nowMs - sinceMs, least), age.high + grown - 1);
}

/** Whether the age in a Status text counts from the container's start ("Up …") or from its end ("Exited (0) … ago"). */
export function agedFrom(age: StatusAge): 'start' | 'end' {
  return age.before === 'Up ' ? 'start' : 'end';
}

/** Whether a Status text says its age only to the minute or coarser, so that the engine's own times are worth asking for. */
export function isCoarse(status: string | undefined): boolean {
  const age = statusAge(status);
  return age !== undefined && age.high - age.low > SECOND;
}

/** Answers are stamped on arrival, not when the engine wrote them: allow for the time in between. */
const SLACK_MS = 2 * SECOND;

/**
 * Whether status `b` (arrived at `bAt`) says nothing that `a` (arrived at `aAt`) did not: the same
 * text, or the same words around a duration that only grew by the time between the answers. A
 * restart, a new exit code or a health change all read as different.
 */
export function sameStatus(a: string | undefined, aAt: number, b: string | undefined, bAt: number): boolean {
  if (a === b) return true;
  const older = statusAge(a);
  const newer = statusAge(b);
  if (!older || !newer || older.before !== newer.before || older.after !== newer.after) return false;
  const grown = bAt - aAt;
  return older.low + grown - SLACK_MS < newer.high && newer.low < older.high + grown + SLACK_MS;
}

// Time windows for the logs view: the last 1 m / 5 m / 15 m / 1 h, since the container started, or
// a typed `since [until]`. A point is relative ("10m": ten minutes before the window is opened) or
// an RFC 3339 time; relative points stay relative here so that the keys stay pure functions, and
// become times when the session opens the window (`resolveWindow`).

export type TimePoint = { readonly agoMs: number } | { readonly atMs: number };

export interface TimeWindow {
  /** What the status line calls it: "last 5 m", "since the container started", "10m – 5m". */
  readonly label: string;
  readonly since?: TimePoint;
  readonly until?: TimePoint;
  /** From the start of the container's current run (its State.StartedAt). */
  readonly started?: boolean;
}

/** What `T` cycles through, after "everything". */
export const WINDOW_PRESETS: readonly TimeWindow[] = [
  { label: 'last 1 m', since: { agoMs: 60_000 } },
  { label: 'last 5 m', since: { agoMs: 5 * 60_000 } },
  { label: 'last 15 m', since: { agoMs: 15 * 60_000 } },
  { label: 'last 1 h', since: { agoMs: 60 * 60_000 } },
  { label: 'since the container started', started: true },
];

/** The preset after the one labelled `label` (none, or a typed window: the first); undefined after the last (everything). */
export function nextPreset(label: string | undefined): TimeWindow | undefined {
  if (label === undefined) return WINDOW_PRESETS[0];
  const at = WINDOW_PRESETS.findIndex((w) => w.label === label);
  return at < 0 ? WINDOW_PRESETS[0] : WINDOW_PRESETS[at + 1];
}

const UNITS: Readonly<Record<string, number>> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const RELATIVE = /^-?(\d+(?:\.\d+)?)(s|m|h|d)$/;
// RFC 3339: a date, `T` or a space, a time, an optional fraction, and `Z` or an offset (required:
// a time without a zone would mean the machine's, which is rarely the engine's).
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2})$/;

/** One point: `10m` (ago), `1.5h`, `30s`, `2d`, or an RFC 3339 time with its zone. */
export function parseTimePoint(text: string): TimePoint | string {
  const t = text.trim();
  const relative = RELATIVE.exec(t);
  if (relative !== null) return { agoMs: Math.round(Number(relative[1]) * (UNITS[relative[2] as string] as number)) };
  if (RFC3339.test(t)) {
    const at = Date.parse(t.replace(' ', 'T'));
    if (Number.isFinite(at)) return { atMs: at };
  }
  return `"${t}" is not a time: write 10m, 2h, 30s, 1d or an RFC 3339 time such as 2024-05-01T10:00:00Z`;
}

/** `since [until]` as typed; a string when it cannot be read (the message says why). */
export function parseTimeWindow(text: string): TimeWindow | string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  // A space between an RFC 3339 date and time would split it: join them back.
  const points: string[] = [];
  for (const word of words) {
    const previous = points[points.length - 1];
    if (previous !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(previous) && /^\d{2}:\d{2}/.test(word)) points[points.length - 1] = `${previous}T${word}`;
    else points.push(word);
  }
  if (points.length === 0 || points.length > 2) return 'type a start, and an end if you want one: 10m, or 1h 30m, or two RFC 3339 times';
  const since = parseTimePoint(points[0] as string);
  if (typeof since === 'string') return since;
  const until = points[1] === undefined ? undefined : parseTimePoint(points[1]);
  if (typeof until === 'string') return until;
  const label = points.length === 1 ? `since ${points[0]}${'agoMs' in since ? ' ago' : ''}` : `${points[0]} – ${points[1]}`;
  return { label, since, ...(until === undefined ? {} : { until }) };
}

/** The window's times as epoch milliseconds, at `nowMs` (`startedMs`: when the container's run began). */
export function resolveWindow(window: TimeWindow, nowMs: number, startedMs?: number): { sinceMs?: number; untilMs?: number } {
  const at = (p: TimePoint | undefined) => (p === undefined ? undefined : 'agoMs' in p ? nowMs - p.agoMs : p.atMs);
  return { sinceMs: window.started === true ? startedMs : at(window.since), untilMs: at(window.until) };
}

/** An engine `since`/`until` (seconds, with a fraction) for epoch milliseconds. */
export function engineSeconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

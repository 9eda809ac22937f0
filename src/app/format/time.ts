// Times as the docker CLI shows them: go-units' HumanDuration, to the second as `docker ps` prints them.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * go-units `HumanDuration`: seconds and minutes truncate, hours round to nearest (1h29m is
 * "About an hour", 1h31m is "2 hours"), then days below two weeks, weeks below 60 days,
 * months (30 days) below two years, years (365 days) after that.
 */
export function humanDuration(ms: number): string {
  const d = Number.isFinite(ms) && ms > 0 ? ms : 0;
  const seconds = Math.floor(d / SECOND);
  if (seconds < 1) return 'Less than a second';
  if (seconds === 1) return '1 second';
  if (seconds < 60) return `${seconds} seconds`;
  const minutes = Math.floor(d / MINUTE);
  if (minutes === 1) return 'About a minute';
  if (minutes < 60) return `${minutes} minutes`;
  const hours = Math.round(d / HOUR);
  if (hours === 1) return 'About an hour';
  if (hours < 48) return `${hours} hours`;
  if (hours < 24 * 7 * 2) return `${Math.floor(hours / 24)} days`;
  if (hours < 24 * 30 * 2) return `${Math.floor(hours / 24 / 7)} weeks`;
  if (hours < 24 * 365 * 2) return `${Math.floor(hours / 24 / 30)} months`;
  return `${Math.floor(Math.floor(d / HOUR) / 24 / 365)} years`;
}

/**
 * `docker ps` and `docker images` CREATED: "12 seconds ago", "About an hour ago", "2 weeks ago",
 * from the local clock as the docker CLI computes it (go-units of now minus the `Created` second).
 *
 * `epochSeconds` is the engine's unix timestamp (the `Created` field of list endpoints). Missing,
 * non-finite or non-positive values give `-`: some engines report 0 for "unknown", and "56 years ago"
 * would be a confident lie. A timestamp in the future — routine when a remote engine's clock runs
 * ahead of ours — reads "Less than a second ago", as the docker CLI reads it.
 */
export function formatRelative(epochSeconds: number | undefined, nowMs: number): string {
  if (epochSeconds === undefined || !Number.isFinite(epochSeconds) || epochSeconds <= 0) return '-';
  return `${humanDuration(nowMs - epochSeconds * 1000)} ago`;
}

/**
 * The least age (ms) past `ageMs` at which `humanDuration` reads differently: the next second
 * under a minute, the next minute under an hour, then the next half hour where the rounded hours
 * reach the next whole count of the unit shown (hours, days, weeks, months), and the next whole
 * year (go-units counts years from the hours cut down, not rounded). Exact: the text is the same
 * up to that age and differs at it, so the screen can redraw then and not before.
 */
export function nextDurationChange(ageMs: number): number {
  const age = Number.isFinite(ageMs) ? ageMs : 0;
  if (age < SECOND) return SECOND;
  if (age < MINUTE) return (Math.floor(age / SECOND) + 1) * SECOND;
  if (age < HOUR) return (Math.floor(age / MINUTE) + 1) * MINUTE;
  const hours = Math.round(age / HOUR);
  // The age at which the rounded hours reach `h`.
  const at = (h: number) => (h - 0.5) * HOUR;
  if (hours < 48) return at(hours + 1);
  if (hours < 24 * 14) return at((Math.floor(hours / 24) + 1) * 24);
  if (hours < 24 * 60) return at(Math.min((Math.floor(hours / 168) + 1) * 168, 24 * 60));
  if (hours < 24 * 365 * 2) return at(Math.min((Math.floor(hours / 720) + 1) * 720, 24 * 365 * 2));
  return (Math.floor(Math.floor(age / HOUR) / 8760) + 1) * 8760 * HOUR;
}

/** How long (ms, > 0) until `humanDuration` of an age that keeps growing reads differently. */
export function untilDurationChanges(ageMs: number): number {
  const age = Number.isFinite(ageMs) ? ageMs : 0;
  return nextDurationChange(age) - age;
}

/**
 * The first moment (epoch ms) after `nowMs` at which `formatRelative(epochSeconds, ·)` may read
 * differently, or Infinity when it never will ("-"). Lets the UI repaint relative times when
 * they change rather than on a fixed tick: a list of day-old containers then costs nothing idle.
 */
export function nextRelativeChange(epochSeconds: number | undefined, nowMs: number): number {
  if (epochSeconds === undefined || !Number.isFinite(epochSeconds) || epochSeconds <= 0 || !Number.isFinite(nowMs)) return Infinity;
  return nowMs + untilDurationChanges(nowMs - epochSeconds * 1000);
}

/** Stopwatch form for pull/build timers: `0:07`, `12:34`, `1:02:03`. Negative or non-finite input reads `0:00`. */
export function formatElapsed(ms: number): string {
  const total = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / SECOND) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${pad2(m)}:${pad2(s)}` : `${m}:${pad2(s)}`;
}

/** Local wall-clock time, 24-hour, for "last refresh 14:03:27". An invalid date reads `--:--:--`. */
export function formatClock(date: Date): string {
  if (Number.isNaN(date.getTime())) return '--:--:--';
  return `${pad2(date.getHours())}:${pad2(date.getMinutes())}:${pad2(date.getSeconds())}`;
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

// Times as the docker CLI shows them (go-units' wording), in minutes and up: see coarseDuration.

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
 * How berth writes an age: as go-units does from a minute on ("About a minute", "3 minutes",
 * "2 hours"), and "Less than a minute" below that, where the docker CLI counts seconds.
 *
 * Why not seconds: berth repaints the whole screen whenever any text on it changes (Ink draws
 * frames, not cells), and a repaint costs ~60–120 ms of CPU. Seconds would change every second
 * for as long as one container is under a minute old — a repaint a second, 5–10 % of a core, where
 * the idle budget is 0.2 %. In minutes, a young container changes its texts once in its first
 * minute and once a minute after that, and every text is still right to within its own unit.
 */
export function coarseDuration(ms: number): string {
  const d = Number.isFinite(ms) && ms > 0 ? ms : 0;
  return d < MINUTE ? 'Less than a minute' : humanDuration(d);
}

/**
 * `docker ps` CREATED, in minutes and up: "Less than a minute ago", "About an hour ago", "2 weeks ago".
 *
 * `epochSeconds` is the engine's unix timestamp (the `Created` field of list endpoints). Missing,
 * non-finite or non-positive values give `-`: some engines report 0 for "unknown", and "56 years ago"
 * would be a confident lie. A timestamp in the future — routine when a remote engine's clock runs
 * ahead of ours — reads "Less than a minute ago", as the docker CLI reads it "Less than a second ago".
 */
export function formatRelative(epochSeconds: number | undefined, nowMs: number): string {
  if (epochSeconds === undefined || !Number.isFinite(epochSeconds) || epochSeconds <= 0) return '-';
  return `${coarseDuration(nowMs - epochSeconds * 1000)} ago`;
}

/**
 * How long (ms, > 0) until `coarseDuration` of an age that keeps growing reads differently: the
 * next whole minute under an hour, the next half hour past it (hours round there, years turn on
 * the whole hour), which is early for "3 days" but never late.
 */
export function untilDurationChanges(ageMs: number): number {
  const age = Number.isFinite(ageMs) ? ageMs : 0;
  if (age < MINUTE) return MINUTE - age;
  if (age < HOUR) return (Math.floor(age / MINUTE) + 1) * MINUTE - age;
  return (Math.floor(age / (HOUR / 2)) + 1) * (HOUR / 2) - age;
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

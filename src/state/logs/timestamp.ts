// The engine prefixes every line with its RFC3339Nano receive time when asked for `timestamps=1`.
// Parsing it here, rather than with `Date.parse`, is deliberate: `Date.parse` is lenient about
// formats we must reject (so a line that merely starts with a date-like word keeps its text) and is
// not specified for more than three fractional digits.

import type { LogLine } from './types.ts';

// Docker prints exactly nine fractional digits and `Z`; other engines (podman) may print fewer
// digits or an offset, so those are accepted too. Anything looser is treated as message text.
const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:[Zz]|([+-])(\d{2}):(\d{2}))/;

/**
 * Longest prefix `splitTimestamp` can consume: `2006-01-02T15:04:05.999999999+07:00` and its space.
 * The splitter keeps this much beyond its line cap so that a capped line's text still gets the full cap.
 */
export const MAX_TIMESTAMP_PREFIX = 36;

export interface SplitTimestamp {
  /** The raw timestamp, without the separating space. */
  readonly time: string;
  readonly timeMs: number;
  /** The line after the timestamp and its single separating space. */
  readonly rest: string;
}

/**
 * Splits `<RFC3339 timestamp> <message>` into its parts, or returns `undefined` when the line does not
 * start with a valid timestamp followed by a space (or nothing: an empty message may lose its space).
 */
export function splitTimestamp(line: string): SplitTimestamp | undefined {
  return sameSecond(line) ?? parseTimestamp(line);
}

/** `YYYY-MM-DDTHH:MM:SS`: what a timestamp's second is written as, before its fraction and zone. */
const SECOND_CHARS = 19;

/**
 * The last timestamp's second as written (`head`), its zone as written, and that second in ms.
 * A log's lines nearly all share their second with the line before: a line starting with the same
 * second and zone needs only its fraction read, not the pattern and a Date (B14's whole-history
 * search of 1,000,000 lines spent a fifth of its CPU parsing timestamps).
 */
let lastSecond = { head: '', zone: '', ms: 0 };

/** The same result as parseTimestamp for a line within `lastSecond`, else undefined (parseTimestamp decides). */
function sameSecond(line: string): SplitTimestamp | undefined {
  const { head, zone, ms } = lastSecond;
  if (head === '' || !line.startsWith(head)) return undefined;
  let at = SECOND_CHARS;
  let millis = 0;
  if (line.charCodeAt(at) === 0x2e) {
    const from = ++at;
    while (at - from < 9 && isDigit(line.charCodeAt(at))) {
      // Truncated to the millisecond, as parseTimestamp does.
      if (at - from < 3) millis += (line.charCodeAt(at) - 0x30) * (at === from ? 100 : at === from + 1 ? 10 : 1);
      at++;
    }
    if (at === from) return undefined;
  }
  if (!line.startsWith(zone, at)) return undefined;
  const end = at + zone.length;
  if (end < line.length && line.charCodeAt(end) !== 0x20) return undefined;
  return { time: line.slice(0, end), timeMs: ms + millis, rest: end < line.length ? line.slice(end + 1) : '' };
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** The nanoseconds of a timestamp's fraction (`.5` is 500,000,000), 0 without one; `time` as splitTimestamp gives it. */
export function fractionNanos(time: string): number {
  if (time.charCodeAt(SECOND_CHARS) !== 0x2e) return 0;
  let nanos = 0;
  let digits = 0;
  for (let at = SECOND_CHARS + 1; digits < 9 && isDigit(time.charCodeAt(at)); at++, digits++) nanos = nanos * 10 + (time.charCodeAt(at) - 0x30);
  return nanos * 10 ** (9 - digits);
}

/** The pattern and a Date: any timestamp, and the second it names kept for the next line's (exported for the property test that holds sameSecond to it). */
export function parseTimestamp(line: string): SplitTimestamp | undefined {
  const m = RFC3339.exec(line);
  if (m === null) return undefined;
  const end = m[0].length;
  if (end < line.length && line.charCodeAt(end) !== 0x20) return undefined;

  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const hour = Number(m[4]);
  const minute = Number(m[5]);
  const second = Number(m[6]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  // 60 is a leap second, which RFC3339 allows; it rolls over into the next minute below.
  if (hour > 23 || minute > 59 || second > 60) return undefined;
  // Truncate rather than round so a line's `timeMs` never claims to be later than it was.
  const millis = m[7] === undefined ? 0 : Number(m[7].padEnd(3, '0').slice(0, 3));

  let offsetMinutes = 0;
  if (m[8] !== undefined) {
    const offHours = Number(m[9]);
    const offMinutes = Number(m[10]);
    if (offHours > 23 || offMinutes > 59) return undefined;
    offsetMinutes = (m[8] === '-' ? -1 : 1) * (offHours * 60 + offMinutes);
  }

  // Not Date.UTC: it maps years 0–99 to 1900–1999, and Go's zero time is year 1.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute - offsetMinutes, second, millis);
  const timeMs = date.getTime();
  if (!Number.isFinite(timeMs)) return undefined;

  // The zone as written: `Z` (or `z`), or the offset's six characters, which end the match.
  const zone = m[8] === undefined ? m[0].slice(-1) : m[0].slice(-6);
  lastSecond = { head: m[0].slice(0, SECOND_CHARS), zone, ms: timeMs - millis };
  return { time: m[0], timeMs, rest: end < line.length ? line.slice(end + 1) : '' };
}

/**
 * Whether `line` is strictly newer than `sinceMs`. Lines without a timestamp are kept: they cannot be
 * proven to be duplicates, and hiding output is worse than showing a line twice.
 */
export function isAfter(line: LogLine, sinceMs: number): boolean {
  return line.timeMs === undefined || line.timeMs > sinceMs;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

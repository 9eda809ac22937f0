/**
 * A log line's timestamp as the logs view shows it: in UTC as the engine wrote it, in local time
 * (the TZ berth runs under), or relative to now; in a format config.json picks (`logTimeFormat`:
 * "iso", the default — RFC 3339, UTC with the engine's own fraction, local with its offset;
 * "time", HH:MM:SS.mmm; "datetime", YYYY-MM-DD HH:MM:SS). `t` in the logs view cycles off → UTC →
 * local → relative → off. Saved logs (`w`) keep the engine's own stamps, as `docker logs -t`.
 */
import type { StampZone } from '../../state/logs/view-model.ts';

export type StampFormat = 'iso' | 'time' | 'datetime';
export const STAMP_FORMATS: readonly StampFormat[] = ['iso', 'time', 'datetime'];

let chosen: StampFormat = 'iso';

/** The format config.json chose (set once as berth starts). */
export function setStampFormat(format: StampFormat): void {
  chosen = format;
}

export function stampFormat(): StampFormat {
  return chosen;
}

const two = (n: number) => String(n).padStart(2, '0');
const three = (n: number) => String(n).padStart(3, '0');

/** `-12s`, `-3m04s`, `-2h05m`, `-3d04h`: how long before `now` (a line from the future: `+…`). */
export function relativeStamp(ms: number, now: number): string {
  const diff = now - ms;
  const sign = diff < 0 ? '+' : '-';
  const s = Math.floor(Math.abs(diff) / 1000);
  if (s < 60) return `${sign}${s}s`;
  if (s < 3600) return `${sign}${Math.floor(s / 60)}m${two(s % 60)}s`;
  if (s < 86_400) return `${sign}${Math.floor(s / 3600)}h${two(Math.floor(s / 60) % 60)}m`;
  return `${sign}${Math.floor(s / 86_400)}d${two(Math.floor(s / 3600) % 24)}h`;
}

function localStamp(ms: number, format: StampFormat): string {
  const d = new Date(ms);
  const date = `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
  const time = `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
  if (format === 'time') return `${time}.${three(d.getMilliseconds())}`;
  if (format === 'datetime') return `${date} ${time}`;
  const offset = -d.getTimezoneOffset();
  const zone = offset === 0 ? 'Z' : `${offset > 0 ? '+' : '-'}${two(Math.floor(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`;
  return `${date}T${time}.${three(d.getMilliseconds())}${zone}`;
}

function utcStamp(time: string | undefined, ms: number, format: StampFormat): string {
  // The engine's own text keeps its nanoseconds; the other formats are cut from it.
  const iso = time ?? new Date(ms).toISOString();
  if (format === 'iso') return iso;
  const date = iso.slice(0, 10);
  const clock = iso.slice(11, 19);
  if (format === 'datetime') return `${date} ${clock}`;
  const fraction = /^\.(\d{1,3})/.exec(iso.slice(19))?.[1] ?? '';
  return `${clock}.${fraction.padEnd(3, '0')}`;
}

/** The stamp shown before a line, or undefined when the line has none. */
export function lineStamp(line: { time?: string; timeMs?: number }, zone: StampZone, now: number, format: StampFormat = chosen): string | undefined {
  const ms = line.timeMs ?? (line.time === undefined ? undefined : Date.parse(line.time));
  if (ms === undefined || !Number.isFinite(ms)) return line.time;
  if (zone === 'relative') return relativeStamp(ms, now);
  return zone === 'local' ? localStamp(ms, format) : utcStamp(line.time, ms, format);
}

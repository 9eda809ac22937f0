import { useEffect, useState } from 'react';

/**
 * The current time, ticking every `periodMs` (or not at all with 0). Relative times ("3
 * minutes ago") are coarse, so a slow tick keeps them right without costing idle CPU.
 */
export function useClock(periodMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (periodMs <= 0) return undefined;
    const timer = setInterval(() => setNow(Date.now()), periodMs);
    return () => clearInterval(timer);
  }, [periodMs]);
  return now;
}

/** setTimeout fires at once for delays past 2^31-1 ms; nothing here needs to wait that long. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * The current time for text that changes only at moments known in advance (relative times):
 * read again at `nextChange(now)`, but never sooner than `minPeriodMs` after the last read.
 * Every tick repaints the whole screen, so a list of hour-old containers should not tick every
 * few seconds. `nextChange` is an effect dependency: memoise it on the data it reads.
 */
export function useClockUntil(nextChange: (nowMs: number) => number, minPeriodMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const at = nextChange(now);
    if (!Number.isFinite(at)) return undefined;
    const current = Date.now();
    const delay = Math.min(Math.max(at - current, now + minPeriodMs - current, 0), MAX_DELAY_MS);
    const timer = setTimeout(() => setNow(Date.now()), delay);
    return () => clearTimeout(timer);
  }, [now, nextChange, minPeriodMs]);
  return now;
}

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
 * How long until the clock should read again: `lagMs` after the text would first change
 * (`changeAt`), never negative.
 *
 * Why late on purpose: fifty containers made a few seconds apart, and the CREATED and STATUS
 * columns of each, change at many moments in each minute, and each tick repaints the whole
 * screen. Waiting `lagMs` after the first of them draws every change up to then in one frame (a
 * cluster of containers started together: one frame a minute), while no text is ever later than
 * `lagMs` behind what `docker ps` prints.
 */
export function tickDelay(changeAt: number, lagMs: number, current: number): number {
  return Math.min(Math.max(changeAt + lagMs - current, 0), MAX_DELAY_MS);
}

/**
 * The current time for text that changes only at moments known in advance (relative times):
 * read again `lagMs` after `nextChange(now)`. `nextChange` is an effect dependency: memoise it on
 * the data it reads.
 *
 * `freshAtMs` is when the data was last re-read: that render repaints the whole screen anyway,
 * so it shows the times as of then and the next tick counts from it.
 */
export function useClockUntil(nextChange: (nowMs: number) => number, lagMs: number, freshAtMs = 0): number {
  const [ticked, setTicked] = useState(() => Date.now());
  const now = Math.max(ticked, freshAtMs);
  useEffect(() => {
    const at = nextChange(now);
    if (!Number.isFinite(at)) return undefined;
    const timer = setTimeout(() => setTicked(Date.now()), tickDelay(at, lagMs, Date.now()));
    return () => clearTimeout(timer);
  }, [now, nextChange, lagMs]);
  return now;
}

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
 * How long until the clock should read again: when the text would change (`changeAt`), moved on
 * to the next multiple of `gridMs` of the wall clock (when given), but not sooner than
 * `minPeriodMs` after the time the screen shows (`shownAt`), and never negative.
 *
 * Why a grid: fifty containers made a few seconds apart, and the CREATED and STATUS columns of
 * each (a container is started after it is made, and the engine's "Up 2 minutes" says its age
 * only to the minute), change at many moments in each minute; each tick repaints the whole
 * screen. On a one-minute grid they all change at once, one frame a minute, and no text is late
 * by more than its own unit.
 */
export function tickDelay(shownAt: number, changeAt: number, minPeriodMs: number, current: number, gridMs = 0): number {
  const at = gridMs > 0 && Number.isFinite(changeAt) ? Math.ceil(changeAt / gridMs) * gridMs : changeAt;
  return Math.min(Math.max(at - current, shownAt + minPeriodMs - current, 0), MAX_DELAY_MS);
}

/**
 * The current time for text that changes only at moments known in advance (relative times):
 * read again at `nextChange(now)`, but never sooner than `minPeriodMs` after the last read.
 * Every tick repaints the whole screen, so a list of hour-old containers should not tick every
 * few seconds. `nextChange` is an effect dependency: memoise it on the data it reads.
 *
 * `freshAtMs` is when the data was last re-read: that render repaints the whole screen anyway,
 * so it shows the times as of then and the next tick counts from it. A safety poll that brings
 * new status texts then repaints relative times too, instead of a tick repainting them again
 * moments before or after it.
 */
export function useClockUntil(nextChange: (nowMs: number) => number, minPeriodMs: number, freshAtMs = 0, gridMs = 0): number {
  const [ticked, setTicked] = useState(() => Date.now());
  const now = Math.max(ticked, freshAtMs);
  useEffect(() => {
    const at = nextChange(now);
    if (!Number.isFinite(at)) return undefined;
    const timer = setTimeout(() => setTicked(Date.now()), tickDelay(now, at, minPeriodMs, Date.now(), gridMs));
    return () => clearTimeout(timer);
  }, [now, nextChange, minPeriodMs, gridMs]);
  return now;
}

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

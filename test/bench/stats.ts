/** Summaries of repeated measurements: medians and spreads, never a single lucky run. */

export interface Summary {
  n: number;
  median: number;
  min: number;
  max: number;
  p25: number;
  p75: number;
  p95: number;
}

/** Linear-interpolated percentile (p in 0..100) of already sorted values. */
function percentileSorted(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const at = ((sorted.length - 1) * p) / 100;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  const a = sorted[lo] ?? Number.NaN;
  const b = sorted[hi] ?? Number.NaN;
  return a + (b - a) * (at - lo);
}

export function percentile(values: readonly number[], p: number): number {
  return percentileSorted([...values].sort((x, y) => x - y), p);
}

export function summarize(values: readonly number[]): Summary {
  const sorted = [...values].sort((x, y) => x - y);
  return {
    n: sorted.length,
    median: percentileSorted(sorted, 50),
    min: sorted[0] ?? Number.NaN,
    max: sorted[sorted.length - 1] ?? Number.NaN,
    p25: percentileSorted(sorted, 25),
    p75: percentileSorted(sorted, 75),
    p95: percentileSorted(sorted, 95),
  };
}

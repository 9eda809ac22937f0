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

/**
 * A distribution-free confidence interval for the median: the order statistics k and n+1−k
 * (1-based) of n values, with k the largest for which the interval still holds the true median
 * with at least `confidence` (the binomial count of values below the median, p = ½). Used where a
 * ratio is judged against a budget with a narrow margin: the verdict is only as good as this
 * interval is narrow. NaN bounds when n is too small for any interval at that confidence.
 */
export function medianInterval(values: readonly number[], confidence = 0.95): { low: number; high: number } {
  const sorted = [...values].sort((x, y) => x - y);
  const n = sorted.length;
  // P(k ≤ B ≤ n−k) = 1 − 2·P(B < k) for B ~ Binomial(n, ½), B the count below the median: the
  // coverage only falls as k grows, so the last k that still covers is the answer.
  let best = 0;
  let below = 0; // P(B < k)
  let choose = 1; // C(n, k − 1)
  for (let k = 1; k <= Math.floor(n / 2); k++) {
    below += choose / 2 ** n;
    choose = (choose * (n - k + 1)) / k;
    if (1 - 2 * below < confidence) break;
    best = k;
  }
  if (best === 0) return { low: Number.NaN, high: Number.NaN };
  return { low: sorted[best - 1] ?? Number.NaN, high: sorted[n - best] ?? Number.NaN };
}

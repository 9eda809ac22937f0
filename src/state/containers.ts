import type { ContainerSummary } from '../engine/types.ts';

/** `docker ps` without -a shows these; everything else needs "all". */
const liveStates = new Set(['running', 'paused', 'restarting']);

export function isLive(container: Pick<ContainerSummary, 'State'>): boolean {
  return liveStates.has((container.State ?? '').toLowerCase());
}

/**
 * Whether the container has processes whose CPU and memory can be measured: running. A paused one
 * is frozen, and a restarting one has none between its runs (a crash loop spends nearly all its
 * time so): its cgroup is gone, and the pulse asked the engine's stats of it every 2 s, a request
 * each, for a container with no processes (bench B15p).
 */
export function isMeasurable(container: Pick<ContainerSummary, 'State'>): boolean {
  return (container.State ?? '').toLowerCase() === 'running';
}

const liveCounts = new WeakMap<readonly Pick<ContainerSummary, 'State'>[], number>();

/**
 * How many of a list's containers are live, counted once per list array: the status bar asks at
 * every state change, a key included, and over 10,000 containers the count was a key's largest
 * single cost (B11).
 */
export function liveCount(items: readonly Pick<ContainerSummary, 'State'>[]): number {
  let count = liveCounts.get(items);
  if (count === undefined) {
    count = 0;
    for (const c of items) if (isLive(c)) count++;
    liveCounts.set(items, count);
  }
  return count;
}

/** The container's own name from the engine's list (`/web-1` → `web-1`), unsanitised; '' when none. */
export function ownName(names: readonly string[] | undefined): string {
  const first = names?.[0] ?? '';
  return first.startsWith('/') ? first.slice(1) : first;
}

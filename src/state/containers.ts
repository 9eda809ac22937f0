import type { ContainerSummary } from '../engine/types.ts';

/** `docker ps` without -a shows these; everything else needs "all". */
const liveStates = new Set(['running', 'paused', 'restarting']);

export function isLive(container: Pick<ContainerSummary, 'State'>): boolean {
  return liveStates.has((container.State ?? '').toLowerCase());
}

/** The container's own name from the engine's list (`/web-1` → `web-1`), unsanitised; '' when none. */
export function ownName(names: readonly string[] | undefined): string {
  const first = names?.[0] ?? '';
  return first.startsWith('/') ? first.slice(1) : first;
}

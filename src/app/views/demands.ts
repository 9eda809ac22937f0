/** What the open views keep live: a stats view, its container's figures (columns on or not). */
import type { Demands } from '../../state/sources.ts';
import type { AppState } from '../types.ts';

export function viewDemands(state: AppState): Demands {
  const stats = state.overlays.flatMap((o) => (o.kind === 'stats' ? [o.containerId] : []));
  return stats.length > 0 ? { stats } : {};
}

/** What the open views keep live, merged (each view's module declares its own: a stats view, its container's figures). */
import type { Demands } from '../../state/sources.ts';
import type { AppState } from '../types.ts';
import { viewOf } from './index.ts';

export function viewDemands(state: AppState): Demands {
  const each = state.overlays.flatMap((o) => (o.kind === 'dialog' ? [] : [viewOf(o)?.demands?.(o) ?? {}]));
  const stats = each.flatMap((d) => d.stats ?? []);
  return { ...(stats.length > 0 && { stats }), ...(each.some((d) => d.diskUsage) && { diskUsage: true }) };
}

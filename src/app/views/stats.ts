/**
 * The stats view (`m`): a running container's resource graphs, current figures and processes.
 * It keeps its container's figures live (its demand) and its processes listed (`top-follow`).
 */
import { notify, reduced, type StatsReply } from '../commands.ts';
import { close, openView } from '../keys/steps.ts';
import { replaceOverlay } from '../navigation.ts';
import type { StatsOverlay } from '../types.ts';
import { sameJson } from '../../engine/same-json.ts';
import { defineView } from './module.ts';

export const stats = defineView<StatsOverlay, StatsReply>({
  id: 'stats',
  actions: {
    'stats-view': {
      container: (state, _ctx, c) => {
        if (c.state !== 'running') return notify(state, `${c.shown} is not running: there is nothing to measure`, 'error');
        return openView(
          state,
          (id): StatsOverlay => ({ kind: 'stats', id, containerId: c.id, name: c.shown }),
          (o) => ({ type: 'top-follow', overlay: o.id, containerId: c.id }),
        );
      },
    },
  },
  contexts: () => ['stats', 'global'],
  key: (state, overlay, press, ctx) => (ctx.keymap.resolve('stats', press.name) === 'close' ? close(state, overlay.id) : undefined),
  result: (state, overlay, result) => {
    // The same processes as last time (an idle container's, every TOP_EVERY_MS) draw nothing new: no frame (bench B10).
    if (result.top && overlay.topError === undefined && sameJson(overlay.top, result.top)) return reduced(state);
    return reduced(replaceOverlay(state, result.top ? { ...overlay, top: result.top, topError: undefined } : { ...overlay, topError: result.error }));
  },
  demands: (overlay) => ({ stats: [overlay.containerId] }),
  draws: 'resource-graphs',
});

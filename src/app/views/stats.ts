/** The stats view's opener: a running container's graphs, figures and processes (`m`). */
import type { TargetActions } from '../actions/target-actions.ts';
import { notify } from '../commands.ts';
import { openView } from '../keys/steps.ts';

export const statsActions: TargetActions = {
  'stats-view': {
    container: (state, _ctx, c) => {
      if (c.state !== 'running') return notify(state, `${c.shown} is not running: there is nothing to measure`, 'error');
      return openView(
        state,
        (id) => ({ kind: 'stats', id, containerId: c.id, name: c.shown }),
        (o) => ({ type: 'top-follow', overlay: o.id, containerId: c.id }),
      );
    },
  },
};

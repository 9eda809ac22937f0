/** The inspect view's openers: a container's, an image's, a volume's or a network's JSON, pretty. */
import type { TargetActions } from '../actions/target-actions.ts';
import { openView } from '../keys/steps.ts';
import type { AppState, InspectTarget } from '../types.ts';

function inspect(state: AppState, target: InspectTarget, objectId: string, title: string) {
  return openView(
    state,
    (id) => ({ kind: 'inspect', id, target, objectId, title, top: 0 }),
    (o) => ({ type: 'inspect-load', overlay: o.id, target, objectId }),
  );
}

export const inspectActions: TargetActions = {
  inspect: {
    container: (state, _ctx, c) => inspect(state, 'container', c.id, c.shown),
    image: (state, _ctx, i) => inspect(state, 'image', i.imageId, i.tag),
    volume: (state, _ctx, v) => inspect(state, 'volume', v.name, v.name),
    network: (state, _ctx, n) => inspect(state, 'network', n.id, n.name),
  },
  history: {
    image: (state, _ctx, i) =>
      openView(
        state,
        (id) => ({ kind: 'history', id, imageId: i.imageId, title: i.tag, top: 0 }),
        (o) => ({ type: 'history-load', overlay: o.id, imageId: i.imageId }),
      ),
  },
};

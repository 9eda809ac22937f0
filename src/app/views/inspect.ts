/**
 * The inspect view (`i`): a container's, an image's, a volume's or a network's JSON, pretty; it
 * also shows a container's changes (diff.ts), a file's text from the file browser and a log
 * line's JSON, under their own captions. It scrolls.
 */
import type { TargetActions } from '../actions/target-actions.ts';
import { reduced, type InspectReply } from '../commands.ts';
import { openView } from '../keys/steps.ts';
import { replaceOverlay } from '../navigation.ts';
import type { AppState, InspectOverlay, InspectTarget } from '../types.ts';
import { defineView } from './module.ts';
import { scrollOrSearchKey, searchContexts } from './text-search.ts';

function openInspect(state: AppState, target: InspectTarget, objectId: string, title: string) {
  return openView(
    state,
    (id): InspectOverlay => ({ kind: 'inspect', id, target, objectId, title, top: 0 }),
    (o) => ({ type: 'inspect-load', overlay: o.id, target, objectId }),
  );
}

const inspectActions: TargetActions = {
  inspect: {
    container: (state, _ctx, c) => openInspect(state, 'container', c.id, c.shown),
    image: (state, _ctx, i) => openInspect(state, 'image', i.imageId, i.tag),
    volume: (state, _ctx, v) => openInspect(state, 'volume', v.name, v.name),
    network: (state, _ctx, n) => openInspect(state, 'network', n.id, n.name),
  },
  // A container's changes since its image, as a tree (diff.ts): scrolled the same, under its own caption.
  diff: {
    container: (state, _ctx, c) =>
      openView(
        state,
        (id): InspectOverlay => ({ kind: 'inspect', id, target: 'container', objectId: c.id, title: c.shown, caption: `changes in ${c.shown} since its image`, top: 0 }),
        (o) => ({ type: 'container-diff-load', overlay: o.id, containerId: c.id }),
      ),
  },
};

/** Shows `lines` in a new inspect view over the screen (a file's text, a log line's JSON): closing it comes back (other views reach it as ViewApp's `showLines`). */
export function showLines(state: AppState, what: { objectId: string; title: string; caption?: string; lines: readonly string[] }) {
  return openView(state, (id): InspectOverlay => ({ kind: 'inspect', id, target: 'container', ...what, top: 0 }));
}

export const inspect = defineView<InspectOverlay, InspectReply>({
  id: 'inspect',
  actions: inspectActions,
  contexts: (overlay) => searchContexts(overlay, ['inspect', 'global']),
  key: (state, overlay, press, ctx) => scrollOrSearchKey(state, overlay, press, ctx, 'inspect', overlay.lines ?? ['loading…']),
  result: (state, overlay, result) => reduced(replaceOverlay(state, { ...overlay, lines: result.lines })),
  draws: 'json-lines',
});

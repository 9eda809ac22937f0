/** An image's layers (`h`), as `docker history` lists them: a title row, then a line per layer; it scrolls. */
import { reduced, type HistoryReply } from '../commands.ts';
import { openView } from '../keys/steps.ts';
import { replaceOverlay } from '../navigation.ts';
import type { HistoryOverlay } from '../types.ts';
import { defineView } from './module.ts';
import { historyLines } from '../rows/history-lines.ts';
import { scrollOrSearchKey, searchContexts } from './text-search.ts';

export const history = defineView<HistoryOverlay, HistoryReply>({
  id: 'history',
  actions: {
    history: {
      image: (state, _ctx, i) =>
        openView(
          state,
          (id): HistoryOverlay => ({ kind: 'history', id, imageId: i.imageId, title: i.tag, top: 0 }),
          (o) => ({ type: 'history-load', overlay: o.id, imageId: i.imageId }),
        ),
    },
  },
  // It scrolls as inspect does, with inspect's keys.
  contexts: (overlay) => searchContexts(overlay, ['inspect', 'global']),
  key: (state, overlay, press, ctx) => scrollOrSearchKey(state, overlay, press, ctx, 'inspect', historyLines(overlay, Date.now())),
  result: (state, overlay, result) => reduced(replaceOverlay(state, { ...overlay, entries: result.entries ?? [], error: result.error })),
  draws: 'layer-table',
});

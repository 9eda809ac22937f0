/**
 * The layer explorer (`L` on an image): its archive read as it streams (state/layers), shown as
 * lines (layer-lines.ts) that scroll as inspect's do. Over ssh or tcp a big archive is asked
 * about first (y reads it, n closes): reading it moves the whole image over the network.
 */
import { reduced, type LayersReply } from '../commands.ts';
import { close, openView } from '../keys/steps.ts';
import { replaceOverlay } from '../navigation.ts';
import type { LayersOverlay } from '../types.ts';
import { defineView } from './module.ts';
import { scrollOrSearchKey, searchContexts } from './text-search.ts';

/** Over ssh or tcp, archives bigger than this are asked about first (config.json `layersAskAboveMB` may say otherwise). */
export const LAYERS_ASK_ABOVE_BYTES = 500 * 1000 * 1000;

export const layers = defineView<LayersOverlay, LayersReply>({
  id: 'layer-explorer',
  actions: {
    layers: {
      image: (state, ctx, i) =>
        openView(
          state,
          (id): LayersOverlay => ({ kind: 'layer-explorer', id, imageId: i.imageId, title: i.tag, top: 0 }),
          (o) => ({ type: 'layers-load', overlay: o.id, imageId: i.imageId, askAbove: ctx.layersAskAbove ?? LAYERS_ASK_ABOVE_BYTES }),
        ),
    },
  },
  contexts: (overlay) => (overlay.ask ? ['confirm', 'inspect', 'global'] : searchContexts(overlay, ['inspect', 'global'])),
  key: (state, overlay, press, ctx) => {
    if (overlay.ask) {
      const action = ctx.keymap.resolve('confirm', press.name);
      if (action === 'no') return close(state, overlay.id);
      if (action === 'yes') {
        const { ask: _asked, ...reading } = overlay;
        return reduced(replaceOverlay(state, { ...reading, reading: 'asking the engine for the archive…' }), { type: 'layers-load', overlay: overlay.id, imageId: overlay.imageId, askAbove: Number.POSITIVE_INFINITY });
      }
    }
    // The line above the rest while it asks or reads is searched too: the search counts what is drawn.
    return scrollOrSearchKey(state, overlay, press, ctx, 'inspect', [...(overlay.reading !== undefined || overlay.ask ? [overlay.reading ?? ''] : []), ...(overlay.lines ?? [])]);
  },
  result: (state, overlay, result) => {
    const { reading: _was, ask: _asked, ...rest } = overlay;
    switch (result.kind) {
      case 'layers-ask':
        return reduced(replaceOverlay(state, { ...rest, ask: { bytes: result.bytes, over: result.over } }));
      case 'layers-progress':
        return reduced(replaceOverlay(state, { ...rest, reading: result.reading, ...(result.lines && { lines: result.lines }) }));
      case 'layers-done':
        return reduced(replaceOverlay(state, { ...rest, lines: result.lines }));
      case 'layers-failed':
        return reduced(replaceOverlay(state, { ...rest, lines: [`error: ${result.message}`] }));
    }
  },
  draws: 'layer-tree',
});

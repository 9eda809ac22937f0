/**
 * The port forwards berth runs (`B`, anywhere): each one's address here, its target, which way
 * it goes (through the engine's API to a helper, or through the ssh master), its open
 * connections and bytes, kept current while the view is open. `x` ends one; quitting ends all.
 */
import { notify, reduced, type ForwardsReply } from '../commands.ts';
import { sanitizeLine } from '../format/index.ts';
import { close, openView } from '../keys/steps.ts';
import { listMove, replaceOverlay } from '../navigation.ts';
import type { ForwardsOverlay } from '../types.ts';
import { defineView } from './module.ts';

export const forwards = defineView<ForwardsOverlay, ForwardsReply>({
  id: 'forwards',
  opener: {
    action: 'forwards',
    open: (state) => openView(state, (id): ForwardsOverlay => ({ kind: 'forwards', id, selected: 0 }), (o) => ({ type: 'forwards-follow', overlay: o.id })),
  },
  contexts: () => ['forwards', 'global'],
  key: (state, overlay, press, ctx) => {
    const action = ctx.keymap.resolve('forwards', press.name);
    const rows = overlay.rows ?? [];
    const moved = listMove(action, overlay.selected, rows.length);
    if (moved !== undefined) return reduced(replaceOverlay(state, { ...overlay, selected: moved }));
    switch (action) {
      case 'close':
        return close(state, overlay.id);
      case 'cancel-forward': {
        const row = rows[overlay.selected];
        if (!row) return reduced(state);
        return notify(state, `ending the forward ${row.local} → ${sanitizeLine(row.target)}…`, 'info', { type: 'forward-cancel', id: row.id });
      }
      default:
        return undefined;
    }
  },
  result: (state, overlay, result) => {
    const selected = Math.max(0, Math.min(overlay.selected, result.rows.length - 1));
    return reduced(replaceOverlay(state, { ...overlay, rows: result.rows, selected }));
  },
  draws: 'forward-list',
});

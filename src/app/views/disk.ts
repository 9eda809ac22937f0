/**
 * The disk view (`W`, "where did the disk go"): the four kinds as `docker system df` lists them;
 * Enter lists a kind's items, biggest first, as `docker system df -v` does; there `d` removes the
 * selected item and `X` prunes the kind, through the same dialogs and previews as the panes'
 * (app.act: the engine's access gate, the action log). Its figures are the disk usage source's
 * (state/disk), asked only while the view is open (its demand), one request at a time.
 */
import { reduced, type Reduced } from '../commands.ts';
import type { UiContext } from '../context.ts';
import type { KeyContext } from '../keys/keymap.ts';
import { close, openView } from '../keys/steps.ts';
import { listMove, replaceOverlay } from '../navigation.ts';
import { diskSelected, diskTableOf, type DiskTable } from '../rows/disk-rows.ts';
import type { ListKind } from '../targets.ts';
import type { AppState, DiskOverlay } from '../types.ts';
import { DISK_SECTIONS, type DiskSection } from '../../state/disk/disk-report.ts';
import { defineView, type ViewApp } from './module.ts';

/** What prune takes for each kind (the prune dialog's targets). */
const PRUNE_LIST: Record<DiskSection, ListKind> = { image: 'image', container: 'container', volume: 'volume', 'build-cache': 'build-cache' };

function select(state: AppState, overlay: DiskOverlay, table: DiskTable | undefined, index: number): Reduced {
  return reduced(replaceOverlay(state, { ...overlay, selected: index, selectedKey: table?.rows[index]?.key }));
}

function key(state: AppState, overlay: DiskOverlay, action: string | undefined, ctx: UiContext, app: ViewApp): Reduced | undefined {
  const table = diskTableOf(overlay, ctx);
  const at = diskSelected(overlay, table);
  const moved = listMove(action, at, table?.rows.length ?? 0);
  if (moved !== undefined) return select(state, overlay, table, moved);
  switch (action) {
    case 'disk-open': {
      if (overlay.section) return reduced(state);
      const section = DISK_SECTIONS[at];
      return section ? reduced(replaceOverlay(state, { ...overlay, section, selected: 0, selectedKey: undefined, from: at })) : reduced(state);
    }
    case 'remove': {
      const target = overlay.section ? table?.rows[at]?.target : undefined;
      return (target && app.act(state, ctx, 'remove', target)) ?? reduced(state);
    }
    case 'prune': {
      // On the kinds: the selected kind's; on the items: theirs.
      const section = overlay.section ?? DISK_SECTIONS[at];
      return (section && app.act(state, ctx, 'prune', { kind: 'list', of: PRUNE_LIST[section] })) ?? reduced(state);
    }
    case 'close':
      // From a kind's items back to the kinds; from the kinds, away.
      if (overlay.section) return reduced(replaceOverlay(state, { ...overlay, section: undefined, selected: overlay.from ?? 0, selectedKey: undefined }));
      return close(state, overlay.id);
    default:
      return undefined;
  }
}

/** The kinds (Enter lists one), or a kind's items (d removes one; a build-cache record: prune only). */
function contexts(overlay: DiskOverlay): readonly KeyContext[] {
  if (!overlay.section) return ['disk-kinds', 'disk', 'global'];
  return overlay.section === 'build-cache' ? ['disk', 'global'] : ['disk-items', 'disk', 'global'];
}

export const disk = defineView<DiskOverlay>({
  id: 'disk',
  opener: { action: 'disk-usage', open: (state) => openView(state, (id): DiskOverlay => ({ kind: 'disk', id, selected: 0 })) },
  contexts,
  key: (state, overlay, press, ctx, app) => key(state, overlay, ctx.keymap.resolveIn(contexts(overlay).slice(0, -1), press.name), ctx, app),
  demands: () => ({ diskUsage: true }),
  // Its sub-contexts' keys (Enter on the kinds, d on the items) follow in the keymap's order.
  footer: ['prune', 'close'],
  draws: 'disk-usage',
});

/**
 * The column chooser (`,` on a pane that declares its columns: panes/pane.ts `columnSet`): every
 * column the pane knows, the shown ones first in their order, then the hidden ones. Space shows or
 * hides the one under the cursor, K/J (or [ and ]) move a shown one earlier or later; every change
 * is the workspace's at once (the table behind redraws, and config.json keeps it). A column that
 * costs the engine something says what.
 */
import { notify, reduced, type Reduced } from '../commands.ts';
import { openView } from '../keys/steps.ts';
import { close } from '../keys/steps.ts';
import { listMove, replaceOverlay } from '../navigation.ts';
import { paneEntry } from '../panes/index.ts';
import type { AppState, ColumnsOverlay } from '../types.ts';
import { chooserRows, columnSetOf } from '../workspace/chooser-rows.ts';
import { shownKeys, withShownKeys } from '../workspace/columns.ts';
import { defineView } from './module.ts';

function open(state: AppState): Reduced {
  const pane = paneEntry(state.pane);
  const set = columnSetOf(pane.id);
  if (!set) return notify(state, `the ${pane.title} pane’s columns are fixed (the Containers, Images, Volumes and Networks panes’ can be chosen)`);
  const first = shownKeys(state, pane.id, set)[0] ?? set.every[0]?.key ?? '';
  return openView(state, (id): ColumnsOverlay => ({ kind: 'column-chooser', id, pane: pane.id, key: first }));
}

function move(keys: readonly string[], key: string, by: number): readonly string[] {
  const at = keys.indexOf(key);
  const to = Math.max(0, Math.min(at + by, keys.length - 1));
  if (at < 0 || to === at) return keys;
  const moved = [...keys];
  moved.splice(at, 1);
  moved.splice(to, 0, key);
  return moved;
}

export const columnChooser = defineView<ColumnsOverlay>({
  id: 'column-chooser',
  opener: { action: 'choose-columns', open },
  contexts: () => ['column-chooser', 'global'],
  key(state, overlay, press, ctx) {
    const set = columnSetOf(overlay.pane);
    if (!set) return close(state, overlay.id);
    const action = ctx.keymap.resolve('column-chooser', press.name);
    const rows = chooserRows(state, overlay.pane, set);
    const at = Math.max(rows.findIndex((r) => r.column.key === overlay.key), 0);
    const moved = listMove(action, at, rows.length);
    if (moved !== undefined) return reduced(replaceOverlay(state, { ...overlay, key: rows[moved]?.column.key ?? overlay.key }));
    const shown = shownKeys(state, overlay.pane, set);
    const row = rows[at];
    switch (action) {
      case 'close':
        return close(state, overlay.id);
      case 'column-toggle': {
        if (!row) return reduced(state);
        if (row.shown && shown.length === 1) return notify(state, 'one column at least stays shown');
        const keys = row.shown ? shown.filter((k) => k !== row.column.key) : [...shown, row.column.key];
        const said = row.shown ? `${row.column.title} hidden` : `${row.column.title} shown${row.column.costs ? `: ${row.column.costs}` : ''}`;
        return notify(withShownKeys(state, overlay.pane, keys), said);
      }
      case 'column-earlier':
      case 'column-later': {
        if (!row?.shown) return notify(state, `${row?.column.title ?? 'that column'} is hidden: ${ctx.keymap.label('column-toggle')} shows it first`);
        const keys = move(shown, row.column.key, action === 'column-earlier' ? -1 : 1);
        return keys === shown ? notify(state, `${row.column.title} is ${action === 'column-earlier' ? 'first' : 'last'} already`) : reduced(withShownKeys(state, overlay.pane, keys));
      }
      default:
        return undefined;
    }
  },
  footer: ['column-toggle', 'column-earlier', 'column-later', 'close'],
  draws: 'column-list',
});

/**
 * A mouse click (config.json `mouse: true`; the key decoder turns a left-button press into a
 * `click` press at its cell) as what is drawn there: a tab focuses its pane, a footer key is that
 * key pressed, a row of the pane's list is selected (a second click on the selected row presses
 * Enter, as a double click would). The layout is the screen's (ui/screen.tsx): the status bar, the
 * pulse line when on, the banner, the tabs, the body (a list: its header, then its rows from the
 * first the last frame showed, app/list-window.ts), the message line, the footer on the last row
 * berth draws. Anywhere else a click does nothing.
 */
import { bannerHeight } from '../banner-lines.ts';
import type { UiContext } from '../context.ts';
import { displayWidth } from '../format/index.ts';
import { CHANGES, selectedReadOnly } from '../fleet/access.ts';
import { plainFlags, type KeyPress } from '../input/press.ts';
import { bodyHeight, shownNotice } from '../layout.ts';
import { listTop } from '../list-window.ts';
import { summaryWithMarks } from '../marks.ts';
import { paneEntry } from '../panes/index.ts';
import { rowKeys } from '../panes/pane.ts';
import { tabLabels } from '../tabs.ts';
import { defaultWorkspace, paneView, topOverlay, type AppState } from '../types.ts';
import { contextsFor } from './contexts.ts';
import { footerItems } from './footer.ts';

/** What a click at a cell (0-based) means: a key to press, a row to select, or nothing. */
export type ClickTarget = { kind: 'key'; key: string } | { kind: 'row'; pane: string; key: string } | undefined;

/** A click press's cell: the report's column and row, 1-based as the terminal counts. */
export function clickCell(press: KeyPress): { x: number; y: number } | undefined {
  const [col, row] = press.input.split(';').map(Number);
  return col === undefined || row === undefined || !Number.isFinite(col) || !Number.isFinite(row) ? undefined : { x: col - 1, y: row - 1 };
}

/** The press a key's name makes, as a typed key would (the reducer reads names; Enter and Esc their flags too). */
export function pressOf(key: string): KeyPress {
  return { name: key, input: key.length === 1 ? key : key === 'return' ? '\r' : '', key: { ...plainFlags, return: key === 'return', escape: key === 'escape', tab: key === 'tab' } };
}

/** Which of `parts`, drawn in order with `gap` cells between, holds column `x`. */
function partAt<T>(parts: readonly T[], text: (part: T) => string, gap: number, x: number, start = 0): T | undefined {
  let at = start;
  for (const part of parts) {
    const width = displayWidth(text(part));
    if (x >= at && x < at + width) return part;
    at += width + gap;
  }
  return undefined;
}

export function clickTarget(state: AppState, ctx: UiContext, x: number, y: number): ClickTarget {
  const { rows, columns } = state.terminal;
  // The footer: berth draws one row short of the terminal (layout.ts), the footer last.
  if (y === rows - 2) {
    // The footer as drawn: a read-only engine's changes left out (ui/screen.tsx).
    const item = partAt(footerItems(ctx.keymap, contextsFor(state), columns, selectedReadOnly(state, ctx) ? CHANGES : undefined), (i) => i.text, 2, x);
    return item ? { kind: 'key', key: item.key } : undefined;
  }
  // Over a view or a dialog only the footer is the screen's; a prompt has the message line.
  if (topOverlay(state) || state.filtering) return undefined;
  const tabsY = 1 + (state.pulse ? 1 : 0) + bannerHeight(ctx.engine.connection, columns, ctx.engine.connection.retryAt ?? 0);
  const pane = paneEntry(state.pane);
  if (y === tabsY) {
    const summary = summaryWithMarks(pane.summary(state, ctx), state, state.pane);
    const tab = partAt(tabLabels(ctx.keymap, pane.id, summary, columns), (t) => t.text, 0, x);
    const focus = tab ? ctx.keymap.bindingsFor(['panes']).find((b) => b.action === `pane-${tab.id}`)?.keys[0] : undefined;
    return focus ? { kind: 'key', key: focus } : undefined;
  }
  // The list: its header on the body's first row, then its rows. The split panel takes part of
  // the body (ui/panes/split-body.tsx): beside, the right of it; under, the bottom.
  const body = bodyHeight(state.terminal, ctx.engine, state.pulse, shownNotice(state));
  const { panel, size } = state.workspace ?? defaultWorkspace;
  const listWidth = panel === 'beside' ? columns - Math.min(Math.max(Math.round((columns * size) / 100), 12), Math.max(columns - 20, 12)) : columns;
  const listHeight = panel === 'under' ? body - Math.min(Math.max(Math.round((body * size) / 100), 3), Math.max(body - 4, 3)) : body;
  // Only a table's rows are rows (the Transfers pane's blocks are not); a note under the table takes its last line.
  if (pane.view.kind !== 'table') return undefined;
  const note = pane.view.note?.(state, ctx) !== undefined ? 1 : 0;
  const first = tabsY + 2;
  if (x >= listWidth || y < first || y >= tabsY + 1 + listHeight - note) return undefined;
  const keys = rowKeys(pane, state, ctx);
  const key = keys[listTop(pane.id) + (y - first)];
  if (key === undefined) return undefined;
  return paneView(state, pane.id).selectedId === key ? { kind: 'key', key: 'return' } : { kind: 'row', pane: pane.id, key };
}

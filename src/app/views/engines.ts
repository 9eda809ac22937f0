/**
 * The engine switcher (`E`): the engines berth could show, each asked whether it answers. Enter
 * switches to the selected engine; the switcher stays open while the new engine is asked, so a
 * target that does not answer shows why, right there, and berth stays on the engine it was on.
 * Space chooses engines to show together (a fleet). A switch that worked closes every view (they
 * showed the old engine's containers) and starts the panes afresh, even if the switcher was
 * closed meanwhile (the switch happened).
 */
import { notify, reduced, type Command, type EnginesReply, type Reduced } from '../commands.ts';
import { sanitizeLine } from '../format/index.ts';
import { close, openView } from '../keys/steps.ts';
import { listMove, replaceOverlay } from '../navigation.ts';
import { topOverlay, type AppState, type EngineRow, type EnginesOverlay } from '../types.ts';
import { defineView } from './module.ts';

/** Opens the switcher already switching to `row` (the palette's engine entries: "as the switcher does"). */
export function switchTo(state: AppState, row: EngineRow): Reduced {
  // The switcher, switching: it says how it went, and stays open if the engine does not answer.
  const opened = openView(state, (id): EnginesOverlay => ({ kind: 'engines', id, selected: 0, switching: row.name }), (o) => ({ type: 'engines-list', overlay: o.id }));
  const switcher = topOverlay(opened.state);
  if (switcher?.kind !== 'engines') return opened;
  return { state: opened.state, commands: [...opened.commands, { type: 'engine-switch', overlay: switcher.id, target: row.target, name: row.name }] };
}

/** A switch that worked: every view showed the old engine (its logs, its JSON, its dialogs), so they all close, and the panes start over, with the filters and sorts the user chose. */
function switched(state: AppState, name: string, label: string): Reduced {
  const releases: Command[] = state.overlays.map((o) => ({ type: 'overlay-release', overlay: o.id }));
  const views = Object.fromEntries(Object.entries(state.views).map(([pane, view]) => [pane, { ...view, selectedId: undefined, selectedIndex: 0 }]));
  const next: AppState = { ...state, overlays: [], views, filtering: false };
  return notify(next, `switched to ${sanitizeLine(name)} (${sanitizeLine(label)})`, 'info', ...releases);
}

export const engines = defineView<EnginesOverlay, EnginesReply>({
  id: 'engines',
  opener: { action: 'engines', open: (state) => openView(state, (id): EnginesOverlay => ({ kind: 'engines', id, selected: 0 }), (overlay) => ({ type: 'engines-list', overlay: overlay.id })) },
  contexts: () => ['engines', 'global'],
  key: (state, overlay, press, ctx) => {
    const action = ctx.keymap.resolve('engines', press.name);
    const moved = listMove(action, overlay.selected, overlay.rows?.length ?? 0);
    if (moved !== undefined) return reduced(replaceOverlay(state, { ...overlay, selected: moved }));
    switch (action) {
      case 'fleet-choose': {
        const row = overlay.rows?.[overlay.selected];
        if (!row) return reduced(state);
        const chosen = overlay.chosen ?? [];
        return reduced(replaceOverlay(state, { ...overlay, chosen: chosen.includes(row.host) ? chosen.filter((h) => h !== row.host) : [...chosen, row.host] }));
      }
      case 'switch-engine': {
        const row = overlay.rows?.[overlay.selected];
        // One switch at a time; the keys wait for it (Esc gives it up).
        if (!row || overlay.switching !== undefined) return reduced(state);
        // Engines chosen: the fleet, beside the engine shown (which stays first).
        if ((overlay.chosen ?? []).length > 0) {
          const others = (overlay.rows ?? []).filter((r) => overlay.chosen?.includes(r.host) && !r.current);
          const name = others.length > 0 ? `a fleet of ${others.length + 1}` : 'the engine shown alone';
          const shown = overlay.rows?.find((r) => r.current)?.target;
          return reduced(replaceOverlay(state, { ...overlay, switching: name, error: undefined }), { type: 'fleet-show', overlay: overlay.id, targets: others.map((r) => r.target), name, ...(shown && { shown }) });
        }
        if (row.current) return notify(state, `berth is on ${sanitizeLine(row.name)} already`);
        return reduced(replaceOverlay(state, { ...overlay, switching: row.name, error: undefined }), { type: 'engine-switch', overlay: overlay.id, target: row.target, name: row.name });
      }
      case 'close':
        return close(state, overlay.id);
      default:
        return undefined;
    }
  },
  result: (state, overlay, result) => {
    switch (result.kind) {
      case 'listed': {
        const current = result.rows.findIndex((row) => row.current);
        return reduced(replaceOverlay(state, { ...overlay, rows: result.rows, selected: Math.max(current, 0), error: result.error }));
      }
      case 'probed': {
        if (!overlay.rows) return reduced(state);
        const rows = overlay.rows.map((row) => (row.host === result.host ? { ...row, reach: result.reach } : row));
        return reduced(replaceOverlay(state, { ...overlay, rows }));
      }
      case 'switched':
        if (!result.outcome.ok) return reduced(replaceOverlay(state, { ...overlay, switching: undefined, error: result.outcome.message }));
        return switched(state, result.name, result.outcome.label);
    }
  },
  resultClosed: (state, result) => {
    if (result.kind !== 'switched') return undefined;
    if (!result.outcome.ok) return notify(state, `still on the same engine: ${result.outcome.message}`, 'error');
    return switched(state, result.name, result.outcome.label);
  },
  draws: 'engine-list',
});

/**
 * The engine switcher's keys and results. Enter switches to the selected engine; the switcher
 * stays open while the new engine is asked, so a target that does not answer shows why, right
 * there, and berth stays on the engine it was on. A switch that worked closes every view (they
 * showed the old engine's containers) and starts the panes afresh.
 */
import { notify, reduced, type AppAction, type Command, type Reduced } from '../commands.ts';
import { findOverlay, listMove, replaceOverlay } from '../navigation.ts';
import type { AppState, EnginesOverlay } from '../types.ts';
import type { KeyPress } from '../input/press.ts';
import { sanitizeLine } from '../format/index.ts';
import { close } from './steps.ts';
import type { UiContext } from '../context.ts';

export function enginesKey(state: AppState, overlay: EnginesOverlay, press: KeyPress, ctx: UiContext): Reduced | undefined {
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
}

type EngineAction = Extract<AppAction, { type: 'engines-listed' | 'engine-probed' | 'engine-switched' }>;

export function engineResult(state: AppState, action: EngineAction): Reduced {
  const found = findOverlay(state, action.overlay);
  const overlay = found?.kind === 'engines' ? found : undefined;
  switch (action.type) {
    case 'engines-listed': {
      if (!overlay) return reduced(state);
      const current = action.rows.findIndex((row) => row.current);
      return reduced(replaceOverlay(state, { ...overlay, rows: action.rows, selected: Math.max(current, 0), error: action.error }));
    }
    case 'engine-probed': {
      if (!overlay?.rows) return reduced(state);
      const rows = overlay.rows.map((row) => (row.host === action.host ? { ...row, reach: action.reach } : row));
      return reduced(replaceOverlay(state, { ...overlay, rows }));
    }
    case 'engine-switched': {
      if (!action.outcome.ok) {
        if (overlay) return reduced(replaceOverlay(state, { ...overlay, switching: undefined, error: action.outcome.message }));
        return notify(state, `still on the same engine: ${action.outcome.message}`, 'error');
      }
      // Every view showed the old engine (its logs, its JSON, its dialogs): they all close, and
      // the panes start over, with the filters and sorts the user chose.
      const releases: Command[] = state.overlays.map((o) => ({ type: 'overlay-release', overlay: o.id }));
      const views = Object.fromEntries(Object.entries(state.views).map(([pane, view]) => [pane, { ...view, selectedId: undefined, selectedIndex: 0 }]));
      const next: AppState = { ...state, overlays: [], views, filtering: false };
      return notify(next, `switched to ${sanitizeLine(action.name)} (${sanitizeLine(action.outcome.label)})`, 'info', ...releases);
    }
  }
}

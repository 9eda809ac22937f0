/**
 * The command palette (`:`): a one-line query over every action of the screen under it, every
 * pane, every engine and the extra commands it is given (palette-entries.ts), best match first.
 * Enter runs the entry under the cursor: an action by pressing the key that does it on that
 * screen (the same reducer, so it does exactly what the key does there), a pane by going there
 * (k9s's `:volumes`), an engine by switching to it in the switcher. Its keys are the filter
 * prompt's: typed text, Enter, Esc, and ↑/↓ through the list.
 */
import { notify, reduced, type Command, type Reduced } from '../commands.ts';
import type { UiContext } from '../context.ts';
import { sanitizeLine } from '../format/index.ts';
import { editLine } from '../input/field.ts';
import { plainFlags, type KeyPress } from '../input/press.ts';
import { focusPane, listMove, replaceOverlay } from '../navigation.ts';
import { topOverlay, type AppState, type EngineRow, type PaletteEntry, type PaletteOverlay } from '../types.ts';
import { isPrintableKey, type ActionId } from './keymap.ts';
import { onEngine } from '../fleet/access.ts';
import { paneEntry } from '../panes/index.ts';
import { selectedRow } from '../panes/pane.ts';
import { engineEntry, paletteEntries, rankEntries } from './palette-entries.ts';
import { close, openView } from './steps.ts';

/** How a key is pressed on the screen under the palette (the app's key reducer). */
export type PressUnder = (state: AppState, press: KeyPress, ctx: UiContext) => Reduced;

/** Opens the palette over what is shown, with its entries, and asks for the engines berth could switch to. */
export function openPalette(state: AppState, ctx: UiContext): Reduced {
  const entries = paletteEntries(state, ctx);
  return openView(state, (id): PaletteOverlay => ({ kind: 'palette', id, query: '', selected: 0, entries }), (overlay) => ({ type: 'engines-list', overlay: overlay.id, probe: false }));
}

/** The engines listed: each an entry after the rest. */
export function paletteEngines(state: AppState, overlay: PaletteOverlay, rows: readonly EngineRow[]): Reduced {
  return reduced(replaceOverlay(state, { ...overlay, entries: [...overlay.entries.filter((e) => e.run.kind !== 'engine'), ...rows.map(engineEntry)] }));
}

/** What the palette shows for its query: the entries it finds, best first (memoised per overlay). */
const ranked = new WeakMap<PaletteOverlay, readonly PaletteEntry[]>();
export function paletteMatches(overlay: PaletteOverlay): readonly PaletteEntry[] {
  let found = ranked.get(overlay);
  if (!found) {
    found = rankEntries(overlay.entries, overlay.query);
    ranked.set(overlay, found);
  }
  return found;
}

export function paletteKey(state: AppState, overlay: PaletteOverlay, press: KeyPress, ctx: UiContext, pressUnder: PressUnder): Reduced {
  // A printable key is text here, whatever it does elsewhere.
  const named = !isPrintableKey(press.name) && press.name !== 'paste';
  const action = named ? ctx.keymap.resolveIn(['prompt', 'line', 'list'], press.name) : undefined;
  const moved = listMove(action, overlay.selected, paletteMatches(overlay).length);
  if (moved !== undefined) return reduced(replaceOverlay(state, { ...overlay, selected: moved }));
  switch (action) {
    case 'prompt-clear':
      return close(state, overlay.id);
    case 'prompt-keep': {
      const entry = paletteMatches(overlay)[overlay.selected];
      return entry ? runEntry(state, overlay, entry, ctx, pressUnder) : reduced(state);
    }
    default: {
      const query = editLine(overlay.query, press, action);
      return reduced(query === overlay.query ? state : replaceOverlay(state, { ...overlay, query, selected: 0 }));
    }
  }
}

function pressOf(name: string): KeyPress {
  return { name, input: isPrintableKey(name) ? name : '', key: { ...plainFlags, return: name === 'return', escape: name === 'escape', tab: name === 'tab' } };
}

function runEntry(state: AppState, overlay: PaletteOverlay, entry: PaletteEntry, ctx: UiContext, pressUnder: PressUnder): Reduced {
  const closed = close(state, overlay.id);
  const then = (next: Reduced): Reduced => ({ state: next.state, commands: [...closed.commands, ...next.commands] });
  const run = entry.run;
  switch (run.kind) {
    case 'action':
      return then(pressUnder(closed.state, pressOf(run.key), ctx));
    case 'pane': {
      // As k9s's `:volumes`: the pane itself, whatever views were over it.
      const releases: Command[] = closed.state.overlays.map((o) => ({ type: 'overlay-release', overlay: o.id }));
      return then(reduced(focusPane({ ...closed.state, overlays: [], filtering: false }, run.pane), ...releases));
    }
    case 'engine': {
      if (run.row.current) return then(notify(closed.state, `berth is on ${sanitizeLine(run.row.name)} already`));
      // The switcher, switching: it says how it went, and stays open if the engine does not answer.
      const opened = openView(closed.state, (id) => ({ kind: 'engines', id, selected: 0, switching: run.row.name }), (o) => ({ type: 'engines-list', overlay: o.id }));
      const switcher = topOverlay(opened.state);
      if (switcher?.kind !== 'engines') return then(opened);
      return then({ state: opened.state, commands: [...opened.commands, { type: 'engine-switch', overlay: switcher.id, target: run.row.target, name: run.row.name }] });
    }
    case 'extra': {
      const extra = ctx.paletteExtras?.find((e) => e.id === run.id);
      if (!extra) return closed;
      // As its key would: on the selected row's engine, through the access check (a custom action may change the engine).
      const pane = paneEntry(closed.state.pane);
      const row = selectedRow(pane, closed.state, ctx);
      const target = (row === undefined ? undefined : pane.target?.(row, closed.state, ctx)) ?? { kind: 'app' as const };
      return then(onEngine(closed.state, ctx, extra.id as ActionId, target, extra.run) ?? reduced(closed.state));
    }
  }
}

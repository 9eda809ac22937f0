/**
 * The command palette (`:`): a one-line query over every action of the screen under it, every
 * pane, every engine and the extra commands it is given (keys/palette-entries.ts), best match
 * first. Enter runs the entry under the cursor: an action by pressing the key that does it on
 * that screen (the same reducer, so it does exactly what the key does there), a pane by going
 * there (k9s's `:volumes`), an engine by switching to it in the switcher. Its keys are the filter
 * prompt's: typed text, Enter, Esc, and ↑/↓ through the list.
 */
import { notify, reduced, type Command, type EnginesReply, type Reduced } from '../commands.ts';
import type { UiContext } from '../context.ts';
import { onEngine } from '../fleet/access.ts';
import { sanitizeLine } from '../format/index.ts';
import { editLine } from '../input/field.ts';
import { plainFlags, type KeyPress } from '../input/press.ts';
import { isPrintableKey, type ActionId } from '../keys/keymap.ts';
import { engineEntry, paletteEntries, paletteMatches } from '../keys/palette-entries.ts';
import { close, openView } from '../keys/steps.ts';
import { focusPane, listMove, replaceOverlay } from '../navigation.ts';
import { paneEntry } from '../panes/index.ts';
import { selectedRow } from '../panes/pane.ts';
import type { AppState, PaletteEntry, PaletteOverlay } from '../types.ts';
import { defineView, type ViewApp } from './module.ts';

function pressOf(name: string): KeyPress {
  return { name, input: isPrintableKey(name) ? name : '', key: { ...plainFlags, return: name === 'return', escape: name === 'escape', tab: name === 'tab' } };
}

function runEntry(state: AppState, overlay: PaletteOverlay, entry: PaletteEntry, ctx: UiContext, app: ViewApp): Reduced {
  const closed = close(state, overlay.id);
  const then = (next: Reduced): Reduced => ({ state: next.state, commands: [...closed.commands, ...next.commands] });
  const run = entry.run;
  switch (run.kind) {
    case 'action':
      return then(app.press(closed.state, pressOf(run.key), ctx));
    case 'pane': {
      // As k9s's `:volumes`: the pane itself, whatever views were over it.
      const releases: Command[] = closed.state.overlays.map((o) => ({ type: 'overlay-release', overlay: o.id }));
      return then(reduced(focusPane({ ...closed.state, overlays: [], filtering: false }, run.pane), ...releases));
    }
    case 'engine':
      if (run.row.current) return then(notify(closed.state, `berth is on ${sanitizeLine(run.row.name)} already`));
      return then(app.switchEngine(closed.state, run.row));
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

export const palette = defineView<PaletteOverlay, EnginesReply>({
  id: 'palette',
  // Opens over what is shown, with its entries, and asks for the engines berth could switch to.
  opener: {
    action: 'palette',
    open: (state, ctx, app) => {
      const entries = paletteEntries(state, ctx, app.contexts(state));
      return openView(state, (id): PaletteOverlay => ({ kind: 'palette', id, query: '', selected: 0, entries }), (overlay) => ({ type: 'engines-list', overlay: overlay.id, probe: false }));
    },
  },
  // Typed text, as the filter prompt: Enter runs the entry, Esc closes, ↑/↓ choose.
  // Typed text, as the filter prompt: Enter runs the entry, Esc closes, ↑/↓ choose. 'palette'
  // binds nothing: it names the screen, whose footer says so in its own words (keys/footer.ts).
  contexts: () => ['palette', 'prompt', 'line', 'list'],
  key: (state, overlay, press, ctx, app) => {
    // A printable key is text here, whatever it does elsewhere; every key is the palette's.
    const named = !isPrintableKey(press.name) && press.name !== 'paste';
    const action = named ? ctx.keymap.resolveIn(['prompt', 'line', 'list'], press.name) : undefined;
    const moved = listMove(action, overlay.selected, paletteMatches(overlay).length);
    if (moved !== undefined) return reduced(replaceOverlay(state, { ...overlay, selected: moved }));
    switch (action) {
      case 'prompt-clear':
        return close(state, overlay.id);
      case 'prompt-keep': {
        const entry = paletteMatches(overlay)[overlay.selected];
        return entry ? runEntry(state, overlay, entry, ctx, app) : reduced(state);
      }
      default: {
        const query = editLine(overlay.query, press, action);
        return reduced(query === overlay.query ? state : replaceOverlay(state, { ...overlay, query, selected: 0 }));
      }
    }
  },
  // The engines listed: each an entry after the rest.
  result: (state, overlay, result) => {
    if (result.kind !== 'listed') return reduced(state);
    return reduced(replaceOverlay(state, { ...overlay, entries: [...overlay.entries.filter((e) => e.run.kind !== 'engine'), ...result.rows.map(engineEntry)] }));
  },
  draws: 'command-list',
});

import { dialogOf } from '../dialogs/index.ts';
import { marksOf } from '../marks.ts';
import { paneEntry } from '../panes/index.ts';
import { paneView, topOverlay, type AppState } from '../types.ts';
import { viewOf } from '../views/index.ts';
import type { KeyContext } from './keymap.ts';

/** The key contexts in force, most specific first: where keys resolve, and what the footer and help describe. */
export function contextsFor(state: AppState): KeyContext[] {
  return [...screenContexts(state), 'anywhere'];
}

function screenContexts(state: AppState): readonly KeyContext[] {
  const overlay = topOverlay(state);
  switch (overlay?.kind) {
    case 'dialog':
      return dialogOf(overlay.dialog.type)?.contexts(overlay.dialog) ?? ['dialog'];
    default:
      // A view's module says its own.
      return (overlay && viewOf(overlay)?.contexts(overlay)) ?? ['global'];
    case undefined: {
      // Under the filter prompt the list still moves (↑/↓, pages, ends): its named keys pass.
      if (state.filtering) return ['prompt', 'line', 'list'];
      const pane = paneEntry(state.pane);
      // Esc clears the filter first, then the marks: 'marked' only once no filter is set.
      const filtered = paneView(state, pane.id).filter !== '';
      const marked = !filtered && marksOf(state, pane.id).length > 0;
      return [pane.id, ...(filtered ? ['filtered'] : []), ...(marked ? ['marked'] : []), 'list', 'panes', 'global'];
    }
  }
}

/** What help lists: the keys of the screen under it. */
export function helpContexts(state: AppState): KeyContext[] {
  return contextsFor({ ...state, overlays: state.overlays.slice(0, -1) });
}

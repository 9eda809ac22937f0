import { topOverlay, type AppState } from '../../state/app/types.ts';
import type { KeyContext } from './keymap.ts';
import { paneEntry } from '../panes/registry.ts';

/** The key contexts in force, most specific first: what the footer and help describe. */
export function contextsFor(state: AppState): KeyContext[] {
  const overlay = topOverlay(state);
  if (overlay?.kind === 'logs') return ['logs', 'global'];
  if (overlay?.kind === 'inspect' || overlay?.kind === 'history') return ['inspect', 'global'];
  if (overlay?.kind === 'help') return ['help', 'global'];
  if (overlay?.kind === 'engines') return ['engines', 'global'];
  if (overlay?.kind === 'stats') return ['stats', 'global'];
  // A dialog draws its own key hints and takes every key.
  if (overlay?.kind === 'dialog') return [];
  return [paneEntry(state.pane).context, 'list', 'global'];
}

/** What help lists: the keys of the screen under it. */
export function helpContexts(state: AppState): KeyContext[] {
  return contextsFor({ ...state, overlays: state.overlays.slice(0, -1) });
}

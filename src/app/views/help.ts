/**
 * Help (`?`): every key of the screen under it, from the keymap in force (a row on a read-only
 * engine under it: its changes are not listed), wrapped at the width. It scrolls; `?` over it
 * closes it.
 */
import type { UiContext } from '../context.ts';
import { helpBindings } from '../fleet/access.ts';
import { helpLines } from '../keys/help-lines.ts';
import type { KeyContext } from '../keys/keymap.ts';
import { openView } from '../keys/steps.ts';
import type { AppState, HelpOverlay } from '../types.ts';
import { defineView } from './module.ts';
import { scrollOrSearchKey, searchContexts } from './text-search.ts';

/** The help text's lines for the contexts under it, at the terminal's width. */
function helpText(state: AppState, ctx: UiContext, under: readonly KeyContext[]): string[] {
  return helpLines(helpBindings(state, ctx, ctx.keymap.bindingsFor(under)), state.terminal.columns);
}

export const help = defineView<HelpOverlay>({
  id: 'help',
  opener: { action: 'help', open: (state) => openView(state, (id): HelpOverlay => ({ kind: 'help', id, top: 0 })) },
  contexts: (overlay) => searchContexts(overlay, ['help', 'global']),
  key: (state, overlay, press, ctx, app) => scrollOrSearchKey(state, overlay, press, ctx, 'help', helpText(state, ctx, app.contextsUnder(state))),
  draws: 'key-list',
});

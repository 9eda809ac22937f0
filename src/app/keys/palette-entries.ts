/**
 * What the command palette offers on a screen, and in what order for a query: the actions of the
 * screen under it (the keymap's bindings in force there, each with the key that reaches it), every
 * pane, every engine berth could switch to, and the extra commands it is given (the user's custom
 * actions, UiContext.paletteExtras). The query is matched fuzzily (format/fuzzy.ts) against an
 * entry's name first, then its description.
 */
import type { UiContext } from '../context.ts';
import { fuzzyScore } from '../format/fuzzy.ts';
import { sanitizeLine } from '../format/index.ts';
import { panes } from '../panes/index.ts';
import type { AppState, EngineRow, PaletteEntry, PaletteOverlay } from '../types.ts';
import { bindingLabel, type ActionId, type KeyContext } from './keymap.ts';

/** Actions that mean nothing chosen by name: moving the cursor, the palette itself, the quit question's answer. */
const NOT_OFFERED: ReadonlySet<ActionId> = new Set(['palette', 'up', 'down', 'top', 'bottom', 'page-up', 'page-down', 'stay', 'interrupt']);

/** Actions whose id says less than what the key does: Space marks a container (it folds only a Compose project's row). */
const NAMES: Partial<Record<ActionId, string>> = { fold: 'mark or fold' };

/** An action's name as words: `toggle-all` → "toggle all". */
function actionName(action: ActionId): string {
  return NAMES[action] ?? action.replace(/-/g, ' ');
}

/** The entries for the screen `state` shows (the palette not yet open over it), whose key contexts are `contexts`. */
export function paletteEntries(state: AppState, ctx: UiContext, contexts: readonly KeyContext[]): PaletteEntry[] {
  const actions: PaletteEntry[] = ctx.keymap
    .bindingsFor(contexts)
    .filter((b) => !NOT_OFFERED.has(b.action) && !b.action.startsWith('pane-'))
    .flatMap((b) => {
      const key = b.keys[0];
      return key === undefined ? [] : [{ name: actionName(b.action), description: b.description, keyLabel: bindingLabel(b), run: { kind: 'action' as const, action: b.action, key } }];
    });
  const paneEntries: PaletteEntry[] = panes.map((pane) => ({
    name: pane.title.toLowerCase(),
    description: `the ${pane.title} pane`,
    keyLabel: ctx.keymap.label(`pane-${pane.id}`),
    run: { kind: 'pane', pane: pane.id },
  }));
  const extras: PaletteEntry[] = (ctx.paletteExtras ?? []).map((extra) => ({ name: extra.name, description: extra.description, keyLabel: extra.keyLabel ?? '', run: { kind: 'extra', id: extra.id } }));
  return [...actions, ...paneEntries, ...extras];
}

/** An engine berth could switch to, as an entry. */
export function engineEntry(row: EngineRow): PaletteEntry {
  const name = sanitizeLine(row.name);
  return { name: `engine ${name}`, description: `switch to ${name} (${sanitizeLine(row.host)})${row.current ? ', the one shown' : ''}`, keyLabel: '', run: { kind: 'engine', row } };
}

/** A name match always ranks above a description match. */
const NAME_FIRST = 10_000;

/** The entries the query finds, best first (ties keep the entries' order); all of them for an empty query. */
export function rankEntries(entries: readonly PaletteEntry[], query: string): PaletteEntry[] {
  if (query.trim() === '') return [...entries];
  const scored: Array<{ entry: PaletteEntry; score: number; at: number }> = [];
  entries.forEach((entry, at) => {
    const byName = fuzzyScore(query, entry.name);
    const score = byName !== undefined ? NAME_FIRST + byName : fuzzyScore(query, entry.description);
    if (score !== undefined) scored.push({ entry, score, at });
  });
  return scored.sort((a, b) => b.score - a.score || a.at - b.at).map((s) => s.entry);
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

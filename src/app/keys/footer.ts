/**
 * The footer's keys: on each screen, those it uses most, in that order, as many as the width
 * holds (a key that does not fit leaves room for a shorter one after it); help and quit always,
 * last. A screen is named by its first key context (a pane's id, a view's); its order is its
 * module's `footer` (app/panes, app/views); a screen with none shows its keys in the keymap's
 * order. Only keys with a footer word (keymap.ts) are shown: the rest are in help.
 */
import { displayWidth } from '../format/index.ts';
import { panes } from '../panes/index.ts';
import { prettyKey } from './key-label.ts';
import { views } from '../views/index.ts';
import { bindingLabel, type ActionId, type Binding, type KeyContext, type Keymap } from './keymap.ts';

/** A screen's keys by how much they are used, most first; the screen's other keys follow in the keymap's order. */
export function footerOrder(screen: KeyContext): readonly ActionId[] {
  return panes.find((p) => p.id === screen)?.footer ?? views.find((v) => v.id === screen)?.footer ?? [];
}

const ALWAYS: readonly ActionId[] = ['help', 'quit'];

/**
 * Screens whose keys are another's, said in their own words: only these, in this order, each
 * written with the keys that reach its actions there. The palette's keys are the filter prompt's,
 * but Enter runs the entry chosen and Esc closes the palette (where the prompt keeps and clears).
 */
const ownFooter: Readonly<Record<KeyContext, ReadonlyArray<{ actions: readonly ActionId[]; word: string }>>> = {
  palette: [
    { actions: ['prompt-keep'], word: 'runs' },
    { actions: ['up', 'down'], word: 'choose' },
    { actions: ['prompt-clear'], word: 'closes' },
  ],
};

/** A part of the footer: its text, and the key a click on it presses (mouse: keys/clicks.ts). */
export interface FooterItem {
  text: string;
  key: string;
}

/** A screen's own footer (ownFooter): each part with the first key that reaches each of its actions. */
function ownParts(keymap: Keymap, contexts: readonly KeyContext[], own: ReadonlyArray<{ actions: readonly ActionId[]; word: string }>): FooterItem[] {
  const reach = keymap.bindingsFor(contexts);
  return own.flatMap(({ actions, word }) => {
    const keys = actions.map((action) => reach.find((b) => b.action === action)?.keys[0]);
    return keys.every((k): k is string => k !== undefined) ? [{ text: `${keys.map(prettyKey).join('/')} ${word}`, key: keys[0] ?? '' }] : [];
  });
}

function hint(binding: Binding): FooterItem {
  return { text: `${bindingLabel(binding)} ${binding.footer ?? binding.description}`, key: binding.keys[0] ?? '' };
}

/** The footer's parts for these contexts in `width` cells, most used first, help and quit last. */
export function footerParts(keymap: Keymap, contexts: readonly KeyContext[], width: number, hidden?: ReadonlySet<ActionId>): string[] {
  return footerItems(keymap, contexts, width, hidden).map((item) => item.text);
}

/** The footer's parts with the key each presses: drawn joined by two spaces. */
export function footerItems(keymap: Keymap, contexts: readonly KeyContext[], width: number, hidden?: ReadonlySet<ActionId>): FooterItem[] {
  const own = ownFooter[contexts[0] ?? ''];
  if (own) return fit(ownParts(keymap, contexts, own), [], width);
  // `hidden`: what the selected row's engine does not take (a read-only engine's changes).
  const shown = keymap.bindingsFor(contexts).filter((b) => b.footer && !hidden?.has(b.action));
  const order = footerOrder(contexts[0] ?? '');
  const rank = (b: Binding) => {
    const at = order.indexOf(b.action);
    return at < 0 ? order.length : at;
  };
  // Stable: the keys a screen does not rank keep the keymap's order after the ranked ones.
  const ranked = shown.filter((b) => !ALWAYS.includes(b.action)).sort((a, b) => rank(a) - rank(b));
  const fixed = shown.filter((b) => ALWAYS.includes(b.action)).map(hint);
  return fit(ranked.map(hint), fixed, width);
}

/** As many of `parts` as `width` holds beside `fixed` (a part that does not fit leaves room for a shorter one after it), then `fixed`. */
function fit(parts: readonly FooterItem[], fixed: readonly FooterItem[], width: number): FooterItem[] {
  const gap = 2;
  let used = fixed.reduce((n, p) => n + displayWidth(p.text) + gap, 0);
  const kept: FooterItem[] = [];
  for (const part of parts) {
    if (used + displayWidth(part.text) > width) continue;
    kept.push(part);
    used += displayWidth(part.text) + gap;
  }
  return [...kept, ...fixed];
}

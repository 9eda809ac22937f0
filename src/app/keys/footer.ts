/**
 * The footer's keys: on each screen, those it uses most, in that order, as many as the width
 * holds (a key that does not fit leaves room for a shorter one after it); help and quit always,
 * last. A screen is named by its first key context (a pane's id, a view's); its order is its
 * module's `footer` (app/panes, app/views); a screen with none shows its keys in the keymap's
 * order. Only keys with a footer word (keymap.ts) are shown: the rest are in help.
 */
import { displayWidth } from '../format/index.ts';
import { panes } from '../panes/index.ts';
import { views } from '../views/index.ts';
import { bindingLabel, type ActionId, type Binding, type KeyContext, type Keymap } from './keymap.ts';

/** A screen's keys by how much they are used, most first; the screen's other keys follow in the keymap's order. */
export function footerOrder(screen: KeyContext): readonly ActionId[] {
  return panes.find((p) => p.id === screen)?.footer ?? views.find((v) => v.id === screen)?.footer ?? [];
}

const ALWAYS: readonly ActionId[] = ['help', 'quit'];

function hint(binding: Binding): string {
  return `${bindingLabel(binding)} ${binding.footer ?? binding.description}`;
}

/** The footer's parts for these contexts in `width` cells, most used first, help and quit last. */
export function footerParts(keymap: Keymap, contexts: readonly KeyContext[], width: number, hidden?: ReadonlySet<ActionId>): string[] {
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
  const gap = 2;
  let used = fixed.reduce((n, p) => n + displayWidth(p) + gap, 0);
  const parts: string[] = [];
  for (const binding of ranked) {
    const part = hint(binding);
    if (used + displayWidth(part) > width) continue;
    parts.push(part);
    used += displayWidth(part) + gap;
  }
  return [...parts, ...fixed];
}

/**
 * The help view's text: every key of the screen under it, grouped by what it acts on — this
 * screen's own keys, the moves, and the keys that work everywhere (as k9s groups its help) —
 * a line per action, its keys in a column and what it does after them, wrapped under its own
 * column (not cut: most descriptions are longer than 80 columns leave them). From 150 columns the
 * groups stand in two columns: this screen's on the left, the moves and the rest on the right.
 * The view draws these lines, and the reducer scrolls and searches over them, so both count the
 * same lines.
 */
import { displayWidth, padEnd } from '../format/index.ts';
import { wrap } from '../format/wrap.ts';
import { prettyKey } from './key-label.ts';
import type { ActionId, Binding, KeyContext } from './keymap.ts';

const INDENT = 2;
/** Two columns from this width on: each then has the room an 80-column screen gives one. */
export const HELP_COLUMNS_FROM = 150;
const GAP = 2;

export type HelpGroup = 'this screen' | 'moving' | 'everywhere';
const ORDER: readonly HelpGroup[] = ['this screen', 'moving', 'everywhere'];

/** The moves: through a list, a view's text, a dialog's fields, the panes. */
const MOVING: ReadonlySet<ActionId> = new Set<ActionId>(['up', 'down', 'top', 'bottom', 'page-up', 'page-down', 'next-pane', 'prev-pane', 'scroll-left', 'scroll-right', 'next-field', 'prev-field']);
/** Contexts every screen (or every pane) has: their keys work everywhere. */
const EVERYWHERE: ReadonlySet<KeyContext> = new Set<KeyContext>(['global', 'panes', 'anywhere']);

export function helpGroup(binding: Binding): HelpGroup {
  if (MOVING.has(binding.action)) return 'moving';
  return binding.contexts.some((c) => EVERYWHERE.has(c)) ? 'everywhere' : 'this screen';
}

/** One group's lines: its keys in a column, what each does wrapped after them. */
function bindingLines(bindings: readonly Binding[], width: number): string[] {
  const labels = bindings.map((b) => b.keys.map(prettyKey).join(', '));
  // The key column takes what its longest label needs, up to a third of the width; a longer
  // label has its line to itself, and what it does starts under the column on the next.
  const column = Math.min(Math.max(0, ...labels.map(displayWidth)) + 2, Math.max(Math.floor(width / 3), 8));
  const room = Math.max(width - INDENT - column, 12);
  const pad = ' '.repeat(INDENT + column);
  return bindings.flatMap((binding, i) => {
    const label = labels[i] ?? '';
    const words = wrap(binding.description, room, Infinity);
    const head = `${' '.repeat(INDENT)}${label}`;
    if (displayWidth(label) + 2 > column) return [head, ...words.map((w) => pad + w)];
    return words.map((w, j) => (j === 0 ? padEnd(head, INDENT + column) + w : pad + w));
  });
}

/** The groups that have keys, in order, each a heading and its lines (a blank line between groups). */
function groupLines(bindings: readonly Binding[], groups: readonly HelpGroup[], width: number): string[] {
  const out: string[] = [];
  for (const group of groups) {
    const own = bindings.filter((b) => helpGroup(b) === group);
    if (own.length === 0) continue;
    if (out.length > 0) out.push('');
    out.push(`${group[0]?.toUpperCase() ?? ''}${group.slice(1)}`, ...bindingLines(own, width));
  }
  return out;
}

export function helpLines(bindings: readonly Binding[], width: number): string[] {
  if (width < HELP_COLUMNS_FROM) return groupLines(bindings, ORDER, width);
  const half = Math.floor((width - GAP) / 2);
  const left = groupLines(bindings, ['this screen'], half);
  const right = groupLines(bindings, ['moving', 'everywhere'], half);
  // A screen with no keys of its own (help over a dialog): one column is enough.
  if (left.length === 0 || right.length === 0) return groupLines(bindings, ORDER, width);
  return Array.from({ length: Math.max(left.length, right.length) }, (_, i) => `${padEnd(left[i] ?? '', half + GAP)}${right[i] ?? ''}`.trimEnd());
}

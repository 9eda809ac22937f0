/**
 * The help view's text: every key of the screen under it, a line per action, its keys in a column
 * and what it does after them, wrapped at the terminal's width under its own column (not cut:
 * most descriptions are longer than 80 columns leave them). The view draws these lines and the
 * reducer scrolls over them, so both count the same lines.
 */
import { displayWidth, padEnd } from '../format/index.ts';
import { wrap } from '../format/wrap.ts';
import { prettyKey } from './key-label.ts';
import type { Binding } from './keymap.ts';

const INDENT = 2;

export function helpLines(bindings: readonly Binding[], width: number): string[] {
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

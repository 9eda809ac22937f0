/**
 * The diff view (`D`): what changed in a container's filesystem since its image, as a tree —
 * what a commit of it would capture. The engine says added (A), changed (C) or deleted (D) per
 * path and nothing more: no sizes, no contents; the heading says so. Drawn in the inspect view
 * (it scrolls the same), under its own caption: its opener is that view's (inspect.ts).
 */
import type { ChangeKind, FileChange } from '../../engine/changes.ts';
import { plural } from '../format/plural.ts';

export const CHANGE_MARK: Record<ChangeKind, string> = { added: 'A', changed: 'C', deleted: 'D' };

/** "2 added · 1 changed · 0 deleted". */
export function changeCounts(changes: readonly FileChange[]): string {
  const count = (kind: ChangeKind) => changes.filter((c) => c.kind === kind).length;
  return `${count('added')} added · ${count('changed')} changed · ${count('deleted')} deleted`;
}

/**
 * One line per path, indented under its directory, its mark first (a directory the engine did
 * not list, shown only to hold its children, has none), then what `note` says of it (the layer
 * explorer: its size). Engine text: sanitised when drawn.
 */
export function changeTree(changes: readonly FileChange[], note?: (path: string) => string): string[] {
  const kinds = new Map(changes.map((c) => [c.path, c.kind]));
  const paths = new Set<string>();
  // Each path and the directories above it; a directory already there has its own above it too.
  for (const c of changes) {
    let at = `/${c.path.split('/').filter((p) => p !== '').join('/')}`;
    while (at !== '' && !paths.has(at)) {
      paths.add(at);
      at = at.slice(0, at.lastIndexOf('/'));
    }
  }
  // Sorted by their parts, so a directory's children follow it (`/a/b` before `/a-b`): the same
  // order as the paths compared with `/` as the lowest character (NUL, which no path holds).
  const keyed = [...paths].map((p) => ({ p, key: p.replaceAll('/', '\0') }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const sorted = keyed.map((k) => k.p);
  return sorted.map((p) => {
    const kind = kinds.get(p);
    const depth = p.split('/').length - 2;
    const said = note?.(p) ?? '';
    return `${kind ? CHANGE_MARK[kind] : ' '} ${'  '.repeat(depth)}${p.slice(p.lastIndexOf('/') + 1)}${said === '' ? '' : `  ${said}`}`;
  });
}

/** The view's lines: the counts, what the API cannot say, then the tree. */
export function diffLines(changes: readonly FileChange[]): string[] {
  if (changes.length === 0) return ['nothing changed since the image: a commit would capture no files'];
  return [`${changeCounts(changes)} (${plural(changes.length, 'path')}; the engine gives no sizes)`, '', ...changeTree(changes)];
}

/**
 * Relations (`L` on a Compose project's row, a container, a network or a volume): what it
 * touches, as an indented tree (state/relations/tree.ts), read when it opens. Enter on a node
 * berth lists (a container, a network, a volume) goes to its row in its pane.
 */
import { cursorSearchKey } from './text-search.ts';
import { reduced, type RelationsReply } from '../commands.ts';
import { sanitizeLine } from '../format/index.ts';
import { openView } from '../keys/steps.ts';
import { replaceOverlay } from '../navigation.ts';
import type { AppState, RelationsOverlay } from '../types.ts';
import type { RelationRoot } from '../../state/relations/gather.ts';
import type { RelationNode } from '../../state/relations/tree.ts';
import { itemKey, type ItemLine } from './item-lines.ts';
import { defineView } from './module.ts';

function openRelations(state: AppState, root: RelationRoot, title: string) {
  return openView(
    state,
    (id): RelationsOverlay => ({ kind: 'relations', id, root, title, selected: 0 }),
    (o) => ({ type: 'relations-load', overlay: o.id, root }),
  );
}

/** The tree as lines, depth first, each indented by its depth. */
export function relationLines(tree: RelationNode | undefined): ItemLine[] {
  const lines: ItemLine[] = [];
  const walk = (node: RelationNode, depth: number) => {
    lines.push({ text: node.text, depth, ...(node.go && { go: node.go }), ...(depth === 0 && { tone: 'heading' as const }) });
    for (const child of node.children) walk(child, depth + 1);
  };
  if (tree) walk(tree, 0);
  return lines;
}

export const relations = defineView<RelationsOverlay, RelationsReply>({
  id: 'relations',
  actions: {
    relations: {
      project: (state, _ctx, p) => openRelations(state, { kind: 'project', project: p.project }, `project ${p.project}`),
      container: (state, _ctx, c) => openRelations(state, { kind: 'container', id: c.id }, c.shown),
      network: (state, _ctx, n) => openRelations(state, { kind: 'network', id: n.id, name: n.name }, `network ${n.name}`),
      volume: (state, _ctx, v) => openRelations(state, { kind: 'volume', name: v.name }, `volume ${v.name}`),
    },
  },
  contexts: (overlay) => (overlay.search?.prompt !== undefined ? ['prompt', 'line'] : ['relations', 'global']),
  key: (state, overlay, press, ctx) => cursorSearchKey(state, overlay, press, ctx, 'relations', relationLines(overlay.tree).map((l) => l.text)) ?? itemKey(state, overlay, press, ctx, 'relations', relationLines(overlay.tree)),
  result: (state, overlay, result) => reduced(replaceOverlay(state, { ...overlay, tree: result.tree ?? overlay.tree, error: result.error })),
  lines: (overlay) => ({
    title: `relations of ${sanitizeLine(overlay.title)}`,
    status: overlay.error
      ? { text: `✕ ${overlay.error}`, tone: 'error' }
      : overlay.tree
        ? { text: 'Enter on a container, network or volume goes to its row', tone: 'muted' }
        : { text: 'reading what it touches…', tone: 'muted' },
    lines: relationLines(overlay.tree),
  }),
  footer: ['go-to', 'close'],
  draws: 'item-lines',
});

/**
 * Prune (`X`): first what would go and what it frees (worked out from the engine's disk usage,
 * as it has no dry run), then, after Enter, the prune itself and what the engine says it freed.
 * From the Images pane Space cycles what to prune: dangling images, every unused image, or the
 * build cache. Nothing goes before Enter; Esc leaves everything as it was.
 */
import type { PrunePreview, PruneTarget } from '../../state/prune/preview.ts';
import type { TargetActions } from '../actions/target-actions.ts';
import type { ListKind } from '../targets.ts';
import type { PruneReply } from '../commands.ts';
import { formatBytes, sanitizeLine, truncate } from '../format/index.ts';
import { defineDialog, type Outcome } from './machine.ts';
import { openDialog } from './open.ts';
import type { DialogBlock } from './view.ts';

export interface PruneRequest {
  type: 'prune';
  target: PruneTarget;
}

export type PrunePhase =
  | { kind: 'loading' }
  | { kind: 'preview'; preview: PrunePreview }
  | { kind: 'pruning'; preview: PrunePreview }
  | { kind: 'done'; removed: number; freed: number }
  | { kind: 'failed'; message: string; preview?: PrunePreview };

export interface PruneDialog extends PruneRequest {
  phase: PrunePhase;
  /** Counts previews asked for: a late answer for an earlier target is dropped. */
  serial: number;
}

/** What Space walks through from the Images pane. */
const IMAGE_TARGETS: readonly PruneTarget[] = ['images', 'unused-images', 'build'];

const what: Record<PruneTarget, { title: string; none: string; note?: string }> = {
  containers: { title: 'stopped containers', none: 'no stopped containers' },
  images: { title: 'dangling images', none: 'no dangling images (untagged and unused)' },
  'unused-images': { title: 'every image no container uses', none: 'every image is used by a container' },
  build: { title: 'build cache', none: 'no build cache to free' },
  volumes: { title: 'unused volumes', none: 'no unused volumes', note: 'API 1.41 prunes named volumes too, not only anonymous ones' },
  networks: { title: 'unused networks', none: 'no unused custom networks' },
};

function preview(state: PruneDialog, overlay: number, target: PruneTarget): Outcome<PruneDialog> {
  const serial = state.serial + 1;
  return { state: { ...state, target, serial, phase: { kind: 'loading' } }, commands: [{ type: 'prune-preview', overlay, target, serial }] };
}

/** What prune removes on each list (the engine's prune endpoints' words). */
const listTargets: Partial<Record<ListKind, PruneTarget>> = { container: 'containers', image: 'images', volume: 'volumes', network: 'networks' };

const actions: TargetActions = {
  prune: {
    list: (state, ctx, list) => {
      const target = listTargets[list.of];
      return target ? openDialog(state, ctx, prune, { type: 'prune', target }) : { state, commands: [] };
    },
  },
};

function previewBlocks(preview: PrunePreview, target: PruneTarget, rows: number, width: number): DialogBlock[] {
  if (preview.items.length === 0) return [{ kind: 'text', tone: 'muted', text: what[target].none }];
  const shown = preview.items.slice(0, rows);
  const sizes = target !== 'networks';
  const nameWidth = Math.max(width - (sizes ? 16 : 6), 8);
  const blocks: DialogBlock[] = [
    { kind: 'table', rows: shown.map((item) => ({ name: truncate(sanitizeLine(item.name), nameWidth), ...(sizes && { frees: item.size !== undefined && item.size >= 0 ? formatBytes(item.size) : '?' }) })) },
  ];
  if (preview.items.length > shown.length) blocks.push({ kind: 'text', tone: 'muted', text: `… and ${preview.items.length - shown.length} more` });
  blocks.push({ kind: 'text', bold: true, text: `${preview.items.length} to remove${sizes ? `, freeing about ${formatBytes(preview.bytes)}` : ''}` });
  return blocks;
}

export const prune = defineDialog<PruneDialog, PruneRequest, PruneReply>({
  id: 'prune',
  actions,
  open: (request, ctx) => preview({ ...request, phase: { kind: 'loading' }, serial: 0 }, ctx.overlay, request.target),
  // Space cycles the targets from the Images pane: a switch of sorts.
  contexts: (state) => (IMAGE_TARGETS.includes(state.target) ? ['toggle', 'dialog'] : ['dialog']),
  key(state, key, ctx) {
    const { phase } = state;
    if (key.action === 'cancel') return { state, close: true };
    if (phase.kind === 'done') return key.action === 'submit' ? { state, close: true } : { state };
    if (phase.kind === 'pruning') return { state };
    const at = IMAGE_TARGETS.indexOf(state.target);
    if (key.action === 'toggle' && at >= 0) return preview(state, ctx.overlay, IMAGE_TARGETS[(at + 1) % IMAGE_TARGETS.length] ?? 'images');
    if (key.action === 'submit' && phase.kind === 'preview') {
      if (phase.preview.items.length === 0) return { state, close: true };
      return { state: { ...state, phase: { kind: 'pruning', preview: phase.preview } }, commands: [{ type: 'prune-run', overlay: ctx.overlay, target: state.target }] };
    }
    return { state };
  },
  result(state, result) {
    switch (result.kind) {
      case 'previewed':
        return result.serial === state.serial ? { state: { ...state, phase: { kind: 'preview', preview: result.preview } } } : { state };
      case 'preview-failed':
        return result.serial === state.serial ? { state: { ...state, phase: { kind: 'failed', message: result.message } } } : { state };
      case 'pruned':
        return { state: { ...state, phase: { kind: 'done', removed: result.removed, freed: result.freed } } };
      case 'prune-failed':
        return { state: { ...state, phase: { kind: 'failed', message: result.message, preview: state.phase.kind === 'pruning' ? state.phase.preview : undefined } } };
    }
  },
  view(state, ctx) {
    const { phase, target } = state;
    const cycles = IMAGE_TARGETS.includes(target);
    // Frame, title, hint, table borders and the totals take about ten rows.
    const rows = Math.max(ctx.height - 14, 3);
    const inner = Math.min(ctx.width, 76) - 4;
    const blocks: DialogBlock[] = [];
    const note = what[target].note;
    if (note) blocks.push({ kind: 'text', tone: 'warning', wrap: 'wrap', text: note });
    if (phase.kind === 'loading') blocks.push({ kind: 'busy', text: 'working out what would go…' });
    if (phase.kind === 'preview' || phase.kind === 'pruning') blocks.push(...previewBlocks(phase.preview, target, rows, inner));
    if (phase.kind === 'pruning') blocks.push({ kind: 'busy', text: 'pruning…' });
    if (phase.kind === 'done') blocks.push({ kind: 'text', tone: 'success', wrap: 'wrap', text: `removed ${phase.removed}${target === 'networks' ? '' : `, the engine freed ${formatBytes(phase.freed)}`}` });
    if (phase.kind === 'failed') blocks.push({ kind: 'text', tone: 'error', wrap: 'wrap', text: `✗ ${sanitizeLine(phase.message)}` });
    return {
      title: `Prune ${what[target].title}?`,
      width: 'form',
      blocks,
      hints:
        phase.kind === 'done'
          ? [{ action: ['submit', 'cancel'], text: 'closes' }]
          : phase.kind === 'pruning'
            ? [{ text: 'pruning…' }, { action: 'cancel', text: 'closes (the prune still completes)' }]
            : [
                ...(phase.kind === 'preview' && phase.preview.items.length > 0 ? [{ action: 'submit' as const, text: 'prune' }] : []),
                ...(cycles ? [{ action: 'toggle' as const, text: 'dangling / unused images / build cache' }] : []),
                { action: 'cancel', text: 'cancel' },
              ],
    };
  },
});

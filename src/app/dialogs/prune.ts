/**
 * Prune (`X`): first what would go and what it frees (worked out from the engine's disk usage,
 * as it has no dry run), then, after Enter, the prune itself and what the engine did, counted
 * against the preview. From the Images pane Space cycles what to prune: dangling images, every
 * unused image (dockerd then also untags the extra tags of images in use: the preview lists
 * those), or the build cache; from the Volumes pane on API 1.42 and later, anonymous or every
 * unused volume. Nothing goes before Enter; Esc leaves everything as it was.
 */
import { formDialogWidth } from './width.ts';
import { apiAtLeast } from '../../engine/version.ts';
import { pruneOutcome, type PruneOutcome } from '../../state/prune/outcome.ts';
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
  | { kind: 'done'; outcome: PruneOutcome }
  | { kind: 'failed'; message: string; preview?: PrunePreview };

export interface PruneDialog extends PruneRequest {
  phase: PrunePhase;
  /** What Space walks through (one target: no cycling). */
  cycle: readonly PruneTarget[];
  /** The engine's API version when it opened: what it prunes depends on it. */
  apiVersion?: string;
  /** Counts previews asked for: a late answer for an earlier target is dropped. */
  serial: number;
}

/** What Space walks through from the Images pane. */
const IMAGE_TARGETS: readonly PruneTarget[] = ['images', 'unused-images', 'build'];

/** What Space walks through: the image targets, the two volume prunes from API 1.42, else the one. */
function cycleOf(target: PruneTarget, apiVersion: string | undefined): readonly PruneTarget[] {
  if (IMAGE_TARGETS.includes(target)) return IMAGE_TARGETS;
  if ((target === 'volumes' || target === 'all-volumes') && apiAtLeast(apiVersion, '1.42')) return ['volumes', 'all-volumes'];
  return [target];
}

const cycleHint: Partial<Record<PruneTarget, string>> = {
  images: 'dangling / unused images / build cache',
  volumes: 'anonymous / every unused volume',
};

/** Titles and words; the volumes' depend on the API version (engine/prune.ts volumePruneTakesNamed). */
function what(target: PruneTarget, apiVersion: string | undefined): { title: string; none: string; note?: string } {
  const api = apiVersion ?? 'below 1.42';
  switch (target) {
    case 'containers':
      return { title: 'stopped containers', none: 'no stopped containers' };
    case 'images':
      return { title: 'dangling images', none: 'no dangling images (untagged and unused)' };
    case 'unused-images':
      return { title: 'every image no container uses', none: 'nothing: every image is used by a container, with one tag each' };
    case 'build':
      return { title: 'build cache', none: 'no build cache to free (all of it is in use)' };
    case 'volumes':
      return apiAtLeast(apiVersion, '1.42')
        ? { title: 'unused anonymous volumes', none: 'no unused anonymous volumes', note: `API ${api} prunes anonymous volumes only: named ones stay` }
        : { title: 'unused volumes', none: 'no unused volumes', note: `API ${api} prunes named volumes too, not only anonymous ones` };
    case 'all-volumes':
      return { title: 'every unused volume', none: 'no unused volumes', note: 'named volumes too, not only anonymous ones' };
    case 'networks':
      return { title: 'unused networks', none: 'no unused custom networks' };
  }
}

function preview(state: PruneDialog, overlay: number, target: PruneTarget): Outcome<PruneDialog> {
  const serial = state.serial + 1;
  return { state: { ...state, target, serial, phase: { kind: 'loading' } }, commands: [{ type: 'prune-preview', overlay, target, serial }] };
}

/** What prune removes on each list (the engine's prune endpoints' words). */
const listTargets: Partial<Record<ListKind, PruneTarget>> = { container: 'containers', image: 'images', volume: 'volumes', network: 'networks', 'build-cache': 'build' };

const actions: TargetActions = {
  prune: {
    list: (state, ctx, list) => {
      const target = listTargets[list.of];
      return target ? openDialog(state, ctx, prune, { type: 'prune', target }) : { state, commands: [] };
    },
  },
};

/** The total line: what goes, and what it frees as far as the engine tells. */
function totalLine(preview: PrunePreview, sizes: boolean): string {
  const { items, bytes, unknownSizes } = preview;
  const untags = items.filter((i) => i.action === 'untag').length;
  const deletes = items.length - untags;
  const count = untags > 0 ? `${deletes} to delete and ${untags} to untag` : `${items.length} to remove`;
  if (!sizes) return count;
  if (unknownSizes === items.length) return `${count}; the engine gives no sizes, so what it frees is not known`;
  if (unknownSizes > 0) return `${count}, freeing at least ${formatBytes(bytes)} (the engine gives no size for ${unknownSizes})`;
  return `${count}, freeing about ${formatBytes(bytes)}`;
}

function previewBlocks(preview: PrunePreview, target: PruneTarget, apiVersion: string | undefined, rows: number, width: number): DialogBlock[] {
  if (preview.items.length === 0) return [{ kind: 'text', tone: 'muted', text: what(target, apiVersion).none }];
  const blocks: DialogBlock[] = [];
  const untagsInUse = preview.items.filter((i) => i.action === 'untag').length;
  if (untagsInUse > 0) {
    blocks.push({ kind: 'text', tone: 'warning', wrap: 'wrap', text: `the engine also untags ${untagsInUse === 1 ? 'a reference' : `${untagsInUse} references`} of images that stay: those names go` });
    rows = Math.max(rows - 2, 3);
  }
  const shown = preview.items.slice(0, rows);
  const sizes = target !== 'networks';
  const actions = preview.items.some((i) => i.action !== undefined);
  const nameWidth = Math.max(width - (sizes ? 16 : 6) - (actions ? 9 : 0), 8);
  const frees = (size: number | undefined): string => (size !== undefined && size >= 0 ? formatBytes(size) : 'unknown');
  blocks.push({
    kind: 'table',
    rows: shown.map((item) => ({
      ...(actions && { does: item.action ?? '' }),
      name: truncate(sanitizeLine(item.note ? `${item.name}  (${item.note})` : item.name), nameWidth),
      ...(sizes && { frees: frees(item.size) }),
    })),
  });
  if (preview.items.length > shown.length) blocks.push({ kind: 'text', tone: 'muted', text: `… and ${preview.items.length - shown.length} more` });
  blocks.push({ kind: 'text', bold: true, wrap: 'wrap', text: totalLine(preview, sizes) });
  return blocks;
}

/** After the prune: the previewed items the engine reports gone, and what else its answer lists. */
function doneText(outcome: PruneOutcome, target: PruneTarget): string {
  const parts = [`removed ${outcome.done} of the ${outcome.previewed} previewed`];
  if (outcome.missed.length > 0) parts.push(`not removed: ${outcome.missed.map((name) => sanitizeLine(name)).join(', ')}`);
  if (outcome.extra > 0) parts.push(`the engine's answer lists ${outcome.entries} entries, ${outcome.extra} of them ${target === 'images' || target === 'unused-images' ? 'layers and other references of the deleted images' : 'not previewed'}`);
  if (target !== 'networks') parts.push(`the engine freed ${formatBytes(outcome.freed)}`);
  return parts.join('; ');
}

export const prune = defineDialog<PruneDialog, PruneRequest, PruneReply>({
  id: 'prune',
  changesEngine: true,
  actions,
  open: (request, ctx) => {
    const apiVersion = ctx.engine.connection.apiVersion;
    return preview({ ...request, phase: { kind: 'loading' }, serial: 0, cycle: cycleOf(request.target, apiVersion), ...(apiVersion !== undefined && { apiVersion }) }, ctx.overlay, request.target);
  },
  // Space cycles the targets (the Images pane's; the volumes' from API 1.42): a switch of sorts.
  contexts: (state) => (state.cycle.length > 1 ? ['toggle', 'dialog'] : ['dialog']),
  key(state, key, ctx) {
    const { phase } = state;
    if (key.action === 'cancel') return { state, close: true };
    if (phase.kind === 'done') return key.action === 'submit' ? { state, close: true } : { state };
    if (phase.kind === 'pruning') return { state };
    const at = state.cycle.indexOf(state.target);
    if (key.action === 'toggle' && state.cycle.length > 1) return preview(state, ctx.overlay, state.cycle[(at + 1) % state.cycle.length] ?? state.target);
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
      case 'pruned': {
        const previewed = state.phase.kind === 'pruning' ? state.phase.preview : { items: [], bytes: 0, unknownSizes: 0 };
        return { state: { ...state, phase: { kind: 'done', outcome: pruneOutcome(previewed, result.answer) } } };
      }
      case 'prune-failed':
        return { state: { ...state, phase: { kind: 'failed', message: result.message, preview: state.phase.kind === 'pruning' ? state.phase.preview : undefined } } };
    }
  },
  view(state, ctx) {
    const { phase, target } = state;
    const cycles = state.cycle.length > 1;
    const words = what(target, state.apiVersion);
    // Frame, title, hint, table borders and the totals take about ten rows.
    const rows = Math.max(ctx.height - 14, 3);
    const inner = formDialogWidth(ctx.width) - 4;
    const blocks: DialogBlock[] = [];
    const note = words.note;
    if (note) blocks.push({ kind: 'text', tone: 'warning', wrap: 'wrap', text: note });
    if (phase.kind === 'loading') blocks.push({ kind: 'busy', text: 'working out what would go…' });
    if (phase.kind === 'preview' || phase.kind === 'pruning') blocks.push(...previewBlocks(phase.preview, target, state.apiVersion, rows, inner));
    if (phase.kind === 'pruning') blocks.push({ kind: 'busy', text: 'pruning…' });
    if (phase.kind === 'done') blocks.push({ kind: 'text', tone: phase.outcome.missed.length > 0 ? 'warning' : 'success', wrap: 'wrap', text: doneText(phase.outcome, target) });
    if (phase.kind === 'failed') blocks.push({ kind: 'text', tone: 'error', wrap: 'wrap', text: `✗ ${sanitizeLine(phase.message)}` });
    return {
      title: `Prune ${words.title}?`,
      width: 'form',
      blocks,
      hints:
        phase.kind === 'done'
          ? [{ action: ['submit', 'cancel'], text: 'closes' }]
          : phase.kind === 'pruning'
            ? [{ text: 'pruning…' }, { action: 'cancel', text: 'closes (the prune still completes)' }]
            : [
                ...(phase.kind === 'preview' && phase.preview.items.length > 0 ? [{ action: 'submit' as const, text: 'prune' }] : []),
                ...(cycles ? [{ action: 'toggle' as const, text: cycleHint[state.cycle[0] ?? target] ?? 'what to prune' }] : []),
                { action: 'cancel', text: 'cancel' },
              ],
    };
  },
});

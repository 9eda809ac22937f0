/**
 * Prune (`X`): first what would go and what it frees (worked out from the engine's disk usage,
 * as it has no dry run), then, after Enter, the prune itself and what the engine says it freed.
 * From the Images pane Space cycles what to prune: dangling images, every unused image, or the
 * build cache. Nothing goes before Enter; Esc leaves everything as it was.
 */
import type { PrunePreview, PruneTarget } from '../prune/preview.ts';
import type { DialogMachine, Outcome } from './machine.ts';

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

export type PruneCommand = { type: 'prune-preview'; overlay: number; target: PruneTarget; serial: number } | { type: 'prune'; overlay: number; target: PruneTarget };

export type PruneResult =
  | { kind: 'previewed'; serial: number; preview: PrunePreview }
  | { kind: 'preview-failed'; serial: number; message: string }
  | { kind: 'pruned'; removed: number; freed: number }
  | { kind: 'prune-failed'; message: string };

/** What Space walks through from the Images pane. */
const IMAGE_TARGETS: readonly PruneTarget[] = ['images', 'unused-images', 'build'];

function preview(state: PruneDialog, overlay: number, target: PruneTarget): Outcome<PruneDialog> {
  const serial = state.serial + 1;
  return { state: { ...state, target, serial, phase: { kind: 'loading' } }, commands: [{ type: 'prune-preview', overlay, target, serial }] };
}

export function openPrune(request: PruneRequest, overlay: number): Outcome<PruneDialog> {
  return preview({ ...request, phase: { kind: 'loading' }, serial: 0 }, overlay, request.target);
}

export const pruneMachine: DialogMachine<PruneDialog, PruneResult> = {
  key(state, press, ctx) {
    const { phase } = state;
    if (press.name === 'escape') return { state, close: true };
    if (phase.kind === 'done') return press.name === 'return' ? { state, close: true } : { state };
    if (phase.kind === 'pruning') return { state };
    const at = IMAGE_TARGETS.indexOf(state.target);
    if (press.name === ' ' && at >= 0) return preview(state, ctx.overlay, IMAGE_TARGETS[(at + 1) % IMAGE_TARGETS.length] ?? 'images');
    if (press.name === 'return' && phase.kind === 'preview') {
      if (phase.preview.items.length === 0) return { state, close: true };
      return { state: { ...state, phase: { kind: 'pruning', preview: phase.preview } }, commands: [{ type: 'prune', overlay: ctx.overlay, target: state.target }] };
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
};

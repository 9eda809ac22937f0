/**
 * Update an image (`u` on an Images row): its tag pulled anew (the bars in the Pulls pane, as any
 * pull), then, when the tag now names another image and containers ran the old one, an offer to
 * recreate them on the new one (each replaced through edit and recreate's steps, rolled back if
 * its new container fails):
 *
 *   pulling ─pulled→ offer (the containers) ─Enter→ recreating (a line per container) → finished
 *      │        └no container ran it / already current→ closed, said in the status bar
 *      └failed→ finished (the engine's words)
 *
 * The work is handlers/recreate.ts; this file only decides.
 */
import type { UserResult } from '../../state/actions/recreate-users.ts';
import type { TargetActions } from '../actions/target-actions.ts';
import type { Members, UpdateReply } from '../commands.ts';
import { plural, sanitizeLine } from '../format/index.ts';
import { defineDialog, type Outcome } from './machine.ts';
import { openDialog } from './open.ts';
import type { DialogBlock, DialogView, Hint } from './view.ts';

export interface UpdateRequest {
  type: 'update';
  tag: string;
  imageId: string;
}

export type UpdatePhase =
  | { kind: 'pulling'; pullId?: string }
  | { kind: 'offer'; users: Members }
  | { kind: 'recreating'; users: Members; results: readonly UserResult[] }
  | { kind: 'finished'; results: readonly UserResult[]; error?: string };

export interface UpdateDialog extends UpdateRequest {
  phase: UpdatePhase;
}

const actions: TargetActions = {
  'update-image': {
    image: (state, ctx, i) => (i.tag.startsWith('<none>') ? { state, commands: [] } : openDialog(state, ctx, update, { type: 'update', tag: i.tag, imageId: i.imageId })),
  },
};

export const update = defineDialog<UpdateDialog, UpdateRequest, UpdateReply>({
  id: 'update',
  changesEngine: true,
  actions,
  open: (request, ctx) => ({
    state: { ...request, phase: { kind: 'pulling' } },
    commands: [{ type: 'image-update', overlay: ctx.overlay, reference: request.tag, imageId: request.imageId }],
  }),
  contexts: () => ['dialog'],
  key(state, key, ctx): Outcome<UpdateDialog> {
    const { phase } = state;
    // While it works, Enter leaves it as Esc does (help lists Enter here: it must do something).
    if (key.action === 'cancel' || (key.action === 'submit' && (phase.kind === 'pulling' || phase.kind === 'recreating'))) {
      if (phase.kind === 'pulling') return { state, close: true, notify: { text: `pulling ${state.tag} continues in the Pulls pane` } };
      return { state, close: true };
    }
    if (key.action !== 'submit') return { state };
    if (phase.kind === 'offer') {
      return { state: { ...state, phase: { kind: 'recreating', users: phase.users, results: [] } }, commands: [{ type: 'image-update-recreate', overlay: ctx.overlay, users: phase.users }] };
    }
    if (phase.kind === 'finished') return { state, close: true };
    return { state };
  },
  result(state, result): Outcome<UpdateDialog> {
    const { phase } = state;
    switch (result.kind) {
      case 'pulling':
        return { state: { ...state, phase: { kind: 'pulling', pullId: result.pullId } } };
      case 'failed':
        return { state: { ...state, phase: { kind: 'finished', results: [], error: result.message } } };
      case 'updated':
        if (result.imageId === state.imageId) return { state, close: true, notify: { text: `${state.tag} is already the registry's image` } };
        if (result.users.length === 0) return { state, close: true, notify: { text: `pulled ${state.tag}; no container ran the old image` } };
        return { state: { ...state, phase: { kind: 'offer', users: result.users } } };
      case 'user':
        return phase.kind === 'recreating' ? { state: { ...state, phase: { ...phase, results: [...phase.results, result.result] } } } : { state };
      case 'users-done': {
        const results = phase.kind === 'recreating' ? phase.results : [];
        if (results.every((r) => r.ok)) return { state, close: true, notify: { text: `updated ${state.tag}: recreated ${results.map((r) => r.name).join(', ')}` } };
        return { state: { ...state, phase: { kind: 'finished', results } } };
      }
    }
  },
  view: updateView,
});

function resultBlocks(results: readonly UserResult[]): DialogBlock[] {
  return results.map((r) => ({ kind: 'text', wrap: 'wrap', tone: r.ok ? 'success' : 'error', text: sanitizeLine(`${r.ok ? '✓' : '✗'} ${r.name}: ${r.text}`) }));
}

function updateView(state: UpdateDialog): DialogView {
  const title = `Update ${sanitizeLine(state.tag)}`;
  const { phase } = state;
  const close: Hint[] = [{ action: ['submit', 'cancel'], text: 'close' }];
  switch (phase.kind) {
    case 'pulling':
      return { title, width: 'form', blocks: [{ kind: 'busy', text: `pulling ${sanitizeLine(state.tag)} (bars in the Pulls pane)…` }], hints: [{ action: 'cancel', text: 'closes (the pull continues)' }] };
    case 'offer':
      return {
        title,
        width: 'form',
        blocks: [
          { kind: 'text', wrap: 'wrap', text: sanitizeLine(`Pulled: ${state.tag} names a newer image. ${plural(phase.users.length, 'container')} ran the old one: ${phase.users.map((u) => u.name).join(', ')}.`) },
          { kind: 'text', wrap: 'wrap', tone: 'muted', text: 'Recreate them on the new image? Each is replaced (stop, rename aside, create, start, remove the old one) and rolled back if its new container fails.' },
        ],
        hints: [{ action: 'submit', text: 'recreate them' }, { action: 'cancel', text: 'leave them' }],
      };
    case 'recreating': {
      const next = phase.users[phase.results.length];
      return {
        title,
        width: 'form',
        blocks: [...resultBlocks(phase.results), ...(next ? [{ kind: 'busy' as const, text: sanitizeLine(`recreating ${next.name}…`) }] : [])],
        hints: [{ action: 'cancel', text: 'leave (the rest go on)' }],
      };
    }
    case 'finished':
      return { title, width: 'form', blocks: resultBlocks(phase.results), ...(phase.error !== undefined && { error: phase.error }), hints: close };
  }
}

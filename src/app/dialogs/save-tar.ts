/**
 * Save to a tar (`w`): the selected image, or every marked one in one tar (`docker save -o`), or
 * a container's filesystem (`docker export -o`), into a new local file (backup-form.ts), its bytes
 * in the Transfers pane. It reads the engine and writes here: a read-only engine allows it.
 */
import { removalTarget } from '../../state/actions/remove.ts';
import type { TargetActions } from '../actions/target-actions.ts';
import { notify, type BackupReply } from '../commands.ts';
import type { UiContext } from '../context.ts';
import { sanitizeLine, shortId } from '../format/index.ts';
import { backupKey, backupResult, backupView, formContextsOf, openForm, type BackupFormState, type JobDraft } from './backup-form.ts';
import { defineDialog } from './machine.ts';
import { openDialog } from './open.ts';

export interface SaveTarRequest {
  type: 'save-tar';
  draft: Extract<JobDraft, { kind: 'image-save' | 'container-export' }>;
}

export type SaveTarDialog = BackupFormState & { type: 'save-tar' };

/** The images' sizes summed: the bar's rough total (the tar adds its headers). */
function sizeOf(ctx: UiContext, ids: readonly string[]): number | undefined {
  const sizes = ids.map((id) => ctx.engine.images.items.find((i) => i.Id === id)?.Size);
  return sizes.every((s): s is number => typeof s === 'number') ? sizes.reduce((a, b) => a + b, 0) : undefined;
}

const actions: TargetActions = {
  'save-tar': {
    image: (state, ctx, i) => openDialog(state, ctx, saveTar, { type: 'save-tar', draft: { kind: 'image-save', names: [removalTarget(i)], total: sizeOf(ctx, [i.imageId]) } }),
    marked: (state, ctx, m) => {
      const images = m.items.flatMap(({ target }) => (target.kind === 'image' ? [target] : []));
      if (images.length === 0) return notify(state, 'mark images to save them together; a container is exported one at a time', 'error');
      const names = [...new Set(images.map(removalTarget))];
      return openDialog(state, ctx, saveTar, { type: 'save-tar', draft: { kind: 'image-save', names, total: sizeOf(ctx, [...new Set(images.map((i) => i.imageId))]) } });
    },
    container: (state, ctx, c) => openDialog(state, ctx, saveTar, { type: 'save-tar', draft: { kind: 'container-export', containerId: c.id, name: c.name } }),
  },
};

export const saveTar = defineDialog<SaveTarDialog, SaveTarRequest, BackupReply>({
  id: 'save-tar',
  changesEngine: false, // it reads the engine and writes here
  actions,
  open: (request, ctx) => ({ state: { ...openForm('save-tar', request.draft, ctx.engine.images.items), type: 'save-tar' } }),
  contexts: formContextsOf,
  key: (state, key, ctx) => backupKey(state, key, ctx.overlay),
  result: (state, result) => backupResult(state, result),
  view(state, ctx) {
    const draft = state.draft;
    const title =
      draft.kind === 'image-save'
        ? `Save ${draft.names.length === 1 ? sanitizeLine(draft.names[0] ?? '') : `${draft.names.length} images`} to a tar (docker save)`
        : draft.kind === 'container-export'
          ? `Export ${sanitizeLine(draft.name) || shortId(draft.containerId)}’s filesystem to a tar (docker export)`
          : 'Save to a tar';
    return backupView(state, ctx, title, draft.kind === 'image-save' ? 'save' : 'export');
  },
});

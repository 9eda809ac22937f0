/**
 * The backups that change the engine (backup-form.ts draws and keys them all): load images from a
 * tar (`I` on Images, `docker load -i`), export a volume to a tar or tar.gz (`w` on Volumes) and
 * restore a tar into a new or empty volume (`I` on Volumes), the volume's two through a helper
 * container that never starts. A read-only engine refuses them; a protected one asks first.
 */
import type { TargetActions } from '../actions/target-actions.ts';
import type { BackupReply } from '../commands.ts';
import { sanitizeLine } from '../format/index.ts';
import { volumeSizesOf } from '../rows/disk-rows.ts';
import type { UiContext } from '../context.ts';
import { backupKey, backupResult, backupView, formContextsOf, openForm, type BackupFormState, type JobDraft } from './backup-form.ts';
import { defineDialog } from './machine.ts';
import { openDialog } from './open.ts';

export interface BackupRequest {
  type: 'backup';
  draft: Extract<JobDraft, { kind: 'image-load' | 'volume-export' | 'volume-restore' }>;
  /** The volume a restore is prefilled with. */
  volume?: string;
}

export type BackupDialog = BackupFormState & { type: 'backup' };

const load = { type: 'backup', draft: { kind: 'image-load' } } as const;
const restore = { type: 'backup', draft: { kind: 'volume-restore' } } as const;

/** The volume's size, when the disk usage (the Volumes pane's SIZE, the disk view) has measured it on this engine: the export's total. */
function sizeKnown(ctx: UiContext, volume: { name: string; engine?: string }): number | undefined {
  return volume.engine === undefined ? volumeSizesOf(ctx.diskUsage.usage)?.get(volume.name)?.size : undefined;
}

const actions: TargetActions = {
  'load-tar': {
    image: (state, ctx) => openDialog(state, ctx, backup, load),
    marked: (state, ctx) => openDialog(state, ctx, backup, load),
    list: (state, ctx, l) => (l.of === 'image' ? openDialog(state, ctx, backup, load) : undefined),
  },
  'export-volume': {
    volume: (state, ctx, v) => openDialog(state, ctx, backup, { type: 'backup', draft: { kind: 'volume-export', volume: v.name, users: v.users, total: sizeKnown(ctx, v) } }),
  },
  'restore-volume': {
    volume: (state, ctx, v) => openDialog(state, ctx, backup, { ...restore, volume: v.name }),
    marked: (state, ctx) => openDialog(state, ctx, backup, restore),
    list: (state, ctx, l) => (l.of === 'volume' ? openDialog(state, ctx, backup, restore) : undefined),
  },
};

export const backup = defineDialog<BackupDialog, BackupRequest, BackupReply>({
  id: 'backup',
  changesEngine: true, // a load and a restore write into the engine; a volume's export creates its helper
  actions,
  open: (request, ctx) => ({ state: { ...openForm('backup', request.draft, ctx.engine.images.items, request.volume), type: 'backup' } }),
  contexts: formContextsOf,
  key: (state, key, ctx) => backupKey(state, key, ctx.overlay),
  result: (state, result) => backupResult(state, result),
  view(state, ctx) {
    const draft = state.draft;
    if (draft.kind === 'volume-export') return backupView(state, ctx, `Export volume ${sanitizeLine(draft.volume)} to a tar`, 'export');
    if (draft.kind === 'volume-restore') return backupView(state, ctx, 'Restore a tar into a volume', 'restore');
    return backupView(state, ctx, 'Load images from a tar (docker load)', 'load');
  },
});

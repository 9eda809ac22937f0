/**
 * Draws the dialog on top: the component of its type, from the table below.
 *
 * Adding a dialog: its module in state/dialogs (see dialog.ts) and an entry here.
 */
import type { FunctionComponent } from 'react';
import type { DialogOverlay } from '../../state/app/types.ts';
import type { DialogState, DialogType } from '../../state/dialogs/dialog.ts';
import { CommitDialog } from './commit-dialog.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { ContainerActionDialog } from './container-action-dialog.tsx';
import { CopyOutDialog } from './copy-out-dialog.tsx';
import type { DialogProps } from './dialog-props.ts';
import { PruneDialog } from './prune-dialog.tsx';
import { PullDialog } from './pull-dialog.tsx';
import { RemoveDialog } from './remove-dialog.tsx';
import { RunDialog } from './run-dialog.tsx';
import { StopDialog } from './stop-dialog.tsx';

type Components = { [T in DialogType]: FunctionComponent<DialogProps<Extract<DialogState, { type: T }>>> };

const components: Components = {
  run: RunDialog,
  stop: StopDialog,
  commit: CommitDialog,
  remove: RemoveDialog,
  pull: PullDialog,
  'container-action': ContainerActionDialog,
  confirm: ConfirmDialog,
  prune: PruneDialog,
  'copy-out': CopyOutDialog,
};

export function DialogHost({ overlay, width, height }: { overlay: DialogOverlay; width: number; height: number }) {
  const Component = components[overlay.dialog.type] as FunctionComponent<DialogProps<DialogState>>;
  return <Component overlay={overlay.id} dialog={overlay.dialog} width={width} height={height} />;
}

/** A swarm action's yes/no, drawn (state/dialogs/confirm.ts decides). */
import { Text } from 'ink';
import type { ConfirmDialog as State } from '../../state/dialogs/confirm.ts';
import { sanitizeLine } from '../format/index.ts';
import { Busy, DialogFrame, dialogWidth } from './dialog-frame.tsx';
import type { DialogProps } from './dialog-props.ts';

export function ConfirmDialog({ dialog, width }: DialogProps<State>) {
  return (
    <DialogFrame title={sanitizeLine(dialog.title)} width={dialogWidth(width)} error={dialog.error} hint={dialog.busy ? 'working… · Esc closes' : 'Enter yes · Esc no'}>
      <Text wrap="wrap">{sanitizeLine(dialog.detail)}</Text>
      {dialog.busy ? <Busy text="asking the swarm…" /> : null}
    </DialogFrame>
  );
}

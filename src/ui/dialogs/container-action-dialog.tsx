/**
 * Kill (`K`) and rename (`N`), drawn (state/dialogs/container-action.ts decides): the container
 * named with its short id, one field, and for kill what the signal does.
 */
import { Text } from 'ink';
import { checkActionValue, type ContainerActionDialog as State } from '../../state/dialogs/container-action.ts';
import { sanitizeLine, shortId } from '../format/index.ts';
import { theme } from '../theme.ts';
import { Busy, DialogFrame, dialogWidth, FieldRow, FRAME_CHROME } from './dialog-frame.tsx';
import type { DialogProps } from './dialog-props.ts';

export function ContainerActionDialog({ dialog, width }: DialogProps<State>) {
  const { containerId, action, busy } = dialog;
  const label = `${sanitizeLine(dialog.name) || shortId(containerId)} (${shortId(containerId)})`;
  const checked = checkActionValue(action, dialog.fields.value.value);
  const w = dialogWidth(width);
  const inner = w - FRAME_CHROME;
  const kill = action === 'kill';
  return (
    <DialogFrame
      title={kill ? `Kill ${label}?` : `Rename ${label}`}
      width={w}
      error={dialog.error}
      hint={busy ? `${kill ? 'killing' : 'renaming'}… · Esc closes` : `Enter ${kill ? 'send the signal' : 'rename'} · Esc cancel`}
    >
      {kill ? (
        <Text color={theme.warning} wrap="wrap">
          {checked.ok && checked.value !== 'SIGKILL' && checked.value !== '9'
            ? `sends ${checked.value} to the container's main process; what happens next is up to it`
            : 'SIGKILL ends every process at once, with no chance to clean up (s stops gracefully)'}
        </Text>
      ) : null}
      <FieldRow
        label={kill ? 'signal' : 'new name'}
        field={dialog.fields.value}
        focused={!busy}
        width={inner}
        placeholder={kill ? 'empty: SIGKILL (or TERM, HUP, INT, 15…)' : undefined}
        message={dialog.showErrors && !checked.ok ? checked.message : undefined}
      />
      {busy ? <Busy text={`${kill ? 'killing' : 'renaming'} ${label}…`} /> : null}
    </DialogFrame>
  );
}

/**
 * Copy out (`C`), drawn (state/dialogs/copy-out.ts decides): the container, the path in it, the
 * local directory, and the question when the copy would replace something.
 */
import { Text } from 'ink';
import { values } from '../../state/dialogs/form.ts';
import { copyOutProblems, type CopyOutDialog as State } from '../../state/dialogs/copy-out.ts';
import { sanitizeLine, shortId } from '../format/index.ts';
import { theme } from '../theme.ts';
import { Busy, DialogFrame, dialogWidth, FieldRow, FRAME_CHROME } from './dialog-frame.tsx';
import type { DialogProps } from './dialog-props.ts';

export function CopyOutDialog({ dialog, width }: DialogProps<State>) {
  const label = `${sanitizeLine(dialog.name) || shortId(dialog.containerId)} (${shortId(dialog.containerId)})`;
  const problems = dialog.showErrors ? copyOutProblems(values(dialog.fields)) : {};
  const w = dialogWidth(width);
  const inner = w - FRAME_CHROME;
  const hint = dialog.busy ? 'copying… · Esc closes' : dialog.exists ? 'Enter replaces it · Esc keeps it' : 'Enter copy · Tab field · Esc cancel';
  return (
    <DialogFrame title={`Copy out of ${label}`} width={w} error={dialog.error} hint={hint}>
      <FieldRow label="path" field={dialog.fields.source} focused={!dialog.busy && dialog.focus === 0} width={inner} placeholder="in the container, e.g. /etc/hostname or /var/log" message={problems.source} />
      <FieldRow label="to" field={dialog.fields.directory} focused={!dialog.busy && dialog.focus === 1} width={inner} placeholder="a local directory" message={problems.directory} />
      {dialog.exists ? (
        <Text color={theme.warning} wrap="wrap">
          {`${sanitizeLine(dialog.exists)} is already there: Enter replaces it`}
        </Text>
      ) : null}
      {dialog.busy ? <Busy text={`copying out of ${label}…`} /> : null}
    </DialogFrame>
  );
}

/**
 * Commit (`c`), drawn (state/dialogs/commit.ts decides): repository, tag, comment and author, each
 * with its validation message once Enter was pressed; then the new image id.
 */
import { Box, Text } from 'ink';
import { checkCommit, commitRows, type CommitDialog as State, type CommitField } from '../../state/dialogs/commit.ts';
import { values } from '../../state/dialogs/form.ts';
import { sanitizeLine } from '../format/index.ts';
import { theme } from '../theme.ts';
import { Busy, DialogFrame, dialogWidth, FieldRow, FRAME_CHROME } from './dialog-frame.tsx';
import type { DialogProps } from './dialog-props.ts';

const placeholders: Record<CommitField, string> = {
  repository: 'e.g. myapp or localhost:5000/team/app',
  tag: 'latest',
  comment: 'optional',
  author: 'optional',
};

export function CommitDialog({ dialog, width }: DialogProps<State>) {
  const { label, busy, done } = dialog;
  const w = dialogWidth(width);
  const inner = w - FRAME_CHROME;
  if (done) {
    return (
      <DialogFrame title={`Committed ${label}`} width={w} hint="Enter or Esc closes">
        <Text color={theme.success} wrap="wrap">{`✓ new image ${sanitizeLine(done.reference)}`}</Text>
        <Text color={theme.muted}>image id</Text>
        <Text wrap="truncate">{sanitizeLine(done.imageId)}</Text>
      </DialogFrame>
    );
  }
  const checks = checkCommit(values(dialog.fields));
  const message = (key: CommitField) => {
    const c = checks[key];
    return dialog.showErrors && !c.ok ? c.message : undefined;
  };
  return (
    <DialogFrame title={`Commit ${label} to an image`} width={w} error={dialog.error} hint={busy ? 'committing… · Esc closes' : 'Enter commit · Tab/Shift-Tab field · Esc cancel'}>
      <Box flexDirection="column">
        {commitRows.map((key, i) => (
          <FieldRow key={key} label={key} field={dialog.fields[key]} focused={!busy && dialog.focus === i} width={inner} placeholder={placeholders[key]} message={message(key)} />
        ))}
      </Box>
      {busy ? <Busy text={`committing ${label}…`} /> : null}
    </DialogFrame>
  );
}

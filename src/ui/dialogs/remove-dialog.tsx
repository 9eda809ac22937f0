/**
 * Remove (`d`), drawn (state/dialogs/remove.ts decides): what goes, the force (and, for a
 * container, volumes) toggles, and the engine's refusal in its own words.
 */
import { Text } from 'ink';
import { removeRows, type RemoveDialog as State } from '../../state/dialogs/remove.ts';
import { theme } from '../theme.ts';
import { Busy, DialogFrame, dialogWidth, ToggleRow } from './dialog-frame.tsx';
import type { DialogProps } from './dialog-props.ts';

export function RemoveDialog({ dialog, width }: DialogProps<State>) {
  const { target, label, busy } = dialog;
  const rows = removeRows(target);
  const w = dialogWidth(width);
  const editable = !busy;
  const forceText =
    target.kind === 'container' ? 'kill it first if it is running' : target.kind === 'volume' ? 'also when the engine thinks it is in use' : 'also when a stopped container uses it';
  return (
    <DialogFrame
      title={`Remove ${label}?`}
      width={w}
      error={dialog.error}
      hint={busy ? 'removing… · Esc closes (the removal still completes)' : 'Enter remove · Space toggles · Tab/Shift-Tab option · Esc cancel'}
    >
      {target.kind === 'container' && target.service ? (
        <Text color={theme.warning} wrap="wrap">
          {`⚠ This container is a task of swarm service ${target.service}. The swarm will start a replacement; to stop the service, scale it to 0 (7 Services, s).`}
        </Text>
      ) : null}
      {target.kind === 'container' && target.running && !dialog.force ? (
        <Text color={theme.warning} wrap="wrap">
          It is running: the engine will refuse unless force is on.
        </Text>
      ) : null}
      {target.kind === 'image' && !target.tag.startsWith('<none>') ? (
        <Text color={theme.muted} wrap="wrap">
          Removes this tag; the image itself goes with its last tag.
        </Text>
      ) : null}
      {(target.kind === 'volume' || target.kind === 'network') && target.users > 0 ? (
        <Text color={theme.warning} wrap="wrap">
          {`${target.users} container${target.users === 1 ? '' : 's'} use${target.users === 1 ? 's' : ''} it: the engine will refuse while ${target.users === 1 ? 'it exists' : 'they exist'}.`}
        </Text>
      ) : null}
      {rows.includes('force') ? <ToggleRow label="force" on={dialog.force} focused={editable && rows[dialog.focus] === 'force'} description={forceText} /> : null}
      {target.kind === 'volume' || target.kind === 'network' ? null : target.kind === 'container' ? (
        <ToggleRow label="volumes" on={dialog.volumes} focused={editable && rows[dialog.focus] === 'volumes'} description="also remove its anonymous volumes" />
      ) : (
        <ToggleRow label="no prune" on={dialog.noPrune} focused={editable && rows[dialog.focus] === 'noPrune'} description="keep its untagged parent images (docker rmi --no-prune)" />
      )}
      {busy ? <Busy text={`removing ${label}…`} /> : null}
    </DialogFrame>
  );
}

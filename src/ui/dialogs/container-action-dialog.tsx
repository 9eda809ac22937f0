/**
 * Kill (`K`), rename (`N`) and an image's tag (`t`), drawn (state/dialogs/container-action.ts
 * decides): the container or image named with its short id, one field, and for kill what the
 * signal does.
 */
import { Text } from 'ink';
import { checkActionValue, type ContainerActionDialog as State } from '../../state/dialogs/container-action.ts';
import { sanitizeLine, shortId } from '../format/index.ts';
import { theme } from '../theme.ts';
import { Busy, DialogFrame, dialogWidth, FieldRow, FRAME_CHROME } from './dialog-frame.tsx';
import type { DialogProps } from './dialog-props.ts';

const placeholders: Record<State['action'], string | undefined> = {
  kill: 'empty: SIGKILL (or TERM, HUP, INT, 15…)',
  rename: undefined,
  tag: 'e.g. registry:5000/team/app:1',
  'create-volume': 'empty: the engine picks a name',
  'create-network': 'e.g. backend',
  scale: 'how many tasks, e.g. 3',
};

export function ContainerActionDialog({ dialog, width }: DialogProps<State>) {
  const { containerId, action, busy } = dialog;
  const label = containerId === '' ? '' : `${sanitizeLine(dialog.name) || shortId(containerId)} (${shortId(containerId)})`;
  const checked = checkActionValue(action, dialog.fields.value.value);
  const w = dialogWidth(width);
  const inner = w - FRAME_CHROME;
  const kill = action === 'kill';
  const words = {
    kill: { title: `Kill ${label}?`, doing: 'killing', enter: 'send the signal', field: 'signal' },
    rename: { title: `Rename ${label}`, doing: 'renaming', enter: 'rename', field: 'new name' },
    tag: { title: `Tag image ${label}`, doing: 'tagging', enter: 'tag', field: 'new tag' },
    'create-volume': { title: 'Create a volume', doing: 'creating', enter: 'create', field: 'name' },
    'create-network': { title: 'Create a network (bridge)', doing: 'creating', enter: 'create', field: 'name' },
    scale: { title: `Scale service ${sanitizeLine(dialog.name)}`, doing: 'scaling', enter: 'scale', field: 'replicas' },
  }[action];
  return (
    <DialogFrame title={words.title} width={w} error={dialog.error} hint={busy ? `${words.doing}… · Esc closes` : `Enter ${words.enter} · Esc cancel`}>
      {kill ? (
        <Text color={theme.warning} wrap="wrap">
          {checked.ok && checked.value !== 'SIGKILL' && checked.value !== '9'
            ? `sends ${checked.value} to the container's main process; what happens next is up to it`
            : 'SIGKILL ends every process at once, with no chance to clean up (s stops gracefully)'}
        </Text>
      ) : null}
      <FieldRow
        label={words.field}
        field={dialog.fields.value}
        focused={!busy}
        width={inner}
        placeholder={placeholders[action]}
        message={dialog.showErrors && !checked.ok ? checked.message : undefined}
      />
      {busy ? <Busy text={`${words.doing} ${label}…`} /> : null}
    </DialogFrame>
  );
}

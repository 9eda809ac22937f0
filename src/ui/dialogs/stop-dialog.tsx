/**
 * Stop (`s`) and restart (`R`), drawn (state/dialogs/stop.ts decides): the container named with
 * its short id, the grace period field, and for a swarm task a warning first: the orchestrator
 * will start a replacement, which then appears in the list through engine events.
 */
import { Box, Text } from 'ink';
import type { StopDialog as State } from '../../state/dialogs/stop.ts';
import { checkGracePeriod } from '../../state/dialogs/validation.ts';
import { sanitizeLine, shortId } from '../format/index.ts';
import { theme } from '../theme.ts';
import { Busy, DialogFrame, dialogWidth, FieldRow, FRAME_CHROME } from './dialog-frame.tsx';
import type { DialogProps } from './dialog-props.ts';

export function StopDialog({ dialog, width }: DialogProps<State>) {
  const { containerId, restart = false, busy } = dialog;
  const name = sanitizeLine(dialog.name);
  const count = dialog.members?.length;
  const label = count === undefined ? `${name || shortId(containerId)} (${shortId(containerId)})` : `project ${name} (${count} container${count === 1 ? '' : 's'})`;
  const serviceName = dialog.service ? sanitizeLine(dialog.service) : undefined;
  const grace = checkGracePeriod(dialog.fields.grace.value);
  const verb = restart ? 'restarting' : 'stopping';
  const w = dialogWidth(width);
  const inner = w - FRAME_CHROME;
  return (
    <DialogFrame
      title={`${restart ? 'Restart' : 'Stop'} ${label}?`}
      width={w}
      error={dialog.error}
      hint={busy ? `${verb}… · Esc closes (the ${restart ? 'restart' : 'stop'} still completes)` : `Enter ${restart ? 'restart' : 'stop'} · Esc cancel`}
    >
      {serviceName ? (
        <Box flexDirection="column" marginBottom={1}>
          <Text color={theme.warning} wrap="wrap">
            {restart
              ? `⚠ This container is a task of swarm service ${serviceName}. Restarting it outside the swarm: if it stops for long, the swarm starts a replacement.`
              : `⚠ This container is a task of swarm service ${serviceName}. The swarm will start a replacement container once it stops.`}
          </Text>
          <Text color={theme.muted} wrap="wrap">
            {`To stop the service itself, scale it to 0 (docker service scale ${serviceName}=0).`}
          </Text>
        </Box>
      ) : null}
      <FieldRow
        label="grace (s)"
        field={dialog.fields.grace}
        focused={!busy}
        width={inner}
        placeholder="empty: the default (10 s unless the container sets one)"
        message={dialog.showErrors && !grace.ok ? grace.message : undefined}
      />
      {busy ? <Busy text={`${verb} ${label}…`} /> : null}
    </DialogFrame>
  );
}

/**
 * Stop (`s`) and restart (`R`): a confirmation naming the container, with the grace period
 * editable (empty leaves it to the container's StopTimeout or the engine's 10 s). Stopping a
 * swarm task gets a warning first: the orchestrator will start a replacement, which then appears
 * in the list through engine events.
 */
import { Box, Text } from 'ink';
import { useState } from 'react';
import { describeError, isEngineError } from '../../engine/errors.ts';
import { restartContainer } from '../../state/actions/start-container.ts';
import { stopContainer } from '../../state/actions/stop-container.ts';
import { containerName, sanitizeLine, shortId } from '../format/index.ts';
import { KeyPriority, useKeyHandler } from '../keys/key-router.tsx';
import { useServices } from '../services.tsx';
import { theme } from '../theme.ts';
import { Busy, DialogFrame, dialogWidth, FieldRow, FRAME_CHROME } from './dialog-frame.tsx';
import { useFields, useRequest } from './use-form.ts';
import { checkGracePeriod } from './validation.ts';

export interface StopDialogProps {
  containerId: string;
  name: string;
  service?: string;
  /** Restart rather than stop: the same confirmation and grace period, then the container runs again. */
  restart?: boolean;
  width: number;
  onClose: () => void;
  onNotify: (text: string, tone?: 'info' | 'error') => void;
}

export function StopDialog({ containerId, name, service, restart = false, width, onClose, onNotify }: StopDialogProps) {
  const { client, engineStore } = useServices();
  const fields = useFields({ grace: '' });
  const request = useRequest();
  const [showErrors, setShowErrors] = useState(false);
  const [engineError, setEngineError] = useState<string | undefined>(undefined);
  const grace = checkGracePeriod(fields.values.grace);
  // The list's name cell carries the service too ("web.1.x (web)"); the engine's name is what to say.
  const [ownName] = useState(() => containerName(engineStore.getState().containers.items.find((c) => c.Id === containerId)?.Names) || sanitizeLine(name));
  const label = `${ownName || shortId(containerId)} (${shortId(containerId)})`;
  const serviceName = service ? sanitizeLine(service) : undefined;

  const submit = async () => {
    const checked = checkGracePeriod(fields.latest().grace);
    if (!checked.ok) {
      setShowErrors(true);
      return;
    }
    setEngineError(undefined);
    const result = await request.run((signal) =>
      restart
        ? restartContainer(client, { containerId, name: ownName, timeout: checked.value, signal })
        : stopContainer(client, { containerId, name: ownName, service: serviceName, timeout: checked.value, signal }).then((outcome) => outcome.message),
    );
    if (!result || !request.isOpen()) return;
    if (result.ok) {
      onNotify(result.value);
      onClose();
    } else if (!(isEngineError(result.error) && result.error.code === 'ABORTED')) {
      setEngineError(describeError(result.error));
    }
  };

  useKeyHandler(KeyPriority.dialog, (press) => {
    if (press.name === 'ctrl+c') return false;
    if (press.name === 'escape') onClose();
    else if (press.name === 'return') void submit();
    return true;
  });

  const verb = restart ? 'restarting' : 'stopping';
  const w = dialogWidth(width);
  const inner = w - FRAME_CHROME;
  return (
    <DialogFrame
      title={`${restart ? 'Restart' : 'Stop'} ${label}?`}
      width={w}
      error={engineError}
      hint={request.busy ? `${verb}… · Esc closes (the ${restart ? 'restart' : 'stop'} still completes)` : `Enter ${restart ? 'restart' : 'stop'} · Esc cancel`}
    >
      {serviceName && !restart ? (
        <Box flexDirection="column" marginBottom={1}>
          <Text color={theme.warning} wrap="wrap">
            {`⚠ This container is a task of swarm service ${serviceName}. The swarm will start a replacement container once it stops.`}
          </Text>
          <Text color={theme.muted} wrap="wrap">
            {`To stop the service itself, scale it to 0 (docker service scale ${serviceName}=0).`}
          </Text>
        </Box>
      ) : null}
      <FieldRow
        label="grace (s)"
        value={fields.values.grace}
        onChange={(v) => fields.set('grace', v)}
        focused={!request.busy}
        isFocused={() => !request.inFlight()}
        width={inner}
        placeholder="empty: the default (10 s unless the container sets one)"
        message={showErrors && !grace.ok ? grace.message : undefined}
      />
      {request.busy ? <Busy text={`${verb} ${label}…`} /> : null}
    </DialogFrame>
  );
}

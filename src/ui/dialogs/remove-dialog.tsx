/**
 * Remove (`d`): a confirmation naming what goes, with the choices `docker rm` and `docker rmi`
 * offer. Force is off by default, so a running container or an image still in use is refused by
 * the engine in its own words (shown here) rather than destroyed by a stray key; Space turns it on.
 */
import { Text } from 'ink';
import { useState } from 'react';
import { describeError, isEngineError } from '../../engine/errors.ts';
import { removalTarget, removeContainer, removeImage } from '../../state/actions/remove.ts';
import { containerName, sanitizeLine, shortId } from '../format/index.ts';
import { KeyPriority, useKeyHandler } from '../keys/key-router.tsx';
import type { RemoveTarget } from '../navigation.ts';
import { useServices } from '../services.tsx';
import { theme } from '../theme.ts';
import { Busy, DialogFrame, dialogWidth, ToggleRow } from './dialog-frame.tsx';
import { formNavigation, useFocus, useRequest, useToggle } from './use-form.ts';

export interface RemoveDialogProps {
  target: RemoveTarget;
  width: number;
  onClose: () => void;
  onNotify: (text: string, tone?: 'info' | 'error') => void;
}

export function RemoveDialog({ target, width, onClose, onNotify }: RemoveDialogProps) {
  const { client, engineStore } = useServices();
  const request = useRequest();
  const force = useToggle(false);
  const volumes = useToggle(false);
  const rows = target.kind === 'container' ? (['force', 'volumes'] as const) : (['force'] as const);
  const focus = useFocus(rows.length);
  const [engineError, setEngineError] = useState<string | undefined>(undefined);
  // The list's name cell carries a swarm task's service too ("web.1.x (web)"); the engine's name is what to say.
  const [ownName] = useState(() =>
    target.kind === 'container' ? containerName(engineStore.getState().containers.items.find((c) => c.Id === target.id)?.Names) || sanitizeLine(target.name) : '',
  );
  const label =
    target.kind === 'container'
      ? `container ${ownName || shortId(target.id)} (${shortId(target.id)})`
      : `image ${removalTarget({ imageId: target.id, tag: target.tag }) === target.id ? shortId(target.id) : sanitizeLine(target.tag)}`;

  const submit = async () => {
    setEngineError(undefined);
    const result = await request.run((signal) =>
      target.kind === 'container'
        ? removeContainer(client, { containerId: target.id, name: ownName, force: force.get(), volumes: volumes.get(), signal })
        : removeImage(client, { imageId: target.id, tag: target.tag, force: force.get(), signal }),
    );
    if (!result || !request.isOpen()) return;
    if (result.ok) {
      onNotify(sanitizeLine(result.value));
      onClose();
    } else if (!(isEngineError(result.error) && result.error.code === 'ABORTED')) {
      setEngineError(describeError(result.error));
    }
  };

  useKeyHandler(KeyPriority.dialog, (press) => {
    if (press.name === 'ctrl+c') return false;
    const submitOnce = () => {
      if (!request.inFlight()) void submit();
    };
    if (formNavigation(press.name, focus, { close: onClose, submit: submitOnce })) return true;
    if (press.name === ' ' && !request.inFlight()) {
      if (rows[focus.current()] === 'force') force.flip();
      else volumes.flip();
    }
    return true;
  });

  const w = dialogWidth(width);
  const editable = !request.busy;
  const forceText =
    target.kind === 'container' ? 'kill it first if it is running' : 'also when a stopped container uses it';
  return (
    <DialogFrame
      title={`Remove ${label}?`}
      width={w}
      error={engineError}
      hint={request.busy ? 'removing… · Esc closes (the removal still completes)' : 'Enter remove · Space toggles · Tab/Shift-Tab option · Esc cancel'}
    >
      {target.kind === 'container' && target.running && !force.on ? (
        <Text color={theme.warning} wrap="wrap">
          It is running: the engine will refuse unless force is on.
        </Text>
      ) : null}
      {target.kind === 'image' && removalTarget({ imageId: target.id, tag: target.tag }) !== target.id ? (
        <Text color={theme.muted} wrap="wrap">
          Removes this tag; the image itself goes with its last tag.
        </Text>
      ) : null}
      <ToggleRow label="force" on={force.on} focused={editable && rows[focus.index] === 'force'} description={forceText} />
      {target.kind === 'container' ? (
        <ToggleRow label="volumes" on={volumes.on} focused={editable && rows[focus.index] === 'volumes'} description="also remove its anonymous volumes" />
      ) : null}
      {request.busy ? <Busy text={`removing ${label}…`} /> : null}
    </DialogFrame>
  );
}

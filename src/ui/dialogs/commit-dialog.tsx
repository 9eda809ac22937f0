/**
 * Commit (`c`): the selected container (running or exited) becomes a new image. Repository is
 * required and checked against the reference grammar before anything is sent; tag defaults to
 * `latest`. On success the dialog shows the new image id and the Images pane selects the image.
 */
import { Box, Text } from 'ink';
import { useState } from 'react';
import { describeError, isEngineError } from '../../engine/errors.ts';
import { parseImageReference } from '../../engine/reference.ts';
import { commitContainer } from '../../state/actions/commit-container.ts';
import type { EngineState } from '../../state/engine-state.ts';
import { repoTags, sanitizeLine, shortId } from '../format/index.ts';
import { KeyPriority, useKeyHandler } from '../keys/key-router.tsx';
import type { PaneId } from '../navigation.ts';
import { imageRowKey } from '../rows/image-rows.ts';
import { useServices } from '../services.tsx';
import { theme } from '../theme.ts';
import { Busy, DialogFrame, dialogWidth, FieldRow, FRAME_CHROME } from './dialog-frame.tsx';
import { formNavigation, useFields, useFocus, useRequest } from './use-form.ts';
import { checkFreeText, checkRepository, checkTag, type Checked } from './validation.ts';

export interface CommitDialogProps {
  containerId: string;
  name: string;
  width: number;
  onClose: () => void;
  onNotify: (text: string, tone?: 'info' | 'error') => void;
  onSelect: (pane: PaneId, id: string) => void;
}

type Key = 'repository' | 'tag' | 'comment' | 'author';
const order: readonly Key[] = ['repository', 'tag', 'comment', 'author'];

function checkAll(values: Readonly<Record<Key, string>>): Record<Key, Checked<string | undefined>> {
  return {
    repository: checkRepository(values.repository),
    tag: checkTag(values.tag),
    comment: checkFreeText('comment', values.comment),
    author: checkFreeText('author', values.author),
  };
}

/**
 * The Images pane's row for the new image. The engine lists a tag in its familiar form
 * ("docker.io/library/app" becomes "app"), so that is the form to look for.
 */
export function committedRowKey(state: EngineState, imageId: string, reference: string): string {
  const parsed = parseImageReference(reference);
  const familiar = parsed.ok ? parsed.ref.familiar : reference;
  const image = state.images.items.find((i) => i.Id === imageId);
  const tags = image ? repoTags(image.RepoTags ?? undefined, image.RepoDigests ?? undefined) : [];
  const tag = tags.find((t) => t === sanitizeLine(familiar)) ?? tags[0] ?? sanitizeLine(familiar);
  return imageRowKey(imageId, tag);
}

export function CommitDialog({ containerId, name, width, onClose, onNotify, onSelect }: CommitDialogProps) {
  const { client, sync, engineStore } = useServices();
  const fields = useFields<Key>({ repository: '', tag: '', comment: '', author: '' });
  const focus = useFocus(order.length);
  const request = useRequest();
  const [showErrors, setShowErrors] = useState(false);
  const [engineError, setEngineError] = useState<string | undefined>(undefined);
  const [done, setDone] = useState<{ imageId: string; reference: string } | undefined>(undefined);
  const checks = checkAll(fields.values);
  const label = `${sanitizeLine(name) || shortId(containerId)} (${shortId(containerId)})`;

  const submit = async () => {
    const current = checkAll(fields.latest());
    const invalid = order.findIndex((key) => !current[key].ok);
    if (invalid !== -1) {
      setShowErrors(true);
      focus.set(invalid);
      return;
    }
    const value = (key: Key) => {
      const c = current[key];
      return c.ok ? c.value : undefined;
    };
    setEngineError(undefined);
    const result = await request.run((signal) =>
      commitContainer(client, {
        container: containerId,
        repository: value('repository') ?? '',
        tag: value('tag') ?? 'latest',
        comment: value('comment'),
        author: value('author'),
        signal,
      }),
    );
    if (!result || !request.isOpen()) return;
    if (!result.ok) {
      if (!(isEngineError(result.error) && result.error.code === 'ABORTED')) setEngineError(describeError(result.error));
      return;
    }
    const { imageId, reference } = result.value;
    setDone({ imageId, reference });
    onNotify(`committed ${label} as ${reference} (${shortId(imageId)})`);
    // The commit event would refresh the list soon anyway; asking now lets the selection land at once.
    await sync.refreshImages().catch(() => undefined);
    onSelect('images', committedRowKey(engineStore.getState(), imageId, reference));
  };

  useKeyHandler(KeyPriority.dialog, (press) => {
    if (press.name === 'ctrl+c') return false;
    if (done) {
      if (press.name === 'escape' || press.name === 'return') onClose();
      return true;
    }
    formNavigation(press.name, focus, { close: onClose, submit: () => void submit() });
    return true;
  });

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
  const message = (key: Key) => {
    const c = checks[key];
    return showErrors && !c.ok ? c.message : undefined;
  };
  const row = (key: Key, label: string, placeholder?: string) => (
    <FieldRow
      key={key}
      label={label}
      value={fields.values[key]}
      onChange={(v) => fields.set(key, v)}
      focused={!request.busy && order[focus.index] === key}
      isFocused={() => !request.inFlight() && order[focus.current()] === key}
      width={inner}
      placeholder={placeholder}
      message={message(key)}
    />
  );
  return (
    <DialogFrame
      title={`Commit ${label} to an image`}
      width={w}
      error={engineError}
      hint={request.busy ? 'committing… · Esc closes' : 'Enter commit · Tab/Shift-Tab field · Esc cancel'}
    >
      <Box flexDirection="column">
        {row('repository', 'repository', 'e.g. myapp or localhost:5000/team/app')}
        {row('tag', 'tag', 'latest')}
        {row('comment', 'comment', 'optional')}
        {row('author', 'author', 'optional')}
      </Box>
      {request.busy ? <Busy text={`committing ${label}…`} /> : null}
    </DialogFrame>
  );
}

/**
 * Pull (`p`): an image reference, and optionally a username and password. Without typed
 * credentials the pull uses what the docker CLI would (config.json `auths`, `credHelpers`,
 * `credsStore`), and the dialog says which source that is before anything is sent.
 *
 * The password is masked in the field and lives only in this dialog's state until Enter hands
 * it to the pull manager; the dialog then closes and its state is gone. The credentials the
 * lookup finds are never kept here either: only their description is.
 */
import { Text } from 'ink';
import { useEffect, useState } from 'react';
import { describeError } from '../../engine/errors.ts';
import { parseImageReference, pullTarget } from '../../engine/reference.ts';
import { InvalidReferenceError } from '../../state/pulls/pull-manager.ts';
import { truncate } from '../format/index.ts';
import { KeyPriority, useKeyHandler } from '../keys/key-router.tsx';
import { useServices } from '../services.tsx';
import { theme } from '../theme.ts';
import { DialogFrame, dialogWidth, FieldRow, FRAME_CHROME } from './dialog-frame.tsx';
import { formNavigation, useFields, useFocus } from './use-form.ts';
import { checkPassword, checkUsername } from './validation.ts';

export interface PullDialogProps {
  width: number;
  height: number;
  /** Prefills the image field. */
  reference?: string;
  onClose(): void;
  /**
   * The pull is running (or was already, for the same image): the host closes the dialog and
   * focuses that pull's block. Called instead of onClose.
   */
  onStarted(pullId: string): void;
}

/** What is wrong with each field, if anything: the reference's grammar, then the credentials. */
function fieldProblems(values: { image: string; username: string; password: string }): { image?: string; username?: string; password?: string } {
  const reference = parseImageReference(values.image);
  const user = checkUsername(values.username);
  const secret = checkPassword(values.password);
  let password = secret.ok ? undefined : secret.message;
  if (!password && values.username !== '' && values.password === '') password = 'enter the password too, or clear the username to use the credentials found';
  if (!password && values.username === '' && values.password !== '') password = 'enter the username for this password';
  return { image: reference.ok ? undefined : reference.message, username: user.ok ? undefined : user.message, password };
}

type Lookup = { state: 'idle' } | { state: 'looking' } | { state: 'found'; description: string } | { state: 'failed'; message: string };

const LOOKUP_DELAY_MS = 150;
const FIELDS = ['image', 'username', 'password'] as const;

export function PullDialog({ width, reference, onClose, onStarted }: PullDialogProps) {
  const { pulls } = useServices();
  const fields = useFields({ image: reference ?? '', username: '', password: '' });
  const focus = useFocus(FIELDS.length);
  const [showErrors, setShowErrors] = useState(false);
  const [startError, setStartError] = useState<string | undefined>(undefined);
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });

  const { image, username, password } = fields.values;
  const parsed = parseImageReference(image);
  const familiar = parsed.ok ? parsed.ref.familiar : undefined;
  const typed = username !== '' || password !== '';

  // Which credentials the registry would get, looked up once typing pauses.
  useEffect(() => {
    if (familiar === undefined) {
      setLookup({ state: 'idle' });
      return undefined;
    }
    let current = true;
    setLookup({ state: 'looking' });
    const timer = setTimeout(() => {
      pulls.credentialSource(familiar).then(
        (description) => current && setLookup({ state: 'found', description }),
        (error: unknown) => current && setLookup({ state: 'failed', message: describeError(error) }),
      );
    }, LOOKUP_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [pulls, familiar]);

  const submit = () => {
    const values = fields.latest();
    const problems = fieldProblems(values);
    if (problems.image || problems.username || problems.password) {
      setShowErrors(true);
      focus.set(problems.image ? 0 : problems.username || values.username === '' ? 1 : 2);
      return;
    }
    const auth = values.username !== '' ? { username: values.username, password: values.password } : undefined;
    let id: string;
    try {
      id = pulls.start({ reference: values.image, auth });
    } catch (error) {
      setStartError(error instanceof InvalidReferenceError ? error.message : describeError(error));
      return;
    }
    // Nothing here should outlive the hand-over, the typed password least of all.
    fields.set('password', '');
    onStarted(id);
  };

  useKeyHandler(KeyPriority.dialog, (press) => {
    if (press.name === 'ctrl+c') return false;
    formNavigation(press.name, focus, { close: onClose, submit });
    return true;
  });

  const w = dialogWidth(width);
  const inner = w - FRAME_CHROME;
  const problems = showErrors ? fieldProblems(fields.values) : {};

  let target = '';
  if (parsed.ok) {
    const t = pullTarget(parsed.ref);
    target = `${t.fromImage}${t.tag.includes(':') ? '@' : ':'}${t.tag}${t.impliedLatest ? '  (no tag given: latest)' : ''}`;
  }

  let source: { text: string; tone?: string } = { text: 'credentials: found for the image’s registry once it is typed', tone: theme.muted };
  if (typed) source = { text: `credentials: typed here${username ? ` (user ${username})` : ''}` };
  else if (lookup.state === 'looking') source = { text: 'credentials: looking…', tone: theme.muted };
  else if (lookup.state === 'found') source = { text: `credentials: ${lookup.description}` };
  else if (lookup.state === 'failed') source = { text: `credentials: ${lookup.message}`, tone: theme.error };

  return (
    <DialogFrame title="Pull an image" width={w} error={startError} hint="Enter pull · Tab/↑/↓ field · Esc cancel">
      <FieldRow
        label="image"
        value={image}
        onChange={(v) => {
          setStartError(undefined);
          fields.set('image', v);
        }}
        focused={focus.index === 0}
        width={inner}
        placeholder="e.g. alpine, nginx:1.27, registry:5000/team/app:1"
        message={problems.image}
      />
      <FieldRow
        label="username"
        value={username}
        onChange={(v) => fields.set('username', v)}
        focused={focus.index === 1}
        width={inner}
        placeholder="optional: overrides the credentials found"
        message={problems.username}
      />
      <FieldRow label="password" value={password} onChange={(v) => fields.set('password', v)} focused={focus.index === 2} width={inner} mask message={problems.password} />
      <Text color={theme.muted} wrap="truncate">
        {truncate(target ? `pulls ${target}` : ' ', inner)}
      </Text>
      <Text color={source.tone} wrap="truncate">
        {truncate(source.text, inner)}
      </Text>
    </DialogFrame>
  );
}

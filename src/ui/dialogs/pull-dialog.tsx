/**
 * Pull (`p`), drawn (state/dialogs/pull.ts decides): the reference, the optional username and
 * password (drawn masked; the password is in the store only until Enter), what the reference
 * resolves to, and where the credentials will come from.
 */
import { Text } from 'ink';
import { parseImageReference, pullTarget } from '../../engine/reference.ts';
import { values } from '../../state/dialogs/form.ts';
import { pullProblems, SUGGEST_KEY, type PullDialog as State } from '../../state/dialogs/pull.ts';
import { useStore } from '../hooks/use-store.ts';
import { useServices } from '../services.tsx';
import { sanitizeLine, truncate } from '../format/index.ts';
import { theme } from '../theme.ts';

/** How a key name reads in a hint: ctrl+n → Ctrl-N. */
function keyName(name: string): string {
  return name.replace(/^ctrl\+(.)$/, (_m, c: string) => `Ctrl-${c.toUpperCase()}`);
}
import { DialogFrame, dialogWidth, FieldRow, FRAME_CHROME } from './dialog-frame.tsx';
import type { DialogProps } from './dialog-props.ts';

export function PullDialog({ dialog, width }: DialogProps<State>) {
  const { image, username, password } = dialog.fields;
  const w = dialogWidth(width);
  const inner = w - FRAME_CHROME;
  const problems = dialog.showErrors ? pullProblems(values(dialog.fields)) : {};
  const parsed = parseImageReference(image.value);
  const { demo } = useStore(useServices().engineStore);
  const samples = demo?.images ?? [];

  let target = '';
  if (parsed.ok) {
    const t = pullTarget(parsed.ref);
    target = `${t.fromImage}${t.tag.includes(':') ? '@' : ':'}${t.tag}${t.impliedLatest ? '  (no tag given: latest)' : ''}`;
  }

  const typed = username.value !== '' || password.value !== '';
  const { lookup } = dialog;
  let source: { text: string; tone?: string } = { text: 'credentials: found for the image’s registry once it is typed', tone: theme.muted };
  if (typed) source = { text: `credentials: typed here${username.value ? ` (user ${sanitizeLine(username.value)})` : ''}` };
  else if (lookup.state === 'looking') source = { text: 'credentials: looking…', tone: theme.muted };
  else if (lookup.state === 'found') source = { text: `credentials: ${lookup.description}` };
  else if (lookup.state === 'failed') source = { text: `credentials: ${lookup.message}`, tone: theme.error };

  return (
    <DialogFrame
      title={dialog.push ? 'Push an image' : 'Pull an image'}
      width={w}
      error={dialog.error}
      hint={`Enter ${dialog.push ? 'push' : 'pull'} · Tab/↑/↓ field · Esc cancel`}
    >
      <FieldRow label="image" field={image} focused={dialog.focus === 0} width={inner} placeholder="e.g. alpine, nginx:1.27, registry:5000/team/app:1" message={problems.image} />
      <FieldRow label="username" field={username} focused={dialog.focus === 1} width={inner} placeholder="optional: overrides the credentials found" message={problems.username} />
      <FieldRow label="password" field={password} focused={dialog.focus === 2} width={inner} mask message={problems.password} />
      <Text color={theme.muted} wrap="truncate">
        {truncate(target ? `${dialog.push ? 'pushes' : 'pulls'} ${sanitizeLine(target)}` : ' ', inner)}
      </Text>
      <Text color={source.tone} wrap="truncate">
        {truncate(sanitizeLine(source.text), inner)}
      </Text>
      {samples.length > 0 ? (
        <Text color={theme.accent} wrap="wrap">
          {`demo registry ${sanitizeLine(demo?.registry ?? '')}: ${keyName(SUGGEST_KEY)} fills in ${samples.map((sample) => sanitizeLine(sample)).join(', ')}`}
        </Text>
      ) : null}
    </DialogFrame>
  );
}

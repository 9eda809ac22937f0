/**
 * Run (`r`), drawn (state/dialogs/run.ts decides, dialogs/run-controller.ts does the work): the
 * form, then the offer to pull a missing image and its progress, then the container's output
 * (stderr red and marked `!` when there is no TTY) with its exit status.
 */
import { Box, Text } from 'ink';
import { parseImageReference } from '../../engine/reference.ts';
import { values } from '../../state/dialogs/form.ts';
import { completion, outputRows, runRows, type RunDialog as State, type RunField } from '../../state/dialogs/run.ts';
import { checkContainerName, checkRunImage, splitCommand } from '../../state/dialogs/validation.ts';
import { sanitizeLine, truncate } from '../format/index.ts';
import { useStore } from '../hooks/use-store.ts';
import { useRuntime } from '../runtime.tsx';
import { useServices } from '../services.tsx';
import { theme } from '../theme.ts';
import { Busy, DialogFrame, dialogWidth, FieldRow, FRAME_CHROME, ToggleRow } from './dialog-frame.tsx';
import type { DialogProps } from './dialog-props.ts';
import { OutputView, PullProgress } from './run-output.tsx';

const placeholders: Record<RunField, string> = {
  image: 'e.g. busybox:latest',
  command: "the image's default; quotes work: sh -c 'echo hi'",
  name: 'optional',
};

export function RunDialog({ overlay, dialog, width, height }: DialogProps<State>) {
  const { engineStore, pulls } = useServices();
  const { runner } = useRuntime();
  const engine = useStore(engineStore);
  const pullState = useStore(pulls.store);
  const { phase } = dialog;
  const w = dialogWidth(width);
  const inner = w - FRAME_CHROME;

  if (phase.kind === 'running' || phase.kind === 'exited' || phase.kind === 'lost') {
    const rows = outputRows(dialog, height);
    const maxScroll = Math.max(dialog.output - rows, 0);
    return (
      <OutputView
        phase={phase}
        buffer={runner.runOutput(overlay)}
        lines={dialog.output}
        warnings={dialog.warnings}
        rows={rows}
        scrollBack={Math.min(dialog.scrollBack, maxScroll)}
        width={Math.max(width, 24)}
      />
    );
  }

  if (phase.kind === 'missing-image' || phase.kind === 'pulling') {
    const ref = parseImageReference(phase.spec.image);
    const registry = ref.ok ? ref.ref.domain : 'its registry';
    const pulling = phase.kind === 'pulling' && phase.pullId !== undefined ? pullState.pulls.find((p) => p.id === phase.pullId) : undefined;
    return (
      <DialogFrame
        title={`Run ${sanitizeLine(phase.spec.image)}`}
        width={w}
        hint={phase.kind === 'missing-image' ? 'Enter pull and run · Esc back to the form' : 'Esc closes (the pull continues in the Pulls pane)'}
      >
        {phase.kind === 'missing-image' ? (
          <Box flexDirection="column">
            <Text wrap="wrap">{`Image ${sanitizeLine(phase.spec.image)} is not here.`}</Text>
            <Text wrap="wrap">{`Pull it from ${sanitizeLine(registry)}, then run it?`}</Text>
            <Text color={theme.muted} wrap="truncate">
              {truncate(`engine: ${sanitizeLine(phase.message)}`, inner)}
            </Text>
          </Box>
        ) : (
          <PullProgress pull={pulling} reference={phase.spec.image} width={inner} />
        )}
      </DialogFrame>
    );
  }

  const v = values(dialog.fields);
  const checks = { image: checkRunImage(v.image), command: splitCommand(v.command), name: checkContainerName(v.name) };
  const message = (key: RunField) => {
    const c = checks[key];
    return dialog.showErrors && !c.ok ? c.message : undefined;
  };
  const editable = !dialog.busy;
  const row = runRows[dialog.focus];
  const complete = completion(engine.images.items, v.image);
  const field = (key: RunField) => (
    <FieldRow
      key={key}
      label={key}
      field={dialog.fields[key]}
      focused={editable && row === key}
      width={inner}
      placeholder={placeholders[key]}
      suggestion={key === 'image' ? complete?.slice(v.image.length) : undefined}
      message={message(key)}
    />
  );
  return (
    <DialogFrame
      title="Run a container"
      width={w}
      error={dialog.error}
      hint={dialog.busy ? 'Esc closes' : `Enter run · Tab/Shift-Tab field${complete && row === 'image' ? ' (Tab/→ completes)' : ''} · Space toggles · Esc cancel`}
    >
      {field('image')}
      {field('command')}
      {field('name')}
      <ToggleRow label="TTY" on={dialog.tty} focused={editable && row === 'tty'} description={dialog.tty ? 'stdout and stderr merged' : 'stderr shown apart'} />
      <ToggleRow
        label="detached"
        on={dialog.detached}
        focused={editable && row === 'detached'}
        description={dialog.detached ? 'start it and select it in the list' : 'show its output here'}
      />
      {dialog.busy ? <Busy text={dialog.detached ? 'creating and starting…' : 'creating…'} /> : null}
    </DialogFrame>
  );
}

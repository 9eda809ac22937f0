/**
 * Run (`r`), drawn (state/dialogs/run.ts decides, dialogs/run-controller.ts does the work): the
 * form, then the offer to pull a missing image and its progress, then the container's output
 * (stderr red and marked `!` when there is no TTY) with its exit status.
 */
import { Box, Text } from 'ink';
import { parseImageReference } from '../../engine/reference.ts';
import { values } from '../../state/dialogs/form.ts';
import { completion, isSwitchRow, outputRows, runFormOptions, runRows, type RunDialog as State, type RunField, type RunRow, type RunSwitch } from '../../state/dialogs/run.ts';
import { checkRunImage } from '../../state/dialogs/validation.ts';
import { formatRunLine } from '../../state/run-line/format-line.ts';
import { sanitizeLine, truncate } from '../format/index.ts';
import { useStore } from '../hooks/use-store.ts';
import { useRuntime } from '../runtime.tsx';
import { useServices } from '../services.tsx';
import { theme } from '../theme.ts';
import { Busy, DialogFrame, dialogWidth, FieldRow, FRAME_CHROME, LABEL_WIDTH, ToggleRow } from './dialog-frame.tsx';
import type { DialogProps } from './dialog-props.ts';
import { OutputView, PullProgress } from './run-output.tsx';

const placeholders: Record<RunField, string> = {
  image: 'e.g. busybox:latest, or paste a docker run line',
  command: "the image's default; quotes work: sh -c 'echo hi'",
  name: 'optional',
  publish: '-p: 8080:80 127.0.0.1:5432:5432/tcp',
  env: '-e: A=1 B=\'two words\' HOME',
  volume: '-v: /host/dir:/data:ro name:/data',
  restart: 'no, always, unless-stopped, on-failure[:N]',
  network: 'bridge, host, none or a network name',
  workdir: '-w: an absolute path',
  user: '-u: name|uid[:group|gid]',
  entrypoint: 'replaces the image’s entrypoint',
  label: '-l: team=web tier',
  envFile: 'files of K=V lines, read when you run',
  mount: 'type=bind,source=/x,target=/y,readonly',
  hostname: '-h',
  memory: '-m: 512m, 1g',
  cpus: 'e.g. 1.5',
};

const labels: Record<RunRow, string> = {
  image: 'image',
  command: 'command',
  name: 'name',
  tty: 'TTY',
  detached: 'detached',
  publish: 'ports -p',
  env: 'env -e',
  volume: 'volumes -v',
  rm: '--rm',
  restart: 'restart',
  network: 'network',
  workdir: 'workdir -w',
  user: 'user -u',
  entrypoint: 'entrypoint',
  label: 'labels -l',
  envFile: 'env files',
  mount: 'mounts',
  hostname: 'hostname',
  memory: 'memory -m',
  cpus: 'cpus',
  interactive: 'stdin -i',
  publishAll: 'ports -P',
};

const switchText: Record<RunSwitch, (s: State) => string> = {
  tty: (s) => (s.tty ? 'stdout and stderr merged' : 'stderr shown apart'),
  detached: (s) => (s.detached ? 'start it and select it in the list' : 'show its output here'),
  rm: (s) => (s.rm ? 'removed when it exits' : 'kept when it exits'),
  interactive: (s) => (s.interactive ? 'stdin kept open (e.g. -dit for a shell that stays)' : 'no stdin'),
  publishAll: (s) => (s.publishAll ? 'every exposed port on a random host port' : 'only the ports above'),
};

/**
 * The rows that fit in `budget` lines, as a window around the focused row: each row costs its
 * line and its message's lines, and what does not fit is counted above or below it instead.
 */
function visibleRows(focus: number, costs: readonly number[], budget: number): { from: number; to: number } {
  let from = focus;
  let to = focus + 1;
  let used = costs[focus] ?? 1;
  for (let grew = true; grew; ) {
    grew = false;
    // Down first: the rows after the focus are the ones Tab goes to next.
    const down = costs[to];
    if (down !== undefined && used + down <= budget) {
      used += down;
      to++;
      grew = true;
    }
    const up = costs[from - 1];
    if (up !== undefined && used + up <= budget) {
      used += up;
      from--;
      grew = true;
    }
  }
  return { from, to };
}

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
  const image = checkRunImage(v.image);
  const { options, errors } = runFormOptions(dialog);
  const message = (key: RunField) => {
    if (!dialog.showErrors) return undefined;
    if (key === 'image') return image.ok ? undefined : image.message;
    return errors[key];
  };
  const editable = !dialog.busy;
  const row = runRows[dialog.focus];
  const complete = completion(engine.images.items, v.image);
  // Frame (2), title, hint (2), the line, the two "more" marks, the error and the unsupported
  // flags take the rest.
  const budget = Math.max(height - 8 - (dialog.error ? 2 : 0) - (dialog.unsupported.length > 0 ? 2 : 0), 5);
  const costs = runRows.map((key) => {
    const text = isSwitchRow(key) ? undefined : message(key);
    return 1 + (text ? Math.ceil((text.length + LABEL_WIDTH + 2) / Math.max(inner, 1)) : 0);
  });
  const { from, to } = visibleRows(dialog.focus, costs, budget);
  const draw = (key: RunRow) =>
    isSwitchRow(key) ? (
      <ToggleRow key={key} label={labels[key]} on={dialog[key]} focused={editable && row === key} description={switchText[key](dialog)} />
    ) : (
      <FieldRow
        key={key}
        label={labels[key]}
        field={dialog.fields[key]}
        focused={editable && row === key}
        width={inner}
        placeholder={placeholders[key]}
        suggestion={key === 'image' ? complete?.slice(v.image.length) : undefined}
        message={message(key)}
      />
    );
  const line = formatRunLine(options);
  return (
    <DialogFrame
      title="Run a container"
      width={w}
      error={dialog.error}
      hint={
        dialog.busy
          ? 'Esc closes'
          : `Enter run · Tab/Shift-Tab field${complete && row === 'image' ? ' (Tab/→ completes)' : ''} · Space toggles · Ctrl-Y copies the line · Esc cancel`
      }
    >
      {from > 0 ? <Text color={theme.muted}>{`  ↑ ${from} more`}</Text> : null}
      {runRows.slice(from, to).map(draw)}
      {to < runRows.length ? <Text color={theme.muted}>{`  ↓ ${runRows.length - to} more options`}</Text> : null}
      {dialog.unsupported.length > 0 ? (
        <Text color={theme.warning} wrap="wrap">
          {sanitizeLine(`not supported, left out: ${dialog.unsupported.join(' ')}`)}
        </Text>
      ) : null}
      <Text color={theme.muted} wrap="truncate-middle">
        {sanitizeLine(line)}
      </Text>
      {dialog.busy ? <Busy text={dialog.detached ? 'creating and starting…' : 'creating…'} /> : null}
    </DialogFrame>
  );
}

/**
 * Run (`r`): image, command, name, TTY and detached, all checked before anything is sent.
 *
 * Detached: create → start, then the dialog closes and the Containers pane selects the new
 * container. Foreground: the dialog turns into the container's output (stderr red and marked
 * `!` when there is no TTY) with a spinner, then its exit status; Esc leaves it running.
 * An image that is not local is offered for pulling — with progress — and the run then goes on,
 * as `docker run` does. Whatever goes wrong, the form comes back with every field as typed.
 */
import { Box, Text } from 'ink';
import { useEffect, useMemo, useRef, useState } from 'react';
import { describeError, isEngineError } from '../../engine/errors.ts';
import { parseImageReference } from '../../engine/reference.ts';
import { isMissingImage, runContainer, type RunOutcome, type RunSpec } from '../../state/actions/run-container.ts';
import { LogBuffer } from '../../state/logs/log-buffer.ts';
import type { LogLine } from '../../state/logs/types.ts';
import { containerName, repoTags, sanitizeLine, shortId, truncate } from '../format/index.ts';
import { useStore } from '../hooks/use-store.ts';
import { KeyPriority, useKeyHandler } from '../keys/key-router.tsx';
import type { PaneId } from '../navigation.ts';
import { isLive } from '../rows/container-rows.ts';
import { useServices } from '../services.tsx';
import { theme } from '../theme.ts';
import { Busy, DialogFrame, dialogWidth, FieldRow, FRAME_CHROME, ToggleRow } from './dialog-frame.tsx';
import { OutputView, PullProgress, type Phase } from './run-output.tsx';
import { formNavigation, useFields, useFocus, useRequest, useToggle } from './use-form.ts';
import { checkContainerName, checkRunImage, splitCommand } from './validation.ts';

export interface RunDialogProps {
  image?: string;
  width: number;
  height: number;
  onClose: () => void;
  onNotify: (text: string, tone?: 'info' | 'error') => void;
  onSelect: (pane: PaneId, id: string) => void;
  onShowAll: () => void;
}

type TextKey = 'image' | 'command' | 'name';
type Row = TextKey | 'tty' | 'detached';
const rows: readonly Row[] = ['image', 'command', 'name', 'tty', 'detached'];


/** Output kept for the dialog: enough to scroll back through a short run. */
const OUTPUT_CAPACITY = 2_000;
/** Output reaches the screen at most this often, however fast the container writes. */
const OUTPUT_FRAME_MS = 50;

/** Local tags, for completing the image field. */
function localTags(images: readonly { RepoTags?: string[] | null; RepoDigests?: string[] | null }[]): string[] {
  const tags = new Set<string>();
  for (const image of images) for (const tag of repoTags(image.RepoTags ?? undefined, undefined)) if (!tag.includes('<none>')) tags.add(tag);
  return [...tags].sort();
}

export function RunDialog({ image, width, height, onClose, onNotify, onSelect, onShowAll }: RunDialogProps) {
  const { client, sync, engineStore, pulls } = useServices();
  const engine = useStore(engineStore);
  const fields = useFields<TextKey>({ image: image ?? '', command: '', name: '' });
  const focus = useFocus(rows.length, image ? 1 : 0);
  const tty = useToggle(false);
  const detached = useToggle(false);
  const [showErrors, setShowErrors] = useState(false);
  const [engineError, setEngineError] = useState<string | undefined>(undefined);
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  const [warnings, setWarnings] = useState<string[]>([]);
  const request = useRequest();

  // Pulls go through the app's manager, so a pull also shows in the Pulls pane and outlives the dialog.
  const pullState = useStore(pulls.store);

  const buffer = useMemo(() => new LogBuffer(OUTPUT_CAPACITY), []);
  const [, setOutputVersion] = useState(0);
  const frameTimer = useRef<NodeJS.Timeout | undefined>(undefined);
  useEffect(() => () => clearTimeout(frameTimer.current), []);
  const [scrollBack, setScrollBack] = useState(0);

  const tags = useMemo(() => localTags(engine.images.items), [engine.images.items]);
  const completionFor = (typed: string) => (typed === '' ? undefined : tags.find((t) => t.startsWith(typed) && t !== typed));
  const typedImage = fields.values.image;
  const completion = completionFor(typedImage);
  const checks = {
    image: checkRunImage(fields.values.image),
    command: splitCommand(fields.values.command),
    name: checkContainerName(fields.values.name),
  };

  const onLines = (lines: LogLine[]) => {
    buffer.append(lines);
    frameTimer.current ??= setTimeout(() => {
      frameTimer.current = undefined;
      setOutputVersion(buffer.version);
    }, OUTPUT_FRAME_MS);
  };

  const finishDetached = async (outcome: Extract<RunOutcome, { kind: 'detached' }>) => {
    // Select only once the list holds the container, or the pane would move the cursor elsewhere.
    await sync.refreshContainers().catch(() => undefined);
    if (!request.isOpen()) return;
    const item = engineStore.getState().containers.items.find((c) => c.Id === outcome.id);
    if (item && !isLive(item)) onShowAll(); // it already exited: only "all" shows it
    onSelect('containers', outcome.id);
    const label = `${(item && containerName(item.Names)) || shortId(outcome.id)} (${shortId(outcome.id)})`;
    const warned = outcome.warnings.length > 0 ? ` · warning: ${outcome.warnings.join('; ')}` : '';
    onNotify(`started ${label}${warned}`);
    onClose();
  };

  const run = async (spec: RunSpec) => {
    setEngineError(undefined);
    buffer.clear();
    setScrollBack(0);
    let createdId: string | undefined;
    let started = false;
    const result = await request.run((signal) =>
      runContainer(client, spec, {
        signal,
        onCreated: ({ id, warnings: w }) => {
          createdId = id;
          setWarnings(w);
        },
        onStarted: () => {
          started = true;
          if (!spec.detached && createdId) setPhase({ kind: 'running', spec, id: createdId });
        },
        onLines,
      }),
    );
    if (!result || !request.isOpen()) return;
    if (result.ok) {
      const outcome = result.value;
      if (outcome.kind === 'detached') {
        await finishDetached(outcome);
        return;
      }
      clearTimeout(frameTimer.current);
      frameTimer.current = undefined;
      setOutputVersion(buffer.version);
      setPhase({ kind: 'exited', spec, id: outcome.id, exitCode: outcome.exitCode, outputError: outcome.outputError });
      return;
    }
    const error = result.error;
    if (isEngineError(error) && error.code === 'ABORTED') return;
    if (!createdId && isMissingImage(error) && !checkRunImageIsId(spec.image)) {
      setPhase({ kind: 'missing-image', spec, message: describeError(error) });
      return;
    }
    if (started && createdId && !spec.detached) {
      // It ran and its output is on screen; only the watching failed. Going back to the form
      // would drop that output and claim it never started.
      clearTimeout(frameTimer.current);
      frameTimer.current = undefined;
      setOutputVersion(buffer.version);
      setPhase({ kind: 'lost', spec, id: createdId, message: describeError(error) });
      return;
    }
    setPhase({ kind: 'form' });
    setEngineError(
      createdId ? `created ${shortId(createdId)} but ${started ? 'lost track of it' : 'it did not start'}: ${describeError(error)}` : describeError(error),
    );
  };

  const pull = async (spec: RunSpec) => {
    let pullId: string;
    try {
      pullId = pulls.start({ reference: spec.image });
    } catch (error) {
      setPhase({ kind: 'form' });
      setEngineError(describeError(error));
      return;
    }
    setPhase({ kind: 'pulling', spec, pullId });
    const final = await pulls.settled(pullId);
    if (!request.isOpen()) return;
    if (final?.status === 'done') {
      void sync.refreshImages().catch(() => undefined);
      await run(spec);
      return;
    }
    setPhase({ kind: 'form' });
    setEngineError(final?.status === 'error' ? `pull failed: ${final.error ?? 'unknown error'}` : 'the pull was cancelled');
  };

  const submit = () => {
    const values = fields.latest();
    const current = { image: checkRunImage(values.image), command: splitCommand(values.command), name: checkContainerName(values.name) };
    const invalid = (['image', 'command', 'name'] as const).find((key) => !current[key].ok);
    if (invalid) {
      setShowErrors(true);
      focus.set(rows.indexOf(invalid));
      return;
    }
    if (!current.image.ok || !current.command.ok || !current.name.ok) return;
    void run({ image: current.image.value.image, cmd: current.command.value, name: current.name.value, tty: tty.get(), detached: detached.get() });
  };

  const outputRows = Math.max(height - 7 - Math.min(warnings.length, 3), 1);
  const maxScroll = Math.max(buffer.length - outputRows, 0);
  const scroll = (by: number) => setScrollBack((s) => Math.min(Math.max(s + by, 0), maxScroll));

  useKeyHandler(KeyPriority.dialog, (press) => {
    if (press.name === 'ctrl+c') return false;
    switch (phase.kind) {
      case 'form':
        return formKey(press.name);
      case 'missing-image':
        if (press.name === 'return' || press.name === 'y') void pull(phase.spec);
        else if (press.name === 'escape' || press.name === 'n') {
          setPhase({ kind: 'form' });
          setEngineError(phase.message);
        }
        return true;
      case 'pulling':
        if (press.name === 'escape') {
          onNotify(`pulling ${sanitizeLine(phase.spec.image)} continues in the Pulls pane`);
          onClose();
        }
        return true;
      case 'running':
      case 'exited':
      case 'lost':
        if (press.name === 'escape' || (phase.kind !== 'running' && press.name === 'return')) {
          if (phase.kind === 'running') onNotify(`${shortId(phase.id)} keeps running (only the view was left)`);
          onClose();
        } else if (press.name === 'up' || press.name === 'k') scroll(1);
        else if (press.name === 'down' || press.name === 'j') scroll(-1);
        else if (press.name === 'pageup') scroll(outputRows - 1);
        else if (press.name === 'pagedown') scroll(-(outputRows - 1));
        else if (press.name === 'end' || press.name === 'G') setScrollBack(0);
        return true;
    }
  });

  function formKey(name: string): boolean {
    // Refs, not render-time state: a burst of keys can move focus or type between two renders.
    const row = rows[focus.current()];
    const complete = row === 'image' ? completionFor(fields.latest().image) : undefined;
    // Tab and → accept an image completion first; otherwise Tab moves on like any form's.
    if ((name === 'tab' || name === 'right') && complete) {
      fields.set('image', complete);
      return true;
    }
    const submitOnce = () => {
      if (!request.inFlight()) submit();
    };
    if (formNavigation(name, focus, { close: onClose, submit: submitOnce })) return true;
    if (name === ' ' && !request.inFlight()) {
      if (row === 'tty') tty.flip();
      if (row === 'detached') detached.flip();
    }
    return true;
  }

  const w = dialogWidth(width);
  const inner = w - FRAME_CHROME;

  if (phase.kind === 'running' || phase.kind === 'exited' || phase.kind === 'lost') {
    return (
      <OutputView
        phase={phase}
        buffer={buffer}
        warnings={warnings}
        rows={outputRows}
        scrollBack={Math.min(scrollBack, maxScroll)}
        width={Math.max(width, 24)}
      />
    );
  }

  if (phase.kind === 'missing-image' || phase.kind === 'pulling') {
    const ref = parseImageReference(phase.spec.image);
    const registry = ref.ok ? ref.ref.domain : 'its registry';
    const pullingState = phase.kind === 'pulling' ? pullState.pulls.find((p) => p.id === phase.pullId) : undefined;
    return (
      <DialogFrame
        title={`Run ${sanitizeLine(phase.spec.image)}`}
        width={w}
        hint={
          phase.kind === 'missing-image'
            ? 'Enter pull and run · Esc back to the form'
            : 'Esc closes (the pull continues in the Pulls pane)'
        }
      >
        {phase.kind === 'missing-image' ? (
          <Box flexDirection="column">
            <Text wrap="wrap">{`Image ${sanitizeLine(phase.spec.image)} is not here.`}</Text>
            <Text wrap="wrap">{`Pull it from ${sanitizeLine(registry)}, then run it?`}</Text>
            <Text color={theme.muted} wrap="truncate">
              {truncate(`engine: ${phase.message}`, inner)}
            </Text>
          </Box>
        ) : (
          <PullProgress pull={pullingState} reference={phase.spec.image} width={inner} />
        )}
      </DialogFrame>
    );
  }

  const message = (key: TextKey) => {
    const c = checks[key];
    return showErrors && !c.ok ? c.message : undefined;
  };
  const editable = !request.busy;
  return (
    <DialogFrame
      title="Run a container"
      width={w}
      error={engineError}
      hint={
        request.busy
          ? 'Esc closes'
          : `Enter run · Tab/Shift-Tab field${completion && rows[focus.index] === 'image' ? ' (Tab/→ completes)' : ''} · Space toggles · Esc cancel`
      }
    >
      <FieldRow
        label="image"
        value={fields.values.image}
        onChange={(v) => fields.set('image', v)}
        focused={editable && rows[focus.index] === 'image'}
        isFocused={() => !request.inFlight() && rows[focus.current()] === 'image'}
        width={inner}
        placeholder="e.g. busybox:latest"
        suggestion={completion?.slice(typedImage.length)}
        message={message('image')}
      />
      <FieldRow
        label="command"
        value={fields.values.command}
        onChange={(v) => fields.set('command', v)}
        focused={editable && rows[focus.index] === 'command'}
        isFocused={() => !request.inFlight() && rows[focus.current()] === 'command'}
        width={inner}
        placeholder="the image's default; quotes work: sh -c 'echo hi'"
        message={message('command')}
      />
      <FieldRow
        label="name"
        value={fields.values.name}
        onChange={(v) => fields.set('name', v)}
        focused={editable && rows[focus.index] === 'name'}
        isFocused={() => !request.inFlight() && rows[focus.current()] === 'name'}
        width={inner}
        placeholder="optional"
        message={message('name')}
      />
      <ToggleRow label="TTY" on={tty.on} focused={editable && rows[focus.index] === 'tty'} description={tty.on ? 'stdout and stderr merged' : 'stderr shown apart'} />
      <ToggleRow
        label="detached"
        on={detached.on}
        focused={editable && rows[focus.index] === 'detached'}
        description={detached.on ? 'start it and select it in the list' : 'show its output here'}
      />
      {request.busy ? <Busy text={detached.on ? 'creating and starting…' : 'creating…'} /> : null}
    </DialogFrame>
  );
}

function checkRunImageIsId(image: string): boolean {
  const checked = checkRunImage(image);
  return checked.ok && checked.value.isId;
}

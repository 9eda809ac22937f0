/**
 * Run (`r`): image, command, name, TTY and detached first, then the options people copy from a
 * README (ports, environment, volumes and mounts, --rm, restart, network, workdir, user,
 * entrypoint, labels, env files, hostname, memory, CPUs, -i, -P), all checked as the docker CLI
 * checks them before anything is sent. A pasted `docker run …` line fills the form (flags berth
 * does not build are named, never dropped silently), and the line the form makes is shown and
 * copied with Ctrl-Y. Then
 * the workflow `docker run` goes through, as a state machine:
 *
 *   form ─Enter→ (create → wait → start) ─detached→ closed, the new container selected
 *                        │                └foreground→ running (output streams) → exited | lost
 *                        └404 no such image→ missing-image ─Enter→ pulling ─done→ (create …)
 *
 * Whatever goes wrong before the container runs, the form comes back with every field as typed
 * and the engine's words. The work itself is handlers/run.ts; this file only decides.
 */
import { parseImageReference } from '../../engine/reference.ts';
import type { ImageSummary } from '../../engine/types.ts';
import { containerLabel, shortId } from '../../state/actions/labels.ts';
import type { RunSpec } from '../../state/actions/run-container.ts';
import { pullTotals, type PullState } from '../../state/pulls/pull-reducer.ts';
import type { TargetActions } from '../actions/target-actions.ts';
import type { RunReply } from '../commands.ts';
import { formatBytesPair, formatRate, plural, sanitizeLine, truncate } from '../format/index.ts';
import { field } from '../input/field.ts';
import { checkRunOptions, type CreateExtras } from '../../state/run-line/create-body.ts';
import { formatRunLine } from '../../state/run-line/format-line.ts';
import { formToOptions, optionsToForm, type FormField, type FormSwitches } from '../../state/run-line/form.ts';
import { emptyOptions, type RunOptions } from '../../state/run-line/options.ts';
import { isRunLine, parseRunLine } from '../../state/run-line/parse-line.ts';
import { editIn, formKey, moveFocus, setValue, values, type Fields } from './form.ts';
import { defineDialog, formContexts, type DialogContext, type DialogKey, type DialogViewContext, type Outcome } from './machine.ts';
import { openDialog } from './open.ts';
import { checkRunImage } from '../../state/validation.ts';
import type { DialogBlock, DialogView } from './view.ts';

export type RunField = FormField;
export type RunSwitch = 'tty' | 'detached' | 'interactive' | 'rm' | 'publishAll';
export type RunRow = RunField | RunSwitch;
/** The first five as they always were (muscle memory); the rest in the order READMEs use them. */
export const runRows: readonly RunRow[] = [
  'image',
  'command',
  'name',
  'tty',
  'detached',
  'publish',
  'env',
  'volume',
  'rm',
  'restart',
  'network',
  'workdir',
  'user',
  'entrypoint',
  'label',
  'envFile',
  'mount',
  'hostname',
  'memory',
  'cpus',
  'interactive',
  'publishAll',
];
const SWITCH_ROWS = new Set<RunRow>(['tty', 'detached', 'interactive', 'rm', 'publishAll']);
export function isSwitchRow(row: RunRow): row is RunSwitch {
  return SWITCH_ROWS.has(row);
}

export interface RunRequest {
  type: 'run';
  /** Prefills the image field (the Images pane's selected tag). */
  image?: string;
}

export type RunPhase =
  | { kind: 'form' }
  | { kind: 'missing-image'; spec: RunSpec; message: string }
  | { kind: 'pulling'; spec: RunSpec; pullId?: string }
  | { kind: 'running'; spec: RunSpec; id: string }
  | { kind: 'exited'; spec: RunSpec; id: string; exitCode: number; outputError?: string }
  /** Watching failed after the start (the engine went away): the output seen so far stays on screen. */
  | { kind: 'lost'; spec: RunSpec; id: string; message: string };

export interface RunDialog {
  type: 'run';
  fields: Fields<RunField>;
  focus: number;
  tty: boolean;
  detached: boolean;
  interactive: boolean;
  rm: boolean;
  publishAll: boolean;
  /** Flags of the last pasted line that berth does not build (named under the form). */
  unsupported: readonly string[];
  showErrors: boolean;
  error?: string;
  /** A create/start is out: Enter sends nothing more, fields take no keys. */
  busy: boolean;
  phase: RunPhase;
  /** What the current (or last) attempt runs: results are about it. */
  attempt?: RunSpec;
  /** The container made by this attempt, once created; whether it started. */
  created?: string;
  started: boolean;
  warnings: readonly string[];
  /** Output lines held (the controller's buffer), as last reported. */
  output: number;
  /** Lines scrolled back from the end of the output. */
  scrollBack: number;
}

/** Local tags, for completing the image field (memoised on the list the engine store holds). */
const tagCache = new WeakMap<readonly ImageSummary[], string[]>();
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
export function localTags(images: readonly ImageSummary[]): string[] {
  let tags = tagCache.get(images);
  if (!tags) {
    const set = new Set<string>();
    for (const image of images) for (const tag of image.RepoTags ?? []) if (tag !== '' && !tag.includes('<none>') && !CONTROL.test(tag)) set.add(tag);
    tags = [...set].sort();
    tagCache.set(images, tags);
  }
  return tags;
}

/** The local tag that completes what was typed, if any. */
export function completion(images: readonly ImageSummary[], typed: string): string | undefined {
  return typed === '' ? undefined : localTags(images).find((t) => t.startsWith(typed) && t !== typed);
}

/** Rows the output gets inside `bodyHeight`: the frame, title, status and hint take the rest. */
export function outputRows(state: RunDialog, bodyHeight: number): number {
  return Math.max(bodyHeight - 7 - Math.min(state.warnings.length, 3), 1);
}

function fieldsOf(options: RunOptions): Fields<RunField> {
  const { text } = optionsToForm(options);
  const out = {} as Record<RunField, ReturnType<typeof field>>;
  for (const key of Object.keys(text) as RunField[]) out[key] = field(text[key]);
  return out;
}

function switchesOf(state: RunDialog): FormSwitches {
  return { detach: state.detached, tty: state.tty, interactive: state.interactive, rm: state.rm, publishAll: state.publishAll };
}

/**
 * What the form holds, as options (the line shown under it), each field's problem, and the
 * create request's pieces when there is none.
 */
export function runFormOptions(state: RunDialog): { options: RunOptions; errors: Partial<Record<RunField, string>>; extras?: CreateExtras } {
  const read = formToOptions(values(state.fields), switchesOf(state));
  const checked = checkRunOptions(read.options);
  return { options: read.options, errors: { ...checked.errors, ...read.errors }, ...(checked.extras && { extras: checked.extras }) };
}

/** The `docker run` line the form makes (shown live, copied with Ctrl-Y). */
export function runLine(state: RunDialog): string {
  return formatRunLine(runFormOptions(state).options);
}

/** A pasted or typed `docker run` line into the form; a line that cannot be read changes nothing and says why. */
function fillFromLine(state: RunDialog, text: string): RunDialog {
  const parsed = parseRunLine(text);
  if (!parsed.ok) return { ...state, error: `that docker run line: ${parsed.message}` };
  const o = parsed.options;
  return {
    ...state,
    fields: fieldsOf(o),
    tty: o.tty,
    detached: o.detach,
    interactive: o.interactive,
    rm: o.rm,
    publishAll: o.publishAll,
    unsupported: parsed.unsupported,
    error: undefined,
    showErrors: true,
    focus: 0,
  };
}

function openRun(request: RunRequest): RunDialog {
  return {
    type: 'run',
    fields: fieldsOf(emptyOptions(request.image ?? '')),
    // A prefilled image: the command is what is left to type.
    focus: request.image ? 1 : 0,
    tty: false,
    detached: false,
    interactive: false,
    rm: false,
    publishAll: false,
    unsupported: [],
    showErrors: false,
    busy: false,
    phase: { kind: 'form' },
    started: false,
    warnings: [],
    output: 0,
    scrollBack: 0,
  };
}

function start(state: RunDialog, spec: RunSpec, overlay: number): Outcome<RunDialog> {
  const next: RunDialog = { ...state, busy: true, error: undefined, attempt: spec, created: undefined, started: false, warnings: [], output: 0, scrollBack: 0 };
  return { state: next, commands: [{ type: 'run-create', overlay, spec }] };
}

function hasExtras(extras: CreateExtras): boolean {
  return Object.keys(extras.config).length + Object.keys(extras.hostConfig).length + extras.env.length + extras.envFiles.length > 0;
}

function submit(state: RunDialog, overlay: number): Outcome<RunDialog> {
  if (state.busy) return { state };
  // A line typed (not pasted) into the image field: read it, as a paste would be.
  if (isRunLine(state.fields.image.value)) return { state: fillFromLine(state, state.fields.image.value) };
  const image = checkRunImage(values(state.fields).image);
  const { options, errors, extras } = runFormOptions(state);
  const invalid = runRows.find((row) => (row === 'image' ? !image.ok : !isSwitchRow(row) && errors[row] !== undefined));
  if (invalid || !image.ok || !extras) return { state: { ...state, showErrors: true, focus: runRows.indexOf(invalid ?? 'image') } };
  const spec: RunSpec = {
    image: image.value.image,
    cmd: options.command.length > 0 ? [...options.command] : undefined,
    name: options.name === '' ? undefined : options.name,
    tty: state.tty,
    detached: state.detached,
    ...(state.interactive && { interactive: true }),
    // Only what the first five rows cannot say: a plain run stays the request it always was.
    ...(hasExtras(extras) && { extras }),
  };
  return start(state, spec, overlay);
}

function formKeyPress(state: RunDialog, key: DialogKey, ctx: DialogContext): Outcome<RunDialog> {
  const row = runRows[state.focus] ?? 'image';
  const { press, action } = key;
  if (!state.busy && press.name === 'paste' && isRunLine(press.input)) return { state: fillFromLine(state, press.input) };
  if (action === 'copy-line') {
    const line = runLine(state);
    return { state, commands: [{ type: 'clipboard-copy', text: line }], notify: { text: 'copied the docker run line' } };
  }
  // The focused text field takes its editing keys first; what it lets through (Tab, Enter, Esc,
  // ↑/↓, → at the end of the text) is the form's.
  if (!state.busy && !isSwitchRow(row)) {
    const fields = editIn(state.fields, row, key);
    if (fields) return { state: fields === state.fields ? state : { ...state, fields } };
  }
  // → at the end of the image field takes the completion shown after it. Tab moves on, as in
  // every field: text typed after a Tab belongs in the next field, suggestion or not.
  const complete = row === 'image' ? completion(ctx.engine.images.items, state.fields.image.value) : undefined;
  if (action === 'cursor-right' && complete && complete !== state.fields.image.value) return { state: { ...state, fields: setValue<RunField>(state.fields, 'image', complete) } };
  const nav = formKey(key);
  if (nav?.kind === 'close') return { state, close: true };
  if (nav?.kind === 'submit') return submit(state, ctx.overlay);
  if (nav?.kind === 'move') return { state: { ...state, focus: moveFocus(state.focus, nav.delta, runRows.length) } };
  if (action === 'toggle' && !state.busy && isSwitchRow(row)) return { state: { ...state, [row]: !state[row] } };
  return { state };
}

function scroll(state: RunDialog, by: number | 'end', bodyHeight: number): RunDialog {
  const max = Math.max(state.output - outputRows(state, bodyHeight), 0);
  const scrollBack = by === 'end' ? 0 : Math.min(Math.max(Math.min(state.scrollBack, max) + by, 0), max);
  return scrollBack === state.scrollBack ? state : { ...state, scrollBack };
}

function isImageId(image: string): boolean {
  const checked = checkRunImage(image);
  return checked.ok && checked.value.isId;
}

const actions: TargetActions = {
  run: {
    list: (state, ctx) => openDialog(state, ctx, run, { type: 'run' }),
    // From an image row: that image (an untagged one has nothing to type).
    image: (state, ctx, i) => openDialog(state, ctx, run, { type: 'run', image: i.tag.startsWith('<none>') ? undefined : i.tag }),
  },
};

export const run = defineDialog<RunDialog, RunRequest, RunReply>({
  id: 'run',
  actions,
  open: (request) => ({ state: openRun(request) }),
  contexts(state) {
    switch (state.phase.kind) {
      case 'form':
        return formContexts(state.busy ? 'none' : isSwitchRow(runRows[state.focus] ?? 'image') ? 'toggle' : 'field', runRows.length, ['command-line']);
      case 'missing-image':
        return ['confirm', 'dialog'];
      case 'pulling':
        return ['dialog'];
      default:
        return ['output', 'dialog'];
    }
  },
  key(state, key, ctx) {
    const { action } = key;
    const phase = state.phase;
    switch (phase.kind) {
      case 'form':
        return formKeyPress(state, key, ctx);
      case 'missing-image':
        if (action === 'submit' || action === 'yes') {
          return { state: { ...state, phase: { kind: 'pulling', spec: phase.spec } }, commands: [{ type: 'run-pull', overlay: ctx.overlay, reference: phase.spec.image }] };
        }
        if (action === 'cancel' || action === 'no') return { state: { ...state, phase: { kind: 'form' }, error: phase.message } };
        return { state };
      case 'pulling':
        if (action === 'cancel') return { state, close: true, notify: { text: `pulling ${phase.spec.image} continues in the Pulls pane` } };
        return { state };
      case 'running':
      case 'exited':
      case 'lost': {
        // Enter or Esc leaves the view; a container still running goes on.
        if (action === 'cancel' || action === 'submit') {
          return { state, close: true, notify: phase.kind === 'running' ? { text: `${shortId(phase.id)} keeps running (only the view was left)` } : undefined };
        }
        const page = outputRows(state, ctx.bodyHeight) - 1;
        const by = action === 'up' ? 1 : action === 'down' ? -1 : action === 'page-up' ? page : action === 'page-down' ? -page : action === 'bottom' ? 'end' : action === 'top' ? state.output : undefined;
        return { state: by === undefined ? state : scroll(state, by, ctx.bodyHeight) };
      }
    }
  },
  result(state, result, ctx) {
    const phase = state.phase;
    const spec = state.attempt;
    switch (result.kind) {
      case 'created':
        return { state: { ...state, created: result.id, warnings: result.warnings } };
      case 'started':
        if (!spec || spec.detached || !state.created) return { state: { ...state, started: true } };
        return { state: { ...state, started: true, phase: { kind: 'running', spec, id: state.created } } };
      case 'output':
        return { state: { ...state, output: result.lines } };
      case 'exited':
        if (!spec || !state.created) return { state: { ...state, busy: false } };
        return { state: { ...state, busy: false, phase: { kind: 'exited', spec, id: state.created, exitCode: result.exitCode, outputError: result.outputError } } };
      case 'detached': {
        const warned = result.warnings.length > 0 ? ` · warning: ${result.warnings.join('; ')}` : '';
        // Revealed in the Containers pane (an exited one shows with all).
        return { state: { ...state, busy: false }, close: true, reveal: { kind: 'container', id: result.id }, notify: { text: `started ${containerLabel(result.name, result.id)}${warned}` } };
      }
      case 'failed': {
        const next = { ...state, busy: false };
        if (!state.created && result.missingImage && spec && !isImageId(spec.image)) return { state: { ...next, phase: { kind: 'missing-image', spec, message: result.message } } };
        if (state.started && state.created && spec && !spec.detached) {
          // It ran and its output is on screen; only the watching failed. Going back to the form
          // would drop that output and claim it never started.
          return { state: { ...next, phase: { kind: 'lost', spec, id: state.created, message: result.message } } };
        }
        const error = state.created ? `created ${shortId(state.created)} but ${state.started ? 'lost track of it' : 'it did not start'}: ${result.message}` : result.message;
        return { state: { ...next, phase: { kind: 'form' }, error } };
      }
      case 'handed-back': {
        // Back from the container's terminal: the dialog has said all it had to; the list shows the container.
        const who = containerLabel(spec?.name ?? '', result.id);
        const { end } = result;
        const kept = !(spec?.extras?.hostConfig.AutoRemove === true && end.ended === 'exited');
        const text =
          end.ended === 'detached'
            ? `detached from ${who}; it keeps running`
            : end.error !== undefined
              ? `${who} exited: ${end.error}`
              : `${who} exited${end.exitCode === undefined ? '' : ` with code ${end.exitCode}`}`;
        return {
          state: { ...state, busy: false },
          close: true,
          ...(kept && { reveal: { kind: 'container' as const, id: result.id } }),
          notify: { text, tone: end.ended === 'exited' && end.error !== undefined ? 'error' : 'info' },
        };
      }
      case 'pulling':
        return phase.kind === 'pulling' ? { state: { ...state, phase: { ...phase, pullId: result.pullId } } } : { state };
      case 'pulled':
        return spec ? start(state, spec, ctx.overlay) : { state };
      case 'pull-failed':
        return { state: { ...state, busy: false, phase: { kind: 'form' }, error: result.message } };
    }
  },
  view: runView,
});

const placeholders: Record<RunField, string> = {
  image: 'e.g. busybox:latest, or paste a docker run line',
  command: "the image's default; quotes work: sh -c 'echo hi'",
  name: 'optional',
  publish: '-p: 8080:80 127.0.0.1:5432:5432/tcp',
  env: "-e: A=1 B='two words' HOME",
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

const switchText: Record<RunSwitch, (s: RunDialog) => string> = {
  tty: (s) => (s.tty ? 'stdout and stderr merged' : 'stderr shown apart'),
  detached: (s) => (s.detached ? 'start it and select it in the list' : 'show its output here'),
  rm: (s) => (s.rm ? 'removed when it exits' : 'kept when it exits'),
  interactive: (s) => (!s.interactive ? 'no stdin' : s.detached ? 'stdin kept open (-dit: a shell that stays; attach with A)' : 'your terminal is its until it exits (with TTY, Ctrl-P Ctrl-Q detaches)'),
  publishAll: (s) => (s.publishAll ? 'every exposed port on a random host port' : 'only the ports above'),
};

/** A pull's progress as the run dialog shows it while a missing image comes in. */
function pullBlocks(pull: PullState | undefined, reference: string, width: number): DialogBlock[] {
  if (!pull) return [{ kind: 'busy', text: `pulling ${sanitizeLine(reference)}…` }];
  const totals = pullTotals(pull);
  const fraction = totals.bytesKnown > 0 ? totals.bytesDone / totals.bytesKnown : undefined;
  const figures = [
    totals.layersTotal > 0 ? `${totals.layersDone}/${plural(totals.layersTotal, 'layer')}` : undefined,
    totals.bytesKnown > 0 ? formatBytesPair(totals.bytesDone, totals.bytesKnown) : undefined,
    totals.rate !== undefined ? formatRate(totals.rate) : undefined,
  ].filter((part): part is string => part !== undefined);
  const last = pull.footer[pull.footer.length - 1] ?? pull.header[pull.header.length - 1];
  return [
    { kind: 'busy', text: truncate(`pulling ${sanitizeLine(pull.reference)}${figures.length > 0 ? ` · ${figures.join(' · ')}` : ''}`, Math.max(width - 2, 1)) },
    { kind: 'bar', fraction },
    ...(last ? [{ kind: 'text' as const, tone: 'muted' as const, text: truncate(sanitizeLine(last), width) }] : []),
  ];
}

function outputView(state: RunDialog, phase: Extract<RunPhase, { kind: 'running' | 'exited' | 'lost' }>, ctx: DialogViewContext): DialogView {
  const rows = outputRows(state, ctx.height);
  const maxScroll = Math.max(state.output - rows, 0);
  const scrollBack = Math.min(state.scrollBack, maxScroll);
  const end = Math.min(state.output, ctx.outputLength) - scrollBack;
  const lines = ctx.output(Math.max(end - rows, 0), Math.max(end, 0)).map((line) => (line.stream === 'stderr' ? { text: `! ${sanitizeLine(line.text)}`, tone: 'stderr' as const } : { text: sanitizeLine(line.text) }));
  const command = phase.spec.cmd ? ` ${phase.spec.cmd.join(' ')}` : '';
  const who = `${phase.spec.name ? `${phase.spec.name} ` : ''}(${shortId(phase.id)})`;
  const blocks: DialogBlock[] = state.warnings.slice(0, 3).map((warning) => ({ kind: 'text', tone: 'warning', text: `⚠ ${sanitizeLine(warning)}` }));
  if (phase.kind === 'running') blocks.push({ kind: 'busy', text: `running ${who}` });
  else if (phase.kind === 'lost') blocks.push({ kind: 'text', tone: 'error', wrap: 'wrap', text: `lost track of ${who}: ${sanitizeLine(phase.message)} — it may still be running` });
  else blocks.push({ kind: 'text', tone: phase.exitCode === 0 ? 'success' : 'error', bold: true, text: `exited with code ${phase.exitCode}` });
  blocks.push({ kind: 'output', lines, height: rows, empty: phase.kind === 'running' ? '(no output yet)' : '(no output)' });
  if (phase.kind === 'exited' && phase.outputError) blocks.push({ kind: 'text', tone: 'error', text: `output unavailable: ${sanitizeLine(phase.outputError)}` });
  return {
    title: `run ${sanitizeLine(phase.spec.image)}${sanitizeLine(command)}`,
    width: 'wide',
    blocks,
    hints: [
      phase.kind === 'running' ? { action: ['submit', 'cancel'], text: 'leave it running' } : { action: ['submit', 'cancel'], text: 'close' },
      { action: ['up', 'down', 'page-up', 'page-down'], text: 'scroll' },
      ...(scrollBack > 0 ? [{ action: 'bottom' as const, text: `${plural(scrollBack, 'line')} below` }] : []),
    ],
  };
}

function runView(state: RunDialog, ctx: DialogViewContext): DialogView {
  const { phase } = state;
  const inner = Math.min(ctx.width, 76) - 4;
  if (phase.kind === 'running' || phase.kind === 'exited' || phase.kind === 'lost') return outputView(state, phase, ctx);
  if (phase.kind === 'missing-image' || phase.kind === 'pulling') {
    const ref = parseImageReference(phase.spec.image);
    const registry = ref.ok ? ref.ref.domain : 'its registry';
    const pulling = phase.kind === 'pulling' && phase.pullId !== undefined ? ctx.pulls.pulls.find((p) => p.id === phase.pullId) : undefined;
    return {
      title: `Run ${sanitizeLine(phase.spec.image)}`,
      width: 'form',
      blocks:
        phase.kind === 'missing-image'
          ? [
              { kind: 'text', wrap: 'wrap', text: `Image ${sanitizeLine(phase.spec.image)} is not here.` },
              { kind: 'text', wrap: 'wrap', text: `Pull it from ${sanitizeLine(registry)}, then run it?` },
              { kind: 'text', tone: 'muted', text: truncate(`engine: ${sanitizeLine(phase.message)}`, inner) },
            ]
          : pullBlocks(pulling, phase.spec.image, inner),
      hints: phase.kind === 'missing-image' ? [{ action: 'submit', text: 'pull and run' }, { action: 'cancel', text: 'back to the form' }] : [{ action: 'cancel', text: 'closes (the pull continues in the Pulls pane)' }],
    };
  }
  const v = values(state.fields);
  const image = checkRunImage(v.image);
  const { options, errors } = runFormOptions(state);
  const message = (key: RunField) => {
    if (!state.showErrors) return undefined;
    if (key === 'image') return image.ok ? undefined : image.message;
    return errors[key];
  };
  const editable = !state.busy;
  const row = runRows[state.focus];
  const complete = completion(ctx.engine.images.items, v.image);
  const blocks: DialogBlock[] = runRows.map((key) =>
    isSwitchRow(key)
      ? { kind: 'toggle', label: labels[key], on: state[key], focused: editable && row === key, description: switchText[key](state) }
      : { kind: 'field', label: labels[key], field: state.fields[key], focused: editable && row === key, placeholder: placeholders[key], suggestion: key === 'image' ? complete?.slice(v.image.length) : undefined, message: message(key) },
  );
  if (state.unsupported.length > 0) blocks.push({ kind: 'text', tone: 'warning', wrap: 'wrap', text: sanitizeLine(`not supported, left out: ${state.unsupported.join(' ')}`) });
  blocks.push({ kind: 'text', tone: 'muted', wrap: 'middle', text: sanitizeLine(formatRunLine(options)) });
  if (state.busy) blocks.push({ kind: 'busy', text: state.detached ? 'creating and starting…' : 'creating…' });
  return {
    title: 'Run a container',
    width: 'form',
    blocks,
    error: state.error,
    focus: state.focus,
    hints: state.busy
      ? [{ action: 'cancel', text: 'closes' }]
      : [
          { action: 'submit', text: 'run' },
          { action: ['next-field', 'prev-field'], text: 'field' },
          ...(complete && complete !== v.image && row === 'image' ? [{ action: 'cursor-right' as const, text: 'completes' }] : []),
          { action: 'toggle', text: 'toggles' },
          { action: 'copy-line', text: 'copies the line' },
          { action: 'cancel', text: 'cancel' },
        ],
  };
}

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
 * and the engine's words. The work itself is run-controller.ts; this file only decides.
 */
import type { ImageSummary } from '../../engine/types.ts';
import { containerLabel, shortId } from '../actions/labels.ts';
import type { RunSpec } from '../actions/run-container.ts';
import { field } from '../input/field.ts';
import { checkRunOptions, type CreateExtras } from '../run-line/create-body.ts';
import { formatRunLine } from '../run-line/format-line.ts';
import { formToOptions, optionsToForm, type FormField, type FormSwitches } from '../run-line/form.ts';
import { emptyOptions, type RunOptions } from '../run-line/options.ts';
import { isRunLine, parseRunLine } from '../run-line/parse-line.ts';
import { editIn, formKey, moveFocus, setValue, values, type Fields } from './form.ts';
import type { DialogContext, DialogMachine, Outcome } from './machine.ts';
import { checkRunImage } from './validation.ts';

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

export type RunCommand = { type: 'run-container'; overlay: number; spec: RunSpec } | { type: 'run-pull'; overlay: number; reference: string };

export type RunResult =
  | { kind: 'created'; id: string; warnings: readonly string[] }
  | { kind: 'started' }
  | { kind: 'output'; lines: number }
  | { kind: 'exited'; exitCode: number; outputError?: string }
  /** Detached and started; the containers list holds it (`live`: still running). */
  | { kind: 'detached'; id: string; name: string; live: boolean; warnings: readonly string[] }
  | { kind: 'failed'; message: string; missingImage: boolean }
  | { kind: 'pulling'; pullId: string }
  | { kind: 'pulled' }
  | { kind: 'pull-failed'; message: string };

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

export function openRun(request: RunRequest): RunDialog {
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
  return { state: next, commands: [{ type: 'run-container', overlay, spec }] };
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
    // Only what the first five rows cannot say: a plain run stays the request it always was.
    ...(hasExtras(extras) && { extras }),
  };
  return start(state, spec, overlay);
}

function formKeyPress(state: RunDialog, name: string, press: Parameters<DialogMachine<RunDialog, RunResult>['key']>[1], ctx: DialogContext): Outcome<RunDialog> {
  const row = runRows[state.focus] ?? 'image';
  if (!state.busy && name === 'paste' && isRunLine(press.input)) return { state: fillFromLine(state, press.input) };
  if (name === 'ctrl+y') {
    const line = runLine(state);
    return { state, commands: [{ type: 'copy', text: line }], notify: { text: 'copied the docker run line' } };
  }
  // The focused text field takes its editing keys first; what it lets through (Tab, Enter, Esc,
  // ↑/↓, → at the end of the text) is the form's.
  if (!state.busy && !isSwitchRow(row)) {
    const fields = editIn(state.fields, row, press);
    if (fields) return { state: fields === state.fields ? state : { ...state, fields } };
  }
  // Tab and → accept an image completion first; otherwise Tab moves on like any form's.
  const complete = row === 'image' ? completion(ctx.engine.images.items, state.fields.image.value) : undefined;
  if ((name === 'tab' || name === 'right') && complete) return { state: { ...state, fields: setValue<RunField>(state.fields, 'image', complete) } };
  const nav = formKey(name);
  if (nav?.kind === 'close') return { state, close: true };
  if (nav?.kind === 'submit') return submit(state, ctx.overlay);
  if (nav?.kind === 'move') return { state: { ...state, focus: moveFocus(state.focus, nav.delta, runRows.length) } };
  if (name === ' ' && !state.busy && isSwitchRow(row)) return { state: { ...state, [row]: !state[row] } };
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

export const runMachine: DialogMachine<RunDialog, RunResult> = {
  key(state, press, ctx) {
    const { name } = press;
    const phase = state.phase;
    switch (phase.kind) {
      case 'form':
        return formKeyPress(state, name, press, ctx);
      case 'missing-image':
        if (name === 'return' || name === 'y') {
          return { state: { ...state, phase: { kind: 'pulling', spec: phase.spec } }, commands: [{ type: 'run-pull', overlay: ctx.overlay, reference: phase.spec.image }] };
        }
        if (name === 'escape' || name === 'n') return { state: { ...state, phase: { kind: 'form' }, error: phase.message } };
        return { state };
      case 'pulling':
        if (name === 'escape') return { state, close: true, notify: { text: `pulling ${phase.spec.image} continues in the Pulls pane` } };
        return { state };
      case 'running':
      case 'exited':
      case 'lost': {
        if (name === 'escape' || (phase.kind !== 'running' && name === 'return')) {
          return { state, close: true, notify: phase.kind === 'running' ? { text: `${shortId(phase.id)} keeps running (only the view was left)` } : undefined };
        }
        const page = outputRows(state, ctx.bodyHeight) - 1;
        const by = name === 'up' || name === 'k' ? 1 : name === 'down' || name === 'j' ? -1 : name === 'pageup' ? page : name === 'pagedown' ? -page : name === 'end' || name === 'G' ? 'end' : undefined;
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
        return {
          state: { ...state, busy: false },
          close: true,
          select: { pane: 'containers', id: result.id },
          // It already exited: only "all" shows it.
          showAll: !result.live,
          notify: { text: `started ${containerLabel(result.name, result.id)}${warned}` },
        };
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
      case 'pulling':
        return phase.kind === 'pulling' ? { state: { ...state, phase: { ...phase, pullId: result.pullId } } } : { state };
      case 'pulled':
        return spec ? start(state, spec, ctx.overlay) : { state };
      case 'pull-failed':
        return { state: { ...state, busy: false, phase: { kind: 'form' }, error: result.message } };
    }
  },
};

/**
 * The run form: image, command, name, TTY and detached first, then the options people copy from
 * a README, each checked as the docker CLI checks it; a pasted `docker run …` line fills it (flags
 * berth does not build are named), and the line it makes is shown and copied with Ctrl-Y. Its
 * state, keys and view, shared by the run dialog (run.ts) and edit and recreate (recreate.ts),
 * which each decide what Enter does.
 */
import type { ImageSummary } from '../../engine/types.ts';
import type { RunSpec } from '../../state/actions/run-container.ts';
import { sanitizeLine } from '../format/index.ts';
import { field } from '../input/field.ts';
import type { KeyContext } from '../keys/keymap.ts';
import { checkRunOptions, type CreateExtras } from '../../state/run-line/create-body.ts';
import { formatRunLine } from '../../state/run-line/format-line.ts';
import { formToOptions, optionsToForm, type FormField, type FormSwitches } from '../../state/run-line/form.ts';
import { emptyOptions, type RunOptions } from '../../state/run-line/options.ts';
import { isRunLine, parseRunLine } from '../../state/run-line/parse-line.ts';
import { editIn, formKey, moveFocus, setValue, values, type Fields } from './form.ts';
import { formContexts, type DialogContext, type DialogKey, type DialogViewContext, type Outcome } from './machine.ts';
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

/** The form's own state: what the run dialog and edit and recreate share. */
export interface RunFormState {
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
}

/** An empty form (`image` prefilled: the command is what is left to type). */
export function blankRunForm(image?: string): RunFormState {
  return {
    fields: fieldsOf(emptyOptions(image ?? '')),
    focus: image ? 1 : 0,
    tty: false,
    detached: false,
    interactive: false,
    rm: false,
    publishAll: false,
    unsupported: [],
    showErrors: false,
    busy: false,
  };
}

/** A form filled with these options (edit and recreate: a container's own), `unsupported` named under it. */
export function filledRunForm(options: RunOptions, unsupported: readonly string[]): RunFormState {
  return { ...fillFromOptions(blankRunForm(), options, unsupported), showErrors: false };
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
function fieldsOf(options: RunOptions): Fields<RunField> {
  const { text } = optionsToForm(options);
  const out = {} as Record<RunField, ReturnType<typeof field>>;
  for (const key of Object.keys(text) as RunField[]) out[key] = field(text[key]);
  return out;
}

function switchesOf(state: RunFormState): FormSwitches {
  return { detach: state.detached, tty: state.tty, interactive: state.interactive, rm: state.rm, publishAll: state.publishAll };
}

/**
 * What the form holds, as options (the line shown under it), each field's problem, and the
 * create request's pieces when there is none.
 */
export function runFormOptions(state: RunFormState): { options: RunOptions; errors: Partial<Record<RunField, string>>; extras?: CreateExtras } {
  const read = formToOptions(values(state.fields), switchesOf(state));
  const checked = checkRunOptions(read.options);
  return { options: read.options, errors: { ...checked.errors, ...read.errors }, ...(checked.extras && { extras: checked.extras }) };
}

/** The `docker run` line the form makes (shown live, copied with Ctrl-Y). */
export function runLine(state: RunFormState): string {
  return formatRunLine(runFormOptions(state).options);
}

/** A pasted or typed `docker run` line into the form; a line that cannot be read changes nothing and says why. */
function fillFromLine<S extends RunFormState>(state: S, text: string): S {
  const parsed = parseRunLine(text);
  if (!parsed.ok) return { ...state, error: `that docker run line: ${parsed.message}` };
  return fillFromOptions(state, parsed.options, parsed.unsupported);
}

function fillFromOptions<S extends RunFormState>(state: S, o: RunOptions, unsupported: readonly string[]): S {
  return {
    ...state,
    fields: fieldsOf(o),
    tty: o.tty,
    detached: o.detach,
    interactive: o.interactive,
    rm: o.rm,
    publishAll: o.publishAll,
    unsupported,
    error: undefined,
    showErrors: true,
    focus: 0,
  };
}
function hasExtras(extras: CreateExtras): boolean {
  return Object.keys(extras.config).length + Object.keys(extras.hostConfig).length + extras.env.length + extras.envFiles.length > 0;
}
/**
 * What the form asks to run, or the form again: a typed run line read into it, or its errors
 * shown with the first wrong field focused.
 */
export function formSpec<S extends RunFormState>(state: S): { ok: true; spec: RunSpec } | { ok: false; state: S } {
  // A line typed (not pasted) into the image field: read it, as a paste would be.
  if (isRunLine(state.fields.image.value)) return { ok: false, state: fillFromLine(state, state.fields.image.value) };
  const image = checkRunImage(values(state.fields).image);
  const { options, errors, extras } = runFormOptions(state);
  const invalid = runRows.find((row) => (row === 'image' ? !image.ok : !isSwitchRow(row) && errors[row] !== undefined));
  if (invalid || !image.ok || !extras) return { ok: false, state: { ...state, showErrors: true, focus: runRows.indexOf(invalid ?? 'image') } };
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
  return { ok: true, spec };
}
/**
 * A key in the form: fields, switches, a pasted line, Ctrl-Y; Enter is `submit`'s (the run
 * dialog runs, edit and recreate recreates).
 */
export function formKeyPress<S extends RunFormState>(state: S, key: DialogKey, ctx: DialogContext, submit: (state: S) => Outcome<S>): Outcome<S> {
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
  if (nav?.kind === 'submit') return submit(state);
  if (nav?.kind === 'move') return { state: { ...state, focus: moveFocus(state.focus, nav.delta, runRows.length) } };
  if (action === 'toggle' && !state.busy && isSwitchRow(row)) return { state: { ...state, [row]: !state[row] } };
  return { state };
}

/** The form's key contexts: the focused row's, Tab between rows, Ctrl-Y for the line. */
export function runFormContexts(state: RunFormState): readonly KeyContext[] {
  return formContexts(state.busy ? 'none' : isSwitchRow(runRows[state.focus] ?? 'image') ? 'toggle' : 'field', runRows.length, ['command-line']);
}

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

const switchText: Record<RunSwitch, (s: RunFormState) => string> = {
  tty: (s) => (s.tty ? 'stdout and stderr merged' : 'stderr shown apart'),
  detached: (s) => (s.detached ? 'start it and select it in the list' : 'show its output here'),
  rm: (s) => (s.rm ? 'removed when it exits' : 'kept when it exits'),
  interactive: (s) => (!s.interactive ? 'no stdin' : s.detached ? 'stdin kept open (-dit: a shell that stays; attach with A)' : 'your terminal is its until it exits (with TTY, Ctrl-P Ctrl-Q detaches)'),
  publishAll: (s) => (s.publishAll ? 'every exposed port on a random host port' : 'only the ports above'),
};
/** The form as the dialog shows it (the run dialog's title and verb; edit and recreate says its own). */
export function runFormView(state: RunFormState, ctx: DialogViewContext): DialogView {
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

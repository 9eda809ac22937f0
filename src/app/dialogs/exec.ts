/**
 * Exec (`x`): any command in the running container, as `docker exec` runs it. The form takes the
 * command (split as a shell splits words, no shell run: handlers see an argv), the user and the
 * working directory, and two switches: a terminal (the command has it until it ends, as `e`'s
 * shell does) or its output captured here with its exit code; and debug, which runs the command
 * (a shell when empty) in a throwaway tools container beside this one instead, sharing its
 * processes and network (state/actions/debug-shell.ts): the way into an image with no shell.
 * The commands typed are remembered per image for the session (Ctrl-N fills the last ones in).
 *
 * A custom action (app/custom) opens this dialog too, with its command already expanded: asked
 * first when it says `confirm`, then run and its output shown the same way.
 *
 *   form ─Enter→ running ─→ exited (output and exit code) ─Enter/Esc→ closed
 *            │terminal: handed over ─back→ closed, a notice says how it ended
 *            └refused: the form again, as typed, with the engine's words
 *   confirm ─y/Enter→ running …
 */
import { DEFAULT_DEBUG_IMAGE } from '../../state/actions/debug-shell.ts';
import { shortId } from '../../state/actions/labels.ts';
import { shellWord } from '../../state/run-line/format-line.ts';
import { checkFreeText, splitCommand } from '../../state/validation.ts';
import type { TargetActions } from '../actions/target-actions.ts';
import type { CustomRun } from '../custom/types.ts';
import { notify, type Command, type ExecReply, type Reduced } from '../commands.ts';
import { plural, sanitizeLine } from '../format/index.ts';
import { field } from '../input/field.ts';
import { editIn, formKey, moveFocus, setValue, values, type Fields } from './form.ts';
import { defineDialog, formContexts, type DialogContext, type DialogKey, type DialogViewContext, type Outcome } from './machine.ts';
import { openDialog } from './open.ts';
import { linesRows, outputBlock, outputContexts, outputHints, outputSearchKey, type DrawLine } from './output-search.ts';
import type { TextSearch } from '../types.ts';
import { formHints, type DialogBlock, type DialogView, type Hint } from './view.ts';

export type ExecField = 'command' | 'user' | 'workdir';
export type ExecSwitch = 'terminal' | 'debug';
export type ExecRow = ExecField | ExecSwitch;
export const execRows: readonly ExecRow[] = ['command', 'user', 'workdir', 'terminal', 'debug'];

export interface ExecRequest {
  type: 'exec';
  containerId: string;
  /** The container's name as the list shows it. */
  name: string;
  /** Its image, the key of the remembered commands. */
  image: string;
  /** Commands run in containers of this image this session, newest first. */
  history: readonly string[];
  /** The debug shell's image (config.json `debugImage`). */
  debugImage: string;
  custom?: Pick<CustomRun, 'name' | 'argv' | 'where' | 'confirm' | 'terminal'>;
}

export type ExecPhase =
  | { kind: 'form' }
  | { kind: 'confirm' }
  /** Running: captured into the output below, or with the terminal handed over. */
  | { kind: 'running'; title: string; terminal: boolean }
  | { kind: 'exited'; title: string; exitCode?: number; error?: string };

export interface ExecDialog extends ExecRequest {
  fields: Fields<ExecField>;
  focus: number;
  terminal: boolean;
  debug: boolean;
  /** Which remembered command Ctrl-N filled in last (-1: none yet). */
  recalled: number;
  showErrors: boolean;
  error?: string;
  phase: ExecPhase;
  /** Output lines held (the handler's buffer), as last reported. */
  output: number;
  /** Lines scrolled back from the end of the output. */
  scrollBack: number;
  /** `/` in the output (output-search.ts). */
  search?: TextSearch;
}

/** An output line as drawn (and searched): stderr marked. */
const drawLine: DrawLine = (line) => (line.stream === 'stderr' ? { text: `! ${sanitizeLine(line.text)}`, tone: 'stderr' } : { text: sanitizeLine(line.text) });

function isSwitch(row: ExecRow): row is ExecSwitch {
  return row === 'terminal' || row === 'debug';
}

const label = (s: Pick<ExecRequest, 'name' | 'containerId'>) => `${sanitizeLine(s.name) || shortId(s.containerId)} (${shortId(s.containerId)})`;

/** The form's values checked: the argv (undefined: a shell), user and directory, or the first problem by row. */
export function checkExec(state: Pick<ExecDialog, 'fields' | 'terminal' | 'debug'>): { ok: true; cmd?: string[]; user?: string; workdir?: string } | { ok: false; row: ExecField; message: string } {
  const v = values(state.fields);
  const cmd = splitCommand(v.command);
  if (!cmd.ok) return { ok: false, row: 'command', message: cmd.message };
  if (!cmd.value && !state.terminal) return { ok: false, row: 'command', message: 'type the command to run (or switch the terminal on for a shell)' };
  const user = checkFreeText('user', v.user.trim());
  if (!user.ok) return { ok: false, row: 'user', message: user.message };
  if (user.value !== undefined && /\s/.test(user.value)) return { ok: false, row: 'user', message: 'a user is name|uid[:group|gid], without spaces' };
  const workdir = checkFreeText('working directory', v.workdir.trim());
  if (!workdir.ok) return { ok: false, row: 'workdir', message: workdir.message };
  if (workdir.value !== undefined && !workdir.value.startsWith('/')) return { ok: false, row: 'workdir', message: 'the working directory is an absolute path (/app)' };
  return { ok: true, cmd: cmd.value, user: user.value, workdir: workdir.value };
}

/** The command a custom action runs, as the dialog starts it. */
function customCommand(request: ExecRequest, custom: Pick<CustomRun, 'argv' | 'where' | 'terminal'>, overlay: number): Command {
  return custom.where === 'host'
    ? { type: 'host-run', overlay, argv: [...custom.argv], ...(custom.terminal && { interactive: true }) }
    : { type: 'exec-run', overlay, containerId: request.containerId, name: request.name, cmd: [...custom.argv], interactive: custom.terminal };
}

/** An argv as a person would type it (quoted where a shell would need it), for titles and questions. */
function commandLine(argv: readonly string[]): string {
  return argv.map(shellWord).join(' ');
}

function customTitle(custom: Pick<CustomRun, 'name' | 'argv'>): string {
  return `${custom.name}: ${commandLine(custom.argv)}`;
}

function startCustom(state: ExecDialog, custom: Pick<CustomRun, 'name' | 'argv' | 'where' | 'terminal'>, overlay: number): Outcome<ExecDialog> {
  return { state: { ...state, phase: { kind: 'running', title: customTitle(custom), terminal: custom.terminal }, output: 0, scrollBack: 0, search: undefined }, commands: [customCommand(state, custom, overlay)] };
}

function submit(state: ExecDialog, overlay: number): Outcome<ExecDialog> {
  const checked = checkExec(state);
  if (!checked.ok) return { state: { ...state, showErrors: true, focus: execRows.indexOf(checked.row) } };
  const { cmd, user, workdir } = checked;
  const typed = state.fields.command.value.trim();
  const what = cmd ? commandLine(cmd) : state.debug ? 'sh' : 'a shell';
  const title = state.debug ? `${what} in a debug container (${state.debugImage}) beside ${label(state)}` : `${what} in ${label(state)}`;
  const command: Command = state.debug
    ? { type: 'debug-run', overlay, containerId: state.containerId, name: state.name, image: state.debugImage, cmd, user, workdir, interactive: state.terminal }
    : // An empty command with a terminal is `e`'s shell.
      { type: 'exec-run', overlay, containerId: state.containerId, name: state.name, cmd, user, workdir, interactive: state.terminal };
  return {
    state: { ...state, error: undefined, showErrors: false, phase: { kind: 'running', title, terminal: state.terminal }, output: 0, scrollBack: 0, search: undefined },
    commands: [command],
    ...(typed !== '' && { remember: { image: state.image, command: typed } }),
  };
}

function formPress(state: ExecDialog, key: DialogKey, ctx: DialogContext): Outcome<ExecDialog> {
  const row = execRows[state.focus] ?? 'command';
  if (!isSwitch(row)) {
    const fields = editIn(state.fields, row, key);
    if (fields) return { state: fields === state.fields ? state : { ...state, fields } };
  }
  if (key.action === 'suggest' && row === 'command' && state.history.length > 0) {
    const recalled = (state.recalled + 1) % state.history.length;
    return { state: { ...state, recalled, fields: setValue<ExecField>(state.fields, 'command', state.history[recalled] ?? '') } };
  }
  const nav = formKey(key);
  if (nav?.kind === 'close') return { state, close: true };
  if (nav?.kind === 'submit') return submit(state, ctx.overlay);
  if (nav?.kind === 'move') return { state: { ...state, focus: moveFocus(state.focus, nav.delta, execRows.length) } };
  if (key.action === 'toggle' && isSwitch(row)) return { state: { ...state, [row]: !state[row] } };
  return { state };
}

/** Rows the output gets inside `bodyHeight`: the frame, title, status and hint take the rest. */
export function execOutputRows(bodyHeight: number): number {
  return Math.max(bodyHeight - 6, 1);
}

function scroll(state: ExecDialog, by: number | 'end', bodyHeight: number): ExecDialog {
  const max = Math.max(state.output - linesRows(execOutputRows(bodyHeight), state.search), 0);
  const scrollBack = by === 'end' ? 0 : Math.min(Math.max(Math.min(state.scrollBack, max) + by, 0), max);
  return scrollBack === state.scrollBack ? state : { ...state, scrollBack };
}

const actions: TargetActions = {
  exec: {
    container: (state, ctx, c) => {
      const image = ctx.engine.containers.items.find((item) => item.Id === c.id)?.Image ?? '';
      if (c.state !== 'running') return notify(state, `${c.shown} is not running: start it first (${ctx.keymap.label('start')})`, 'error');
      return openDialog(state, ctx, exec, { type: 'exec', containerId: c.id, name: c.shown, image, history: state.recent?.[image] ?? [], debugImage: ctx.custom?.debugImage ?? DEFAULT_DEBUG_IMAGE });
    },
  },
};

export const exec = defineDialog<ExecDialog, ExecRequest, ExecReply>({
  id: 'exec',
  changesEngine: true,
  actions,
  runsCustomAction: (state, ctx, run): Reduced =>
    openDialog(state, ctx, exec, {
      type: 'exec',
      containerId: run.id,
      name: run.shown,
      image: run.image,
      history: [],
      debugImage: ctx.custom?.debugImage ?? DEFAULT_DEBUG_IMAGE,
      custom: { name: run.name, argv: run.argv, where: run.where, confirm: run.confirm, terminal: run.terminal },
    }),
  open(request, ctx) {
    const state: ExecDialog = {
      ...request,
      fields: { command: field(), user: field(), workdir: field() },
      focus: 0,
      terminal: false,
      debug: false,
      recalled: -1,
      showErrors: false,
      phase: request.custom?.confirm ? { kind: 'confirm' } : { kind: 'form' },
      output: 0,
      scrollBack: 0,
    };
    return request.custom && !request.custom.confirm ? startCustom(state, request.custom, ctx.overlay) : { state };
  },
  contexts(state) {
    switch (state.phase.kind) {
      case 'form': {
        const row = execRows[state.focus] ?? 'command';
        // Ctrl-N recalls a command only when there is one to recall.
        return isSwitch(row) ? formContexts('toggle', execRows.length) : formContexts('field', execRows.length, row === 'command' && state.history.length > 0 ? ['suggestions'] : []);
      }
      case 'confirm':
        return ['confirm', 'dialog'];
      case 'running':
        return state.phase.terminal ? ['dialog'] : outputContexts(state, ['output', 'dialog']);
      case 'exited':
        return outputContexts(state, ['output', 'dialog']);
    }
  },
  key(state, key, ctx) {
    const { action } = key;
    switch (state.phase.kind) {
      case 'form':
        return formPress(state, key, ctx);
      case 'confirm':
        if ((action === 'yes' || action === 'submit') && state.custom) return startCustom(state, state.custom, ctx.overlay);
        if (action === 'no' || action === 'cancel') return { state, close: true };
        return { state };
      case 'running':
      case 'exited': {
        const searched = outputSearchKey(state, key, ctx, execOutputRows(ctx.bodyHeight), drawLine);
        if (searched) return searched;
        if (action === 'cancel' || action === 'submit') {
          const running = state.phase.kind === 'running' && !state.phase.terminal;
          return { state, close: true, ...(running && { notify: { text: `stopped watching ${state.phase.title} (it may still be running)` } }) };
        }
        const page = linesRows(execOutputRows(ctx.bodyHeight), state.search) - 1;
        const by = action === 'up' ? 1 : action === 'down' ? -1 : action === 'page-up' ? page : action === 'page-down' ? -page : action === 'bottom' ? 'end' : action === 'top' ? state.output : undefined;
        return { state: by === undefined ? state : scroll(state, by, ctx.bodyHeight) };
      }
    }
  },
  result(state, result) {
    const { phase } = state;
    switch (result.kind) {
      case 'output':
        return { state: { ...state, output: result.lines } };
      case 'exited':
        return phase.kind === 'running' ? { state: { ...state, phase: { kind: 'exited', title: phase.title, exitCode: result.exitCode } } } : { state };
      case 'failed':
        if (phase.kind !== 'running') return { state };
        // Nothing ran and there is a form: back to it, as typed, with the engine's words.
        if (!state.custom && state.output === 0) return { state: { ...state, phase: { kind: 'form' }, error: result.message } };
        return { state: { ...state, phase: { kind: 'exited', title: phase.title, error: result.message } } };
      case 'handed-back':
        return { state, close: true, notify: { text: result.text, tone: result.tone } };
    }
  },
  view: execView,
});

const placeholders: Record<ExecField, string> = {
  command: 'e.g. ls -l /  ·  quotes work: sh -c \'ps; df\'',
  user: "the container's user; name|uid[:group|gid]",
  workdir: "the container's; an absolute path",
};

const rowLabels: Record<ExecRow, string> = { command: 'command', user: 'user -u', workdir: 'workdir -w', terminal: 'terminal', debug: 'debug' };

function switchText(state: ExecDialog, row: ExecSwitch): string {
  if (row === 'terminal') return state.terminal ? 'your terminal is the command’s until it ends (empty: a shell)' : 'output captured here, with its exit code';
  return state.debug
    ? `a throwaway ${state.debugImage} container beside it, sharing its processes and network (its files: /proc/1/root); removed when it ends`
    : 'in the container itself';
}

function outputView(state: ExecDialog, phase: Extract<ExecPhase, { kind: 'running' | 'exited' }>, ctx: DialogViewContext): DialogView {
  const captured = !(phase.kind === 'running' && phase.terminal);
  const { block, below } = outputBlock(state, ctx, execOutputRows(ctx.height), drawLine, phase.kind === 'running' ? '(no output yet)' : '(no output)');
  const blocks: DialogBlock[] = [];
  if (phase.kind === 'running') blocks.push({ kind: 'busy', text: phase.terminal ? 'the terminal is the command’s…' : 'running…' });
  else if (phase.error !== undefined) blocks.push({ kind: 'text', tone: 'error', wrap: 'wrap', text: sanitizeLine(phase.error) });
  else if (phase.exitCode === undefined) blocks.push({ kind: 'text', tone: 'muted', text: 'ended (the engine did not say with which code)' });
  else blocks.push({ kind: 'text', tone: phase.exitCode === 0 ? 'success' : 'error', bold: true, text: `exited with code ${phase.exitCode}` });
  if (captured) blocks.push(block);
  const hints: Hint[] = [
    { action: ['submit', 'cancel'], text: phase.kind === 'running' ? 'stop watching' : 'close' },
    { action: ['up', 'down', 'page-up', 'page-down'], text: 'scroll' },
    ...(below > 0 ? [{ action: 'bottom' as const, text: `${plural(below, 'line')} below` }] : []),
  ];
  return { title: sanitizeLine(phase.title), width: 'wide', blocks, hints: captured ? outputHints(state.search, hints) : hints };
}

function execView(state: ExecDialog, ctx: DialogViewContext): DialogView {
  const { phase } = state;
  if (phase.kind === 'running' || phase.kind === 'exited') return outputView(state, phase, ctx);
  if (phase.kind === 'confirm') {
    const custom = state.custom;
    return {
      title: `${sanitizeLine(custom?.name ?? '')}?`,
      width: 'form',
      blocks: [
        { kind: 'text', wrap: 'wrap', text: `Run ${custom?.where === 'container' ? `in ${label(state)}` : 'on this machine'}:` },
        { kind: 'text', tone: 'accent', wrap: 'wrap', text: sanitizeLine(commandLine(custom?.argv ?? [])) },
      ],
      hints: [{ action: ['yes', 'submit'], text: 'runs it' }, { action: ['no', 'cancel'], text: 'does not' }],
    };
  }
  const checked = checkExec(state);
  const problem = state.showErrors && !checked.ok ? checked : undefined;
  const row = execRows[state.focus];
  const blocks: DialogBlock[] = execRows.map((key) =>
    isSwitch(key)
      ? { kind: 'toggle', label: rowLabels[key], on: state[key], focused: row === key, description: switchText(state, key) }
      : { kind: 'field', label: rowLabels[key], field: state.fields[key], focused: row === key, placeholder: placeholders[key], message: problem?.row === key ? problem.message : undefined },
  );
  if (state.history.length > 0) blocks.push({ kind: 'text', tone: 'muted', wrap: 'truncate', text: sanitizeLine(`recent: ${state.history.join(' · ')}`) });
  return {
    title: `Run a command in ${label(state)}`,
    width: 'form',
    blocks,
    error: state.error,
    focus: state.focus,
    hints: formHints('run', execRows.length, [
      { action: 'toggle', text: 'switches' },
      ...(state.history.length > 0 && row === 'command' ? [{ action: 'suggest' as const, text: 'the last commands' }] : []),
    ]),
  };
}

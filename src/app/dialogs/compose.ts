/**
 * Compose (`Z`) on a Compose project's row or one of its containers: the project (or that
 * service) up, down, pull, build, restart or recreate through the user's own compose CLI, with
 * profiles, the CLI's output shown as it comes and its exit status at the end. berth never reads
 * the compose files: it hands the CLI the directory and files the project's labels name, and
 * says so when those are not on this machine (a remote engine) or when there is no compose CLI.
 *
 *   choose ─Enter→ running (output streams) → ended ─Enter→ choose
 *
 * Enter always starts the run and the work (handlers/compose.ts) says what stops it (no CLI,
 * files not here) in its place: what Enter does never depends on whether the look-up for the
 * CLI, which only informs the choice, has answered yet, so keys typed together do what they do
 * typed slowly. Leaving the view (or berth) does not stop the CLI.
 */
import { COMPOSE_VERBS, composeArgs, parseProfiles, type ComposeScope, type ComposeVerb } from '../../state/compose/args.ts';
import { notHere, projectOf, SERVICE_LABEL, type ComposeProject } from '../../state/compose/project.ts';
import type { TargetActions } from '../actions/target-actions.ts';
import { notify, type ComposeReply } from '../commands.ts';
import type { UiContext } from '../context.ts';
import { plural, sanitizeLine } from '../format/index.ts';
import { field } from '../input/field.ts';
import { editIn, moveFocus, type Fields } from './form.ts';
import { defineDialog, formContexts, type DialogContext, type DialogKey, type DialogViewContext, type Outcome } from './machine.ts';
import { openDialog } from './open.ts';
import { linesRows, outputBlock, outputContexts, outputHints, outputSearchKey, type DrawLine } from './output-search.ts';
import type { DialogBlock, DialogView } from './view.ts';
import type { AppState, TextSearch } from '../types.ts';

export interface ComposeRequest {
  type: 'compose';
  project: ComposeProject;
  service?: string;
}

export type ComposeProbe = { kind: 'probing' } | { kind: 'ready'; cli: string; version: string } | { kind: 'unusable'; reason: string };

export type ComposePhase =
  | { kind: 'choose' }
  | { kind: 'running'; verb: ComposeVerb; line?: string }
  | { kind: 'ended'; verb: ComposeVerb; line?: string; code: number | null; signal: string | null; error?: string };

export interface ComposeDialog extends ComposeRequest {
  probe: ComposeProbe;
  /** The project's paths that are not on this machine. */
  missing: readonly string[];
  /** The focused row: the profiles field (0), or a verb (1…6). */
  focus: number;
  /** The verb Enter runs: the last one focused. */
  verb: ComposeVerb;
  fields: Fields<'profiles'>;
  phase: ComposePhase;
  error?: string;
  /** Output lines held (the handler's buffer), as last reported; lines scrolled back from its end. */
  output: number;
  scrollBack: number;
  /** `/` in the output (output-search.ts). */
  search?: TextSearch;
}

/** An output line as drawn (and searched): compose writes its progress to stderr, so both are shown alike. */
const drawLine: DrawLine = (line) => ({ text: sanitizeLine(line.text) });

/** The profiles come first: typed, then the verb chosen below them and run. */
const PROFILES_ROW = 0;
const ROWS = COMPOSE_VERBS.length + 1;
const verbAt = (row: number): ComposeVerb | undefined => COMPOSE_VERBS[row - 1];

const what: Record<ComposeVerb, (service: boolean) => string> = {
  up: () => 'create and start what is not running (up -d)',
  down: (service) => (service ? 'stop and remove its containers (rm -s -f)' : 'stop and remove its containers and networks (down)'),
  pull: () => 'pull its images, progress as the CLI writes it (pull)',
  build: () => 'build its images, then up (up -d --build)',
  restart: () => 'restart its containers (restart)',
  recreate: () => 'new containers even if nothing changed (up -d --force-recreate)',
};

function labelsOf(ctx: UiContext, id: string): Readonly<Record<string, string>> | undefined {
  return ctx.engine.containers.items.find((c) => c.Id === id)?.Labels;
}

function open(state: AppState, ctx: UiContext, labels: Readonly<Record<string, string>> | undefined, service?: string) {
  const project = projectOf(labels);
  if (!project) return notify(state, 'not part of a Compose project (no com.docker.compose.project label)', 'error');
  return openDialog(state, ctx, compose, { type: 'compose', project, ...(service && { service }) });
}

const actions: TargetActions = {
  compose: {
    // The project's labels are alike on every container; the first listed one's are used.
    project: (state, ctx, p) => open(state, ctx, p.members.map((m) => labelsOf(ctx, m.id)).find((l) => l !== undefined)),
    container: (state, ctx, c) => {
      const labels = labelsOf(ctx, c.id);
      return open(state, ctx, labels, labels?.[SERVICE_LABEL] || undefined);
    },
  },
};

function scopeOf(state: ComposeDialog): ComposeScope {
  return { project: state.project, ...(state.service !== undefined && { service: state.service }), profiles: parseProfiles(state.fields.profiles.value) };
}

function start(state: ComposeDialog, ctx: DialogContext): Outcome<ComposeDialog> {
  return {
    state: { ...state, error: undefined, phase: { kind: 'running', verb: state.verb }, output: 0, scrollBack: 0, search: undefined },
    commands: [{ type: 'compose-run', overlay: ctx.overlay, verb: state.verb, scope: scopeOf(state) }],
  };
}

export function outputRows(bodyHeight: number): number {
  return Math.max(bodyHeight - 6, 1);
}

function scroll(state: ComposeDialog, by: number | 'end', bodyHeight: number): ComposeDialog {
  const max = Math.max(state.output - linesRows(outputRows(bodyHeight), state.search), 0);
  const scrollBack = by === 'end' ? 0 : Math.min(Math.max(Math.min(state.scrollBack, max) + by, 0), max);
  return scrollBack === state.scrollBack ? state : { ...state, scrollBack };
}

function chooseKey(state: ComposeDialog, key: DialogKey, ctx: DialogContext): Outcome<ComposeDialog> {
  switch (key.action) {
    case 'cancel':
      return { state, close: true };
    case 'submit':
      return start(state, ctx);
    case 'next-field':
    case 'prev-field': {
      const focus = moveFocus(state.focus, key.action === 'next-field' ? 1 : -1, ROWS);
      return { state: { ...state, focus, verb: verbAt(focus) ?? state.verb } };
    }
    default: {
      if (state.focus !== PROFILES_ROW) return { state };
      const fields = editIn(state.fields, 'profiles', key);
      return { state: fields && fields !== state.fields ? { ...state, fields } : state };
    }
  }
}

function outputKey(state: ComposeDialog, key: DialogKey, ctx: DialogContext): Outcome<ComposeDialog> {
  const searched = outputSearchKey(state, key, ctx, outputRows(ctx.bodyHeight), drawLine);
  if (searched) return searched;
  const { action } = key;
  const { phase } = state;
  if (action === 'cancel' || (action === 'submit' && phase.kind === 'running')) {
    return { state, close: true, notify: phase.kind === 'running' ? { text: `${verbLine(state, phase.verb)} goes on (only the view was left)` } : undefined };
  }
  if (action === 'submit') return { state: { ...state, phase: { kind: 'choose' } } };
  const page = linesRows(outputRows(ctx.bodyHeight), state.search) - 1;
  const by = action === 'up' ? 1 : action === 'down' ? -1 : action === 'page-up' ? page : action === 'page-down' ? -page : action === 'bottom' ? 'end' : action === 'top' ? state.output : undefined;
  return { state: by === undefined ? state : scroll(state, by, ctx.bodyHeight) };
}

/** "up of project shop", "pull of service web (shop)". */
function verbLine(state: ComposeRequest, verb: ComposeVerb): string {
  const project = sanitizeLine(state.project.name);
  return `${verb} of ${state.service !== undefined ? `service ${sanitizeLine(state.service)} (${project})` : `project ${project}`}`;
}

export const compose = defineDialog<ComposeDialog, ComposeRequest, ComposeReply>({
  id: 'compose',
  changesEngine: true,
  actions,
  open: (request, ctx) => ({
    state: { ...request, probe: { kind: 'probing' }, missing: [], focus: 1, verb: 'up', fields: { profiles: field() }, phase: { kind: 'choose' }, output: 0, scrollBack: 0 },
    commands: [{ type: 'compose-probe', overlay: ctx.overlay, project: request.project }],
  }),
  contexts(state) {
    if (state.phase.kind !== 'choose') return outputContexts(state, ['output', 'dialog']);
    return state.focus === PROFILES_ROW ? formContexts('field', ROWS) : ['form', 'dialog'];
  },
  key: (state, key, ctx) => (state.phase.kind === 'choose' ? chooseKey(state, key, ctx) : outputKey(state, key, ctx)),
  result(state, result): Outcome<ComposeDialog> {
    const { phase } = state;
    switch (result.kind) {
      case 'compose-probed': {
        const probe: ComposeProbe = result.cli !== undefined ? { kind: 'ready', cli: result.cli.label, version: result.cli.version } : { kind: 'unusable', reason: result.reason ?? 'no compose CLI' };
        return { state: { ...state, probe, missing: result.missing } };
      }
      case 'compose-started':
        return phase.kind === 'running' ? { state: { ...state, phase: { ...phase, line: result.line } } } : { state };
      case 'compose-output':
        return { state: { ...state, output: result.lines } };
      case 'compose-exited':
        return phase.kind === 'running' ? { state: { ...state, phase: { ...phase, kind: 'ended', code: result.code, signal: result.signal } } } : { state };
      case 'compose-failed':
        return phase.kind === 'running' ? { state: { ...state, phase: { ...phase, kind: 'ended', code: null, signal: null, error: result.message } } } : { state: { ...state, error: result.message } };
    }
  },
  view: (state, ctx) => (state.phase.kind === 'choose' ? chooseView(state) : outputView(state, state.phase, ctx)),
});

function title(state: ComposeRequest): string {
  const project = sanitizeLine(state.project.name);
  return state.service !== undefined ? `Compose service ${sanitizeLine(state.service)} of ${project}` : `Compose project ${project}`;
}

function chooseView(state: ComposeDialog): DialogView {
  const { project } = state;
  const blocks: DialogBlock[] = [
    { kind: 'text', tone: 'muted', wrap: 'middle', text: `dir: ${sanitizeLine(project.workingDir ?? '(no working_dir label: the CLI’s own directory)')}` },
    { kind: 'text', tone: 'muted', wrap: 'wrap', text: `files: ${project.configFiles.length > 0 ? sanitizeLine(project.configFiles.join(', ')) : '(no config_files label: the directory’s default)'}` },
  ];
  if (state.probe.kind === 'probing') blocks.push({ kind: 'busy', text: 'looking for the compose CLI…' });
  else if (state.probe.kind === 'ready') blocks.push({ kind: 'text', tone: 'muted', text: `through ${sanitizeLine(`${state.probe.cli} ${state.probe.version}`)}` });
  else blocks.push({ kind: 'text', tone: 'error', wrap: 'wrap', text: sanitizeLine(state.probe.reason) });
  if (state.missing.length > 0) blocks.push({ kind: 'text', tone: 'warning', wrap: 'wrap', text: `⚠ ${sanitizeLine(notHere(state.missing))}` });
  blocks.push({ kind: 'field', label: 'profiles', field: state.fields.profiles, focused: state.focus === PROFILES_ROW, placeholder: '--profile for each: names, spaces or commas between' });
  // A verb row is drawn as a switch: the one Enter runs is on.
  COMPOSE_VERBS.forEach((verb, i) => blocks.push({ kind: 'toggle', label: verb, on: state.verb === verb, focused: state.focus === i + 1, description: what[verb](state.service !== undefined) }));
  const args = composeArgs(state.verb, scopeOf(state)).map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a}'`));
  blocks.push({ kind: 'text', tone: 'muted', wrap: 'middle', text: sanitizeLine(`${state.probe.kind === 'ready' ? state.probe.cli : 'compose'} ${args.join(' ')}`) });
  return {
    title: title(state),
    width: 'form',
    blocks,
    error: state.error,
    focus: state.focus,
    hints: [{ action: 'submit', text: state.verb }, { action: ['next-field', 'prev-field'], text: 'choose' }, { action: 'cancel', text: 'cancel' }],
  };
}

function outputView(state: ComposeDialog, phase: Exclude<ComposePhase, { kind: 'choose' }>, ctx: DialogViewContext): DialogView {
  const { block, below } = outputBlock(state, ctx, outputRows(ctx.height), drawLine, phase.kind === 'running' ? '(no output yet)' : '(no output)');
  const blocks: DialogBlock[] = [{ kind: 'text', tone: 'muted', wrap: 'middle', text: sanitizeLine(phase.line ?? '') }];
  if (phase.kind === 'running') blocks.push({ kind: 'busy', text: `${verbLine(state, phase.verb)}…` });
  else if (phase.error !== undefined) blocks.push({ kind: 'text', tone: 'error', wrap: 'wrap', text: sanitizeLine(phase.error) });
  else if (phase.code !== null) blocks.push({ kind: 'text', tone: phase.code === 0 ? 'success' : 'error', bold: true, text: `${verbLine(state, phase.verb)}: exited with code ${phase.code}` });
  else blocks.push({ kind: 'text', tone: 'error', bold: true, text: `${verbLine(state, phase.verb)}: ended by ${phase.signal ?? 'a signal'}` });
  blocks.push(block);
  return {
    title: title(state),
    width: 'wide',
    blocks,
    hints: outputHints(state.search, [
      ...(phase.kind === 'running' ? [{ action: ['submit', 'cancel'] as const, text: 'leave it running' }] : [{ action: 'submit' as const, text: 'back to the actions' }, { action: 'cancel' as const, text: 'close' }]),
      { action: ['up', 'down', 'page-up', 'page-down'], text: 'scroll' },
      ...(below > 0 ? [{ action: 'bottom' as const, text: `${plural(below, 'line')} below` }] : []),
    ]),
  };
}

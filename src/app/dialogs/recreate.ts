/**
 * Edit and recreate (`U`): the run form, filled from the container's inspect (less what its
 * image sets; what the form cannot rebuild is named under it), then a step list as the work goes:
 *
 *   loading ─loaded→ form ─Enter→ working (each step as it happens) ─done→ closed, the new one selected
 *      │                                                           └rolled back | stuck→ finished (why, and what is left)
 *      └a Compose service's container→ compose (recreated through `compose up --force-recreate`)
 *
 * The form's name decides: the container's own name replaces it (stop, rename aside, create,
 * start, check, remove the old one; rolled back when the new one fails), another name runs the
 * new one beside it. The work is handlers/recreate.ts; this file only decides.
 */
import type { RecreateStep, RecreateStepName } from '../../state/actions/recreate.ts';
import type { ComposeScope } from '../../state/compose/args.ts';
import { asideName, RUN_WINDOW_MS } from '../../state/actions/recreate.ts';
import type { TargetActions } from '../actions/target-actions.ts';
import type { ComposeReply, RecreateReply } from '../commands.ts';
import { sanitizeLine } from '../format/index.ts';
import { values } from './form.ts';
import { defineDialog, type DialogViewContext, type Outcome } from './machine.ts';
import { openDialog } from './open.ts';
import { filledRunForm, formKeyPress, formSpec, runFormContexts, runFormView, type RunFormState } from './run-form.ts';
import type { DialogBlock, DialogView, Hint } from './view.ts';

export interface RecreateRequest {
  type: 'recreate';
  id: string;
  name: string;
}

export type RecreatePhase =
  | { kind: 'loading' }
  | { kind: 'load-failed'; message: string }
  /**
   * A Compose service's container: Enter runs the compose CLI's recreate of that service
   * (`compose` then says how it is going: started, its exit); Z shows the CLI's whole output.
   */
  | { kind: 'compose'; project: string; service: string; workingDir?: string; scope?: ComposeScope; compose?: { line?: string; ended?: string; ok?: boolean } }
  | { kind: 'form' }
  | { kind: 'working' }
  | { kind: 'finished'; ok: boolean; text: string };

export interface RecreateDialog {
  type: 'recreate';
  id: string;
  name: string;
  running: boolean;
  phase: RecreatePhase;
  /** The run form, once the container has been read into it. */
  form?: RunFormState;
  /** Whether the attempt under way replaces the old container (else it runs beside it). */
  replace: boolean;
  steps: readonly RecreateStep[];
}

/** Whether the form, as it stands, replaces the container: it keeps the container's name. */
export function replaces(state: RecreateDialog): boolean {
  return state.form !== undefined && values(state.form.fields).name.trim() === state.name;
}

const actions: TargetActions = {
  recreate: { container: (state, ctx, c) => openDialog(state, ctx, recreate, { type: 'recreate', id: c.id, name: c.name }) },
};

/** The latest report of each step, in the order they first came. */
function withStep(steps: readonly RecreateStep[], step: RecreateStep): RecreateStep[] {
  const at = steps.findIndex((s) => s.step === step.step);
  if (at < 0) return [...steps, step];
  // A check that said something while running keeps saying it when it is done.
  const detail = step.detail ?? (step.status === 'done' ? steps[at]?.detail : undefined);
  return steps.map((s, i) => (i === at ? { ...step, ...(detail !== undefined && { detail }) } : s));
}

export const recreate = defineDialog<RecreateDialog, RecreateRequest, RecreateReply | ComposeReply>({
  id: 'recreate',
  changesEngine: true,
  actions,
  open: (request, ctx) => ({
    state: { type: 'recreate', id: request.id, name: request.name, running: false, phase: { kind: 'loading' }, replace: true, steps: [] },
    commands: [{ type: 'recreate-load', overlay: ctx.overlay, containerId: request.id }],
  }),
  contexts(state) {
    if (state.phase.kind === 'form' && state.form) return runFormContexts(state.form);
    return ['dialog'];
  },
  key(state, key, ctx): Outcome<RecreateDialog> {
    const { phase, form } = state;
    if (phase.kind === 'compose' && phase.scope && phase.compose === undefined && key.action === 'submit') {
      return {
        state: { ...state, phase: { ...phase, compose: {} } },
        commands: [{ type: 'compose-run', overlay: ctx.overlay, verb: 'recreate', scope: phase.scope }],
      };
    }
    if (phase.kind === 'compose' && phase.compose !== undefined && phase.compose.ended === undefined) {
      // The CLI runs on without the dialog (state/compose/run.ts): Esc leaves it running.
      return key.action === 'cancel' ? { state, close: true } : { state };
    }
    if (phase.kind !== 'form' || !form) {
      // Leaving while the steps run lets them finish (the status bar says how).
      if (key.action === 'cancel' || (key.action === 'submit' && phase.kind !== 'working')) return { state, close: true };
      return { state };
    }
    if (key.action === 'submit') {
      const read = formSpec(form);
      if (!read.ok) return { state: { ...state, form: read.state } };
      const replace = replaces(state);
      const spec = { ...read.spec, detached: true };
      return {
        state: { ...state, phase: { kind: 'working' }, replace, steps: [], form: { ...form, error: undefined } },
        commands: [{ type: 'recreate-run', overlay: ctx.overlay, old: { id: state.id, name: state.name, running: state.running }, spec, replace }],
      };
    }
    const outcome = formKeyPress(form, key, ctx, (s) => ({ state: s }));
    return { ...outcome, state: { ...state, form: outcome.state } };
  },
  result(state, result): Outcome<RecreateDialog> {
    switch (result.kind) {
      case 'loaded':
        return { state: { ...state, running: result.running, phase: { kind: 'form' }, form: filledRunForm(result.options, result.notRebuilt) } };
      case 'compose':
        return { state: { ...state, phase: { kind: 'compose', project: result.project, service: result.service, workingDir: result.workingDir, ...(result.scope && { scope: result.scope }) } } };
      case 'compose-started':
      case 'compose-output':
      case 'compose-exited':
      case 'compose-failed':
      case 'compose-probed':
        return composeResult(state, result);
      case 'load-failed':
        return { state: { ...state, phase: { kind: 'load-failed', message: result.message } } };
      case 'step':
        return { state: { ...state, steps: withStep(state.steps, result.step) } };
      case 'finished': {
        const { outcome } = result;
        const name = state.form ? values(state.form.fields).name.trim() || state.name : state.name;
        if (outcome.kind === 'done') {
          const text = state.replace ? `replaced ${name}` : `${name} runs beside ${state.name}`;
          return { state, close: true, reveal: { kind: 'container', id: outcome.id }, notify: { text: outcome.note ? `${text} (${outcome.note})` : text } };
        }
        const text = outcome.kind === 'rolled-back' ? `rolled back: ${outcome.reason}. ${state.name} is back as it was.` : `${outcome.reason}. Left: ${outcome.state}.`;
        return { state: { ...state, phase: { kind: 'finished', ok: false, text } } };
      }
    }
  },
  view: recreateView,
});

/** How the compose CLI's recreate of the service is going. */
function composeResult(state: RecreateDialog, result: ComposeReply): Outcome<RecreateDialog> {
  const { phase } = state;
  if (phase.kind !== 'compose' || phase.compose === undefined) return { state };
  const at = (compose: NonNullable<typeof phase.compose>) => ({ state: { ...state, phase: { ...phase, compose } } });
  switch (result.kind) {
    case 'compose-started':
      return at({ ...phase.compose, line: result.line });
    case 'compose-exited': {
      const ok = result.code === 0;
      return at({ ...phase.compose, ok, ended: ok ? 'recreated: the compose CLI exited with code 0' : `the compose CLI exited with ${result.code !== null ? `code ${result.code}` : `signal ${result.signal ?? '?'}`} (Z shows its output)` });
    }
    case 'compose-failed':
      return at({ ...phase.compose, ok: false, ended: result.message });
    default:
      return { state };
  }
}

const stepText: Record<RecreateStepName, (s: RecreateDialog, aside: string) => string> = {
  'stop-old': (s) => `stop ${s.name}`,
  'rename-old': (s, aside) => `rename ${s.name} aside to ${aside}`,
  create: () => 'create the new container',
  start: () => 'start it',
  check: () => `check that it still runs ${RUN_WINDOW_MS / 1000} s after its start (and its health check, if any)`,
  'remove-old': (_s, aside) => `remove the old container (${aside}), its volumes kept`,
  'remove-new': () => 'roll back: remove the new container',
  'rename-back': (s) => `roll back: rename the old one back to ${s.name}`,
  'start-old': (s) => `start ${s.name} again`,
};

const mark: Record<RecreateStep['status'], string> = { doing: '…', done: '✓', failed: '✗' };

function stepBlocks(state: RecreateDialog): DialogBlock[] {
  const aside = asideName(state.name, state.id);
  return state.steps.map((s) => ({
    kind: 'text',
    tone: s.status === 'failed' ? 'error' : s.status === 'done' ? 'success' : undefined,
    wrap: 'wrap',
    text: sanitizeLine(`${mark[s.status]} ${stepText[s.step](state, aside)}${s.detail ? `: ${s.detail}` : ''}`),
  }));
}

function recreateView(state: RecreateDialog, ctx: DialogViewContext): DialogView {
  const title = `Edit and recreate ${sanitizeLine(state.name)}`;
  const close: Hint[] = [{ action: ['submit', 'cancel'], text: 'close' }];
  const { phase } = state;
  switch (phase.kind) {
    case 'loading':
      return { title, width: 'form', blocks: [{ kind: 'busy', text: `reading ${sanitizeLine(state.name)} and its image…` }], hints: [{ action: 'cancel', text: 'cancel' }] };
    case 'load-failed':
      return { title, width: 'form', blocks: [], error: phase.message, hints: close };
    case 'compose': {
      const where = phase.workingDir ? ` in ${sanitizeLine(phase.workingDir)}` : '';
      return {
        title,
        width: 'form',
        blocks: [
          { kind: 'text', wrap: 'wrap', text: sanitizeLine(`${state.name} is service ${phase.service} of the Compose project ${phase.project}: its definition is the project's compose file, so compose recreates it.`) },
          { kind: 'text', tone: 'muted', wrap: 'wrap', text: sanitizeLine(phase.compose?.line ?? `docker compose -p ${phase.project} up -d --force-recreate ${phase.service}${where ? `  (run${where})` : ''}`) },
          ...(phase.compose === undefined ? [] : phase.compose.ended === undefined ? [{ kind: 'busy' as const, text: 'compose recreates it… (Esc leaves; it runs on)' }] : [{ kind: 'text' as const, tone: phase.compose.ok ? ('success' as const) : ('error' as const), wrap: 'wrap' as const, text: sanitizeLine(phase.compose.ended) }]),
        ],
        hints: phase.scope && phase.compose === undefined ? [{ action: 'submit', text: 'recreate it with compose' }, { action: 'cancel', text: 'close' }] : close,
      };
    }
    case 'working':
    case 'finished': {
      const what = state.replace ? `replacing ${state.name}` : `running the new container beside ${state.name}`;
      const blocks: DialogBlock[] = [{ kind: 'text', bold: true, text: sanitizeLine(what) }, ...stepBlocks(state)];
      if (phase.kind === 'working') blocks.push({ kind: 'busy', text: 'working… (Esc leaves; the steps finish)' });
      return { title, width: 'form', blocks, ...(phase.kind === 'finished' && { error: sanitizeLine(phase.text) }), hints: phase.kind === 'working' ? [{ action: 'cancel', text: 'leave (the steps finish)' }] : close };
    }
    case 'form': {
      const form = state.form;
      if (!form) return { title, width: 'form', blocks: [], hints: close };
      const view = runFormView(form, ctx);
      const replace = replaces(state);
      const mode: DialogBlock = {
        kind: 'text',
        tone: 'accent',
        wrap: 'wrap',
        text: sanitizeLine(
          replace
            ? `Same name: replaces ${state.name} (stop, rename aside, create, start, remove the old one; rolled back if the new one fails). Another name runs it beside.`
            : `Another name: runs beside ${state.name}, which is left as it is. Its own name replaces it.`,
        ),
      };
      const hints = view.hints.map((h) => ('action' in h && h.action === 'submit' ? { ...h, text: replace ? 'replace' : 'run beside' } : h));
      return { ...view, title, blocks: [mode, ...view.blocks], hints };
    }
  }
}

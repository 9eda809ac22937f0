/**
 * Run (`r`): image, command, name, TTY and detached first, then the options people copy from a
 * README (ports, environment, volumes and mounts, --rm, restart, network, workdir, user,
 * entrypoint, labels, env files, hostname, memory, CPUs, -i, -P), all checked as the docker CLI
 * checks them before anything is sent. A pasted `docker run …` line fills the form (flags berth
 * does not build are named, never dropped silently), and the line the form makes is shown and
 * copied with Ctrl-Y. Then
 * the workflow `docker run` goes through, as a state machine (the form itself is run-form.ts):
 *
 *   form ─Enter→ (create → wait → start) ─detached→ closed, the new container selected
 *                        │                └foreground→ running (output streams) → exited | lost
 *                        └404 no such image→ missing-image ─Enter→ pulling ─done→ (create …)
 *
 * Whatever goes wrong before the container runs, the form comes back with every field as typed
 * and the engine's words. The work itself is handlers/run.ts; this file only decides.
 */
import { formDialogWidth } from './width.ts';
import { parseImageReference } from '../../engine/reference.ts';
import { containerLabel, shortId } from '../../state/actions/labels.ts';
import type { RunSpec } from '../../state/actions/run-container.ts';
import { pullTotals, type PullState } from '../../state/pulls/pull-reducer.ts';
import type { TargetActions } from '../actions/target-actions.ts';
import type { RunReply } from '../commands.ts';
import { formatBytesPair, formatRate, plural, sanitizeLine, truncate } from '../format/index.ts';
import { defineDialog, type DialogViewContext, type Outcome } from './machine.ts';
import { openDialog } from './open.ts';
import { linesRows, outputBlock, outputContexts, outputHints, outputSearchKey, type DrawLine } from './output-search.ts';
import { blankRunForm, formKeyPress, formSpec, runFormContexts, runFormView, type RunFormState } from './run-form.ts';
import { checkRunImage } from '../../state/validation.ts';
import type { DialogBlock, DialogView } from './view.ts';
import type { TextSearch } from '../types.ts';

// What tests and the UI read of the form, from where they always did.
export { completion, isSwitchRow, localTags, runFormOptions, runLine, runRows, type RunField, type RunRow, type RunSwitch } from './run-form.ts';

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

export interface RunDialog extends RunFormState {
  type: 'run';
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
  /** `/` in the output (output-search.ts). */
  search?: TextSearch;
}

/** Rows the output gets inside `bodyHeight` (its search's line included): the frame, title, status and hint take the rest. */
export function outputRows(state: RunDialog, bodyHeight: number): number {
  return Math.max(bodyHeight - 7 - Math.min(state.warnings.length, 3), 1);
}

/** An output line as drawn (and searched): stderr marked. */
const drawLine: DrawLine = (line) => (line.stream === 'stderr' ? { text: `! ${sanitizeLine(line.text)}`, tone: 'stderr' } : { text: sanitizeLine(line.text) });

function openRun(request: RunRequest): RunDialog {
  return { type: 'run', ...blankRunForm(request.image), phase: { kind: 'form' }, started: false, warnings: [], output: 0, scrollBack: 0 };
}

function start(state: RunDialog, spec: RunSpec, overlay: number): Outcome<RunDialog> {
  const next: RunDialog = { ...state, busy: true, error: undefined, attempt: spec, created: undefined, started: false, warnings: [], output: 0, scrollBack: 0, search: undefined };
  return { state: next, commands: [{ type: 'run-create', overlay, spec }] };
}

function submit(state: RunDialog, overlay: number): Outcome<RunDialog> {
  if (state.busy) return { state };
  const read = formSpec(state);
  return read.ok ? start(state, read.spec, overlay) : { state: read.state };
}

function scroll(state: RunDialog, by: number | 'end', bodyHeight: number): RunDialog {
  const max = Math.max(state.output - linesRows(outputRows(state, bodyHeight), state.search), 0);
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
  changesEngine: true,
  actions,
  open: (request) => ({ state: openRun(request) }),
  contexts(state) {
    switch (state.phase.kind) {
      case 'form':
        return runFormContexts(state);
      case 'missing-image':
        return ['confirm', 'dialog'];
      case 'pulling':
        return ['dialog'];
      default:
        return outputContexts(state, ['output', 'dialog']);
    }
  },
  key(state, key, ctx) {
    const { action } = key;
    const phase = state.phase;
    switch (phase.kind) {
      case 'form':
        return formKeyPress(state, key, ctx, (s) => submit(s, ctx.overlay));
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
        const searched = outputSearchKey(state, key, ctx, outputRows(state, ctx.bodyHeight), drawLine);
        if (searched) return searched;
        // Enter or Esc leaves the view; a container still running goes on.
        if (action === 'cancel' || action === 'submit') {
          return { state, close: true, notify: phase.kind === 'running' ? { text: `${shortId(phase.id)} keeps running (only the view was left)` } : undefined };
        }
        const page = linesRows(outputRows(state, ctx.bodyHeight), state.search) - 1;
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
  const { block, below } = outputBlock(state, ctx, outputRows(state, ctx.height), drawLine, phase.kind === 'running' ? '(no output yet)' : '(no output)');
  const command = phase.spec.cmd ? ` ${phase.spec.cmd.join(' ')}` : '';
  const who = `${phase.spec.name ? `${phase.spec.name} ` : ''}(${shortId(phase.id)})`;
  const blocks: DialogBlock[] = state.warnings.slice(0, 3).map((warning) => ({ kind: 'text', tone: 'warning', text: `⚠ ${sanitizeLine(warning)}` }));
  if (phase.kind === 'running') blocks.push({ kind: 'busy', text: `running ${who}` });
  else if (phase.kind === 'lost') blocks.push({ kind: 'text', tone: 'error', wrap: 'wrap', text: `lost track of ${who}: ${sanitizeLine(phase.message)} — it may still be running` });
  else blocks.push({ kind: 'text', tone: phase.exitCode === 0 ? 'success' : 'error', bold: true, text: `exited with code ${phase.exitCode}` });
  blocks.push(block);
  if (phase.kind === 'exited' && phase.outputError) blocks.push({ kind: 'text', tone: 'error', text: `output unavailable: ${sanitizeLine(phase.outputError)}` });
  return {
    title: `run ${sanitizeLine(phase.spec.image)}${sanitizeLine(command)}`,
    width: 'wide',
    blocks,
    hints: outputHints(state.search, [
      phase.kind === 'running' ? { action: ['submit', 'cancel'], text: 'leave it running' } : { action: ['submit', 'cancel'], text: 'close' },
      { action: ['up', 'down', 'page-up', 'page-down'], text: 'scroll' },
      ...(below > 0 ? [{ action: 'bottom' as const, text: `${plural(below, 'line')} below` }] : []),
    ]),
  };
}

function runView(state: RunDialog, ctx: DialogViewContext): DialogView {
  const { phase } = state;
  const inner = formDialogWidth(ctx.width) - 4;
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
  return runFormView(state, ctx);
}

/**
 * An action on every marked row (app/marks.ts): stop, start, restart, pause or resume, kill,
 * remove. One confirmation lists the rows (with the warnings the one-row dialogs give: a swarm
 * task is replaced, a running container is not removed without force) and takes what the verb
 * needs (a grace period, a signal, force). Then the requests go (handlers/sets.ts: a stop,
 * restart or kill several at once, the rest one after another) and each row shows its own result
 * in its place as it comes: done, or the engine's words; a stop under way says what it waits for
 * (the grace period before SIGKILL). Esc while they run stops issuing new ones and the dialog says
 * which were done; when all went well it closes, and the rows done are unmarked either way.
 */
import type { SetItem, SetVerb } from '../../state/actions/set.ts';
import { removalTarget } from '../../state/actions/remove.ts';
import { graceNote } from '../../state/actions/stop-container.ts';
import { checkGracePeriod, checkSignal, type Checked } from '../../state/validation.ts';
import type { TargetActions } from '../actions/target-actions.ts';
import { notify, type SetReply } from '../commands.ts';
import type { UiContext } from '../context.ts';
import { plural, sanitizeLine, shortId } from '../format/index.ts';
import { field } from '../input/field.ts';
import type { MarkedTarget, Target } from '../targets.ts';
import type { AppState } from '../types.ts';
import { editIn, type Fields } from './form.ts';
import { defineDialog, formContexts, type Outcome } from './machine.ts';
import { openDialog } from './open.ts';
import type { DialogBlock, Hint } from './view.ts';

/** A marked row as the dialog lists it. */
export interface BulkEntry {
  /** Its row key: unmarked once done. */
  key: string;
  item: SetItem;
  /** How the list names it ("web (0123456789ab)", "busybox:latest"). */
  label: string;
  /** A swarm task's service: the swarm replaces it. */
  service?: string;
  /** A container that runs: removing it needs force. */
  running?: boolean;
}

export interface BulkRequest {
  type: 'bulk';
  verb: SetVerb;
  /** What the rows are ("container"). */
  noun: string;
  entries: readonly BulkEntry[];
}

type Result = { ok: boolean; message: string };

export interface BulkDialog extends BulkRequest {
  /** A grace period (stop, restart) or a signal (kill). */
  fields: Fields<'value'>;
  force: boolean;
  showErrors: boolean;
  phase: 'asking' | 'running' | 'halting' | 'finished';
  results: ReadonlyArray<Result | undefined>;
  /** The rows whose requests are under way (several at once for a stop, restart or kill). */
  underWay: readonly number[];
  /** The grace period sent (stop, restart): what a stop under way waits out, said while it does. */
  timeout?: number;
  halted: boolean;
}

const PAST: Record<SetVerb, string> = { stop: 'stopped', start: 'started', restart: 'restarted', pause: 'paused', resume: 'resumed', kill: 'killed', remove: 'removed', pull: 'queued to pull', push: 'queued to push' };
const DOING: Record<SetVerb, string> = { stop: 'stopping', start: 'starting', restart: 'restarting', pause: 'pausing', resume: 'resuming', kill: 'killing', remove: 'removing', pull: 'queueing', push: 'queueing' };

const isLive = (state: string) => ['running', 'paused', 'restarting'].includes(state);

function entryOf(key: string, target: Target): BulkEntry | undefined {
  switch (target.kind) {
    case 'container': {
      const label = `${sanitizeLine(target.shown || target.name) || shortId(target.id)} (${shortId(target.id)})`;
      return { key, item: { kind: 'container', id: target.id, name: target.name, ...(target.engine !== undefined && { engine: target.engine }) }, label: target.engine === undefined ? label : `${label} on ${sanitizeLine(target.engine)}`, running: isLive(target.state), ...(target.service && { service: target.service }) };
    }
    case 'image': {
      const ref = removalTarget(target);
      const label = ref === target.imageId ? shortId(ref) : sanitizeLine(ref);
      return { key, item: { kind: 'image', id: target.imageId, name: ref, tag: target.tag, ...(target.engine !== undefined && { engine: target.engine }) }, label: target.engine === undefined ? label : `${label} on ${sanitizeLine(target.engine)}` };
    }
    case 'volume':
      return { key, item: { kind: 'volume', id: target.name, name: target.name, ...(target.engine !== undefined && { engine: target.engine }) }, label: `${sanitizeLine(target.name)}${target.engine === undefined ? '' : ` on ${sanitizeLine(target.engine)}`}` };
    case 'network':
      return { key, item: { kind: 'network', id: target.id, name: target.name, ...(target.engine !== undefined && { engine: target.engine }) }, label: `${sanitizeLine(target.name)}${target.engine === undefined ? '' : ` on ${sanitizeLine(target.engine)}`}` };
    default:
      return undefined;
  }
}

function ask(state: AppState, ctx: UiContext, marked: MarkedTarget, verb: SetVerb, pick: (target: Target) => boolean = () => true) {
  const entries = marked.items.flatMap(({ key, target }) => (pick(target) ? (entryOf(key, target) ?? []) : []));
  const noun = marked.of;
  if (entries.length === 0) return notify(state, `no marked ${verb === 'pull' || verb === 'push' ? `tagged ${noun}` : noun} to ${verb}`, 'error');
  return openDialog(state, ctx, bulk, { type: 'bulk', verb, noun, entries });
}

const tagged = (target: Target) => target.kind === 'image' && !target.tag.startsWith('<none>');

const containerState = (target: Target) => (target.kind === 'container' ? target.state : undefined);

const actions: TargetActions = {
  stop: { marked: (state, ctx, m) => ask(state, ctx, m, 'stop', (t) => t.kind === 'container') },
  start: { marked: (state, ctx, m) => ask(state, ctx, m, 'start', (t) => t.kind === 'container') },
  restart: { marked: (state, ctx, m) => ask(state, ctx, m, 'restart', (t) => t.kind === 'container') },
  kill: { marked: (state, ctx, m) => ask(state, ctx, m, 'kill', (t) => t.kind === 'container') },
  // As P on one row: the running ones are paused; with none running, the paused ones resume.
  pause: {
    marked: (state, ctx, m) => {
      const running = m.items.some(({ target }) => containerState(target) === 'running');
      return running ? ask(state, ctx, m, 'pause', (t) => containerState(t) === 'running') : ask(state, ctx, m, 'resume', (t) => containerState(t) === 'paused');
    },
  },
  remove: { marked: (state, ctx, m) => ask(state, ctx, m, 'remove') },
  // Marked images: pulled again (their tags' newer versions) or pushed, each queued in the Pulls
  // pane with the credentials found as for one pull; an untagged image has no name to do either with.
  // On another pane's marks, p is the pull dialog as ever (undefined: berth's own action).
  pull: { marked: (state, ctx, m) => (m.of === 'image' ? ask(state, ctx, m, 'pull', tagged) : undefined) },
  push: { marked: (state, ctx, m) => ask(state, ctx, m, 'push', tagged) },
};

/** What the verb's field is, if it has one. */
function fieldOf(verb: SetVerb): 'grace' | 'signal' | undefined {
  return verb === 'stop' || verb === 'restart' ? 'grace' : verb === 'kill' ? 'signal' : undefined;
}

/** Remove has force, but a network has none to offer. */
const hasForce = (state: BulkRequest) => state.verb === 'remove' && state.entries.some((e) => e.item.kind !== 'network');

function checked(state: BulkDialog): Checked<{ timeout?: number; killSignal?: string }> {
  const kind = fieldOf(state.verb);
  const value = state.fields.value.value;
  if (kind === 'grace') {
    const grace = checkGracePeriod(value);
    return grace.ok ? { ok: true, value: { timeout: grace.value } } : grace;
  }
  if (kind === 'signal') {
    const signal = checkSignal(value);
    return signal.ok ? { ok: true, value: { killSignal: signal.value } } : signal;
  }
  return { ok: true, value: {} };
}

function finish(state: BulkDialog, halted: boolean): Outcome<BulkDialog> {
  const done = state.entries.filter((_, i) => state.results[i]?.ok === true);
  const refused = state.results.filter((r) => r?.ok === false).length;
  const unmark = done.map((e) => e.key);
  if (!halted && refused === 0 && done.length === state.entries.length) {
    return { state: { ...state, phase: 'finished', underWay: [] }, close: true, unmark, notify: { text: `${PAST[state.verb]} ${plural(done.length, state.noun)}` } };
  }
  return { state: { ...state, phase: 'finished', underWay: [], halted }, unmark };
}

/** The closing line: how many were done, refused, not tried. */
function tally(state: BulkDialog): string {
  const done = state.results.filter((r) => r?.ok === true).length;
  const refused = state.results.filter((r) => r?.ok === false).length;
  const untried = state.entries.length - done - refused;
  const parts = [`${done} of ${state.entries.length} ${PAST[state.verb]}`, ...(refused > 0 ? [`${refused} refused (in the engine’s words above)`] : []), ...(untried > 0 ? [`${untried} not tried${state.halted ? ' (halted)' : ''}`] : [])];
  return parts.join(' · ');
}

function entryLine(state: BulkDialog, entry: BulkEntry, index: number): DialogBlock {
  const result = state.results[index];
  if (result?.ok === true) return { kind: 'text', tone: 'success', wrap: 'truncate', text: `✓ ${entry.label}: ${PAST[state.verb]}` };
  if (result?.ok === false) return { kind: 'text', tone: 'error', wrap: 'wrap', text: `✗ ${entry.label}: ${sanitizeLine(result.message)}` };
  if (state.underWay.includes(index) && state.phase !== 'finished') return { kind: 'text', tone: 'accent', wrap: 'truncate', text: `… ${entry.label}: ${DOING[state.verb]}` };
  if (state.phase === 'finished' || state.phase === 'halting') return { kind: 'text', tone: 'muted', wrap: 'truncate', text: `· ${entry.label}: not tried` };
  return { kind: 'text', wrap: 'truncate', text: `· ${entry.label}` };
}

export const bulk = defineDialog<BulkDialog, BulkRequest, SetReply>({
  id: 'bulk',
  changesEngine: true,
  actions,
  open: (request) => ({ state: { ...request, fields: { value: field() }, force: false, showErrors: false, phase: 'asking', results: request.entries.map(() => undefined), underWay: [], halted: false } }),
  contexts(state) {
    if (state.phase !== 'asking') return ['dialog'];
    if (fieldOf(state.verb)) return formContexts('field', 1);
    return hasForce(state) ? formContexts('toggle', 1) : ['dialog'];
  },
  key(state, key, ctx): Outcome<BulkDialog> {
    if (key.action === 'cancel') {
      // Esc while the requests go: no new one (the one under way finishes); once halted or done, it closes.
      if (state.phase === 'running') return { state: { ...state, phase: 'halting' }, commands: [{ type: 'set-halt', overlay: ctx.overlay }] };
      return { state, close: true };
    }
    if (state.phase === 'finished' && key.action === 'submit') return { state, close: true };
    if (state.phase !== 'asking' && key.action === 'submit') return { state, notify: { text: `the requests go on (Esc halts them)` } };
    if (state.phase !== 'asking') return { state };
    if (key.action === 'submit') {
      const options = checked(state);
      if (!options.ok) return { state: { ...state, showErrors: true } };
      const command = { type: 'set-act' as const, overlay: ctx.overlay, verb: state.verb, items: state.entries.map((e) => e.item), options: { ...options.value, ...(state.force && { force: true }) } };
      return { state: { ...state, phase: 'running', ...(options.value.timeout !== undefined && { timeout: options.value.timeout }) }, commands: [command] };
    }
    if (key.action === 'toggle' && hasForce(state)) return { state: { ...state, force: !state.force } };
    if (!fieldOf(state.verb)) return { state };
    const fields = editIn(state.fields, 'value', key);
    return { state: fields && fields !== state.fields ? { ...state, fields } : state };
  },
  result(state, result): Outcome<BulkDialog> {
    switch (result.kind) {
      case 'set-started':
        return { state: { ...state, underWay: [...state.underWay, result.index] } };
      case 'set-item':
        return { state: { ...state, underWay: state.underWay.filter((i) => i !== result.index), results: state.results.map((r, i) => (i === result.index ? { ok: result.ok, message: result.message } : r)) } };
      case 'set-ended':
        return finish(state, result.halted);
    }
  },
  view(state, ctx) {
    const { verb, phase } = state;
    const count = plural(state.entries.length, `marked ${state.noun}`);
    const blocks: DialogBlock[] = [];
    const tasks = state.entries.filter((e) => e.service);
    if (tasks.length > 0 && (verb === 'stop' || verb === 'restart' || verb === 'kill' || verb === 'remove')) {
      const services = [...new Set(tasks.map((e) => sanitizeLine(e.service ?? '')))].join(', ');
      blocks.push({ kind: 'text', tone: 'warning', wrap: 'wrap', text: `⚠ ${plural(tasks.length, 'of them is a task', 'of them are tasks')} of swarm service ${services}: the swarm will start a replacement. To stop a service, scale it to 0 (the Services pane, ${ctx.keymap.label('scale')}).` });
    }
    const running = state.entries.filter((e) => e.running).length;
    if (verb === 'remove' && running > 0 && !state.force) blocks.push({ kind: 'text', tone: 'warning', wrap: 'wrap', text: `${plural(running, 'of them runs', 'of them run')}: the engine will refuse ${running === 1 ? 'it' : 'those'} unless force is on.` });
    blocks.push(...state.entries.map((entry, i) => entryLine(state, entry, i)));
    const kind = fieldOf(verb);
    if (phase === 'asking' && kind) {
      const options = checked(state);
      blocks.push({
        kind: 'field',
        label: kind === 'grace' ? 'grace (s)' : 'signal',
        field: state.fields.value,
        focused: true,
        placeholder: kind === 'grace' ? 'empty: the default (10 s unless the container sets one)' : 'empty: SIGKILL (or TERM, HUP, INT, 15…)',
        message: state.showErrors && !options.ok ? options.message : undefined,
      });
    }
    if (phase === 'asking' && hasForce(state)) {
      blocks.push({ kind: 'toggle', label: 'force', on: state.force, focused: true, description: state.noun === 'container' ? 'kill the running ones first' : 'also when the engine thinks it is in use' });
    }
    const done = state.results.filter((r) => r !== undefined).length;
    const atOnce = state.underWay.length > 1 ? ` (${state.underWay.length} at once)` : '';
    if (phase === 'running') blocks.push({ kind: 'busy', text: `${DOING[verb]}${atOnce}: ${done} of ${state.entries.length} done…` });
    if (phase === 'halting') blocks.push({ kind: 'busy', text: `halting: no new requests; ${state.underWay.length > 1 ? 'the ones' : 'the one'} under way ${state.underWay.length > 1 ? 'finish' : 'finishes'}…` });
    // A stop that the container ignores lasts its whole grace period: say so, not only "stopping…".
    if ((phase === 'running' || phase === 'halting') && state.underWay.length > 0 && (verb === 'stop' || verb === 'restart')) {
      blocks.push({ kind: 'text', tone: 'muted', wrap: 'wrap', text: `each ${verb}: ${graceNote(state.timeout)}${verb === 'restart' ? ', then it starts again' : ''}` });
    }
    if (phase === 'finished') blocks.push({ kind: 'text', bold: true, wrap: 'wrap', text: tally(state) });
    const hints: Hint[] =
      phase === 'asking'
        ? [{ action: 'submit', text: verb }, ...(hasForce(state) && !kind ? [{ action: 'toggle' as const, text: 'toggles force' }] : []), { action: 'cancel', text: 'cancel' }]
        : phase === 'running'
          ? [{ action: 'cancel', text: 'halt: no new requests' }]
          : phase === 'halting'
            ? [{ action: 'cancel', text: 'closes (the requests under way still complete)' }]
            : [{ action: ['submit', 'cancel'], text: 'close' }];
    const title = `${verb[0]?.toUpperCase() ?? ''}${verb.slice(1)} ${count}?`;
    return { title, width: 'form', blocks, hints };
  },
});

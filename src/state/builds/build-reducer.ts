/**
 * One build as the engine reports it, folded message by message. Pure: the manager feeds it the
 * stream (BuildKit's traces already decoded) and the clock; tests feed it recorded messages.
 *
 * BuildKit: a step is a vertex, keyed by its digest, shown from when it starts (a vertex the
 * solver knows of but has not started is not shown yet), in the order they start; its bytes are
 * the sum of its statuses' (the context's transfer, a pull's layers); its log lines are its own.
 * The classic builder (and Podman's, through buildah): a step per `Step 1/3 : …` (`STEP 1/3: …`)
 * line, cached on `---> Using cache`, every other line its log.
 *
 * Strings are kept as the engine sent them; the UI sanitizes them.
 */
import type { Builder, BuildMessage } from '../../engine/build/build.ts';
import type { BuildkitTrace } from '../../engine/build/buildkit-trace.ts';

export type BuildStatus = 'preparing' | 'running' | 'done' | 'error' | 'cancelled';
export type StepStatus = 'running' | 'done' | 'cached' | 'error';

/** What a build was asked: kept so that it can be built again the same way. */
export interface BuildSettings {
  /** The context directory as typed. */
  readonly context: string;
  readonly dockerfile: string;
  readonly tags: readonly string[];
  readonly buildArgs: Readonly<Record<string, string>>;
  readonly target: string;
  readonly platform: string;
  readonly noCache: boolean;
  readonly pull: boolean;
  /** Empty: the engine's default (none on an engine without a bridge network: build-manager.ts). */
  readonly network: string;
}

export interface BuildStep {
  readonly id: string;
  readonly name: string;
  readonly status: StepStatus;
  /** ms; BuildKit's from the engine's clock, the classic builder's from berth's. */
  readonly startedAt?: number;
  readonly endedAt?: number;
  /** Bytes moved by its transfers (the context, a base image's layers), when it has any. */
  readonly current?: number;
  readonly total?: number;
  readonly error?: string;
  /** Its last log lines (at most LOG_LINES), the last one possibly still open. */
  readonly lines: readonly string[];
  /** Whether the last line has had its newline. */
  readonly lineOpen: boolean;
  /** Lines it printed in all (the kept ones are the last). */
  readonly lineCount: number;
}

export interface BuildState {
  readonly id: string;
  readonly kind: 'build';
  readonly settings: BuildSettings;
  readonly engine?: string;
  readonly status: BuildStatus;
  readonly startedAt: number;
  readonly endedAt?: number;
  readonly builder?: Builder;
  /** Why this builder, this network: said under the title. */
  readonly notes: readonly string[];
  readonly context?: { files: number; bytes: number };
  readonly sent: number;
  readonly steps: readonly BuildStep[];
  /** BuildKit's transfer statuses per vertex, summed into the step's bytes. */
  readonly transfers: Readonly<Record<string, Readonly<Record<string, { current: number; total: number }>>>>;
  readonly imageId?: string;
  /** Lines not of a step: "Successfully tagged …". */
  readonly messages: readonly string[];
  readonly error?: string;
}

export const LOG_LINES = 200;

export function createBuild(init: { id: string; settings: BuildSettings; startedAt: number; engine?: string }): BuildState {
  return { id: init.id, kind: 'build', settings: init.settings, ...(init.engine !== undefined && { engine: init.engine }), status: 'preparing', startedAt: init.startedAt, notes: [], sent: 0, steps: [], transfers: {}, messages: [] };
}

/** The builder chosen, why, and the context's size: the build is about to be sent. */
export function buildSending(build: BuildState, builder: Builder, notes: readonly string[], context: { files: number; bytes: number }): BuildState {
  return { ...build, status: 'running', builder, notes, context };
}

export function buildSent(build: BuildState, sent: number): BuildState {
  return sent === build.sent ? build : { ...build, sent };
}

/** Appends `text` to a step's log: whole lines, the first joining a line left open. */
function appendLog(step: BuildStep, text: string): BuildStep {
  if (text === '') return step;
  const parts = text.replace(/\r\n/g, '\n').split('\n');
  const closes = parts.at(-1) === '';
  if (closes) parts.pop();
  let lines = [...step.lines];
  let count = step.lineCount;
  parts.forEach((part, i) => {
    // A carriage return rewrites its line (a progress bar inside a RUN): keep what it ends as.
    const shown = part.slice(part.lastIndexOf('\r') + 1);
    if (i === 0 && step.lineOpen && lines.length > 0) lines[lines.length - 1] = (lines.at(-1) ?? '') + shown;
    else {
      lines.push(shown);
      count += 1;
    }
  });
  if (lines.length > LOG_LINES) lines = lines.slice(-LOG_LINES);
  return { ...step, lines, lineCount: count, lineOpen: !closes };
}

function replaceStep(build: BuildState, id: string, change: (step: BuildStep) => BuildStep): BuildState {
  let changed = false;
  const steps = build.steps.map((s) => {
    if (s.id !== id) return s;
    const next = change(s);
    changed ||= next !== s;
    return next;
  });
  return changed ? { ...build, steps } : build;
}

/** Folds one decoded BuildKit trace. */
export function foldTrace(build: BuildState, trace: BuildkitTrace): BuildState {
  let next = build;
  for (const v of trace.vertexes) {
    const known = next.steps.find((s) => s.id === v.digest);
    const status: StepStatus = v.error ? 'error' : v.cached ? 'cached' : v.completed !== undefined ? 'done' : 'running';
    if (!known) {
      // Known to the solver but not started: shown once it starts (or is found cached).
      if (v.started === undefined && !v.cached && !v.error) continue;
      const step: BuildStep = { id: v.digest, name: v.name, status, lines: [], lineOpen: false, lineCount: 0, ...(v.started !== undefined && { startedAt: v.started }), ...(v.completed !== undefined && { endedAt: v.completed }), ...(v.error && { error: v.error }) };
      next = { ...next, steps: [...next.steps, step] };
      continue;
    }
    next = replaceStep(next, v.digest, (s) => ({
      ...s,
      name: v.name || s.name,
      status: s.status === 'error' ? 'error' : status,
      ...(v.started !== undefined && { startedAt: v.started }),
      ...(v.completed !== undefined && { endedAt: v.completed }),
      ...(v.error && { error: v.error }),
    }));
  }
  for (const st of trace.statuses) {
    const own = { ...next.transfers[st.vertex], [st.id]: { current: st.current, total: st.total } };
    next = { ...next, transfers: { ...next.transfers, [st.vertex]: own } };
    const sum = Object.values(own).reduce((acc, t) => ({ current: acc.current + t.current, total: acc.total + t.total }), { current: 0, total: 0 });
    next = replaceStep(next, st.vertex, (s) => ({ ...s, current: sum.current, ...(sum.total > 0 && { total: sum.total }) }));
  }
  for (const log of trace.logs) next = replaceStep(next, log.vertex, (s) => appendLog(s, log.text));
  for (const w of trace.warnings) next = replaceStep(next, w.vertex, (s) => appendLog(s, `warning: ${w.text}\n`));
  return next;
}

const CLASSIC_STEP = /^(?:Step|STEP) (\d+)(?:\/(\d+))? ?: ?(.*)$/;
const CLASSIC_CACHED = /^ ?-{2,3}> Using cache/;
const CLASSIC_LAYER = /^ ?-{2,3}> ([0-9a-f]{12,64})\s*$/;
const CLASSIC_NOISE = /^ ?-{2,3}> Running in |^Removing intermediate container |^COMMIT\b/;
const CLASSIC_BUILT = /^Successfully built ([0-9a-f]{12,64})/;
const CLASSIC_TAGGED = /^Successfully tagged /;

/** Folds one line of the classic builder's `stream`, at `now`. */
function foldClassicLine(build: BuildState, line: string, now: number): BuildState {
  const step = CLASSIC_STEP.exec(line);
  const current = build.steps.at(-1);
  const closeCurrent = (b: BuildState): BuildState => (current && current.status === 'running' ? replaceStep(b, current.id, (s) => ({ ...s, status: 'done', endedAt: now })) : b);
  if (step) {
    const [, n, of, what] = step;
    const next = closeCurrent(build);
    const name = of ? `[${n}/${of}] ${what ?? ''}` : `[${n}] ${what ?? ''}`;
    return { ...next, steps: [...next.steps, { id: `step-${n}`, name, status: 'running', startedAt: now, lines: [], lineOpen: false, lineCount: 0 }] };
  }
  if (CLASSIC_CACHED.test(line) && current) return replaceStep(build, current.id, (s) => ({ ...s, status: 'cached', endedAt: now }));
  if (CLASSIC_LAYER.test(line) && current) return replaceStep(build, current.id, (s) => (s.status === 'running' ? { ...s, status: 'done', endedAt: now } : s));
  if (CLASSIC_NOISE.test(line)) return build;
  const built = CLASSIC_BUILT.exec(line);
  if (built) return { ...closeCurrent(build), imageId: built[1] };
  if (CLASSIC_TAGGED.test(line)) return { ...closeCurrent(build), messages: [...build.messages, line] };
  // Podman ends with the image id alone on a line.
  if (/^[0-9a-f]{64}$/.test(line) && build.builder === 'classic') return { ...closeCurrent(build), imageId: line };
  if (current) return replaceStep(build, current.id, (s) => appendLog(s, `${line}\n`));
  return line.trim() === '' ? build : { ...build, messages: [...build.messages, line] };
}

/** Folds one message that is not a trace (the trace is decoded first: foldTrace). */
export function foldBuildMessage(build: BuildState, message: BuildMessage, now: number): BuildState {
  if (message.id === 'moby.image.id') {
    const id = (message.aux as { ID?: unknown } | undefined)?.ID;
    return typeof id === 'string' ? { ...build, imageId: id } : build;
  }
  if (typeof message.stream === 'string') {
    let next = build;
    for (const line of message.stream.replace(/\r\n/g, '\n').split('\n')) if (line !== '') next = foldClassicLine(next, line, now);
    return next;
  }
  if (typeof message.status === 'string' && message.status !== '') return { ...build, messages: [...build.messages, message.status] };
  return build;
}

export type BuildOutcome = { status: 'done' } | { status: 'cancelled' } | { status: 'error'; message: string };

/**
 * Ends the build (the first ending wins). An error lands on the step that failed (BuildKit names
 * it; the classic builder's is the one running); steps still running end with the build.
 */
export function finishBuild(build: BuildState, outcome: BuildOutcome, now: number): BuildState {
  if (build.status === 'done' || build.status === 'error' || build.status === 'cancelled') return build;
  const failed = outcome.status === 'error' && !build.steps.some((s) => s.status === 'error') ? build.steps.findLast((s) => s.status === 'running') : undefined;
  const steps = build.steps.map((s): BuildStep => {
    if (failed && s.id === failed.id && outcome.status === 'error') return { ...s, status: 'error', error: outcome.message, endedAt: now };
    if (s.status !== 'running') return s;
    return { ...s, status: outcome.status === 'done' ? 'done' : s.status, endedAt: s.endedAt ?? now };
  });
  return { ...build, steps, status: outcome.status, endedAt: now, ...(outcome.status === 'error' && { error: outcome.message }) };
}

/** The step that failed, if one did. */
export function failedStep(build: BuildState): BuildStep | undefined {
  return build.steps.find((s) => s.status === 'error');
}

/**
 * The lines of one build, in the Pulls pane (a block, as a pull's) and in its steps view. Pure.
 *
 *   › ⠋ build myapp:1 from ./app                                   building 0:07
 *       with BuildKit (built into dockerd) · context 20.0MB, 3 files, sent
 *       ≡ [base 1/2] FROM docker.io/library/busybox:latest             cached
 *       ✓ [base 2/2] COPY big.bin /big.bin                               0.4s
 *       ⠋ [work 1/1] RUN make                                            3.1s
 *           compiling…
 *
 * A step shows its log lines while it runs (the last few), and when it failed (the error, then
 * its last lines); a step done is folded to its one line. Every engine string is sanitised by
 * fit/truncate (or sanitizeLine) before it is drawn.
 */
import type { BuildState, BuildStep } from '../../state/builds/build-reducer.ts';
import { displayWidth, formatBytes, formatBytesPair, formatElapsed, sanitizeLine, truncate } from '../format/index.ts';
import { wrap } from '../format/wrap.ts';
import { clip, type BlockLine, type Segment, type Tone } from './pull-rows.ts';

const INDENT = 4;
/** Log lines a running step shows in the pane; a failed one shows more. */
const RUNNING_LINES = 3;
export const ERROR_LINES = 10;

export interface BuildBlockOptions {
  width: number;
  nowMs: number;
  selected?: boolean;
  maxLines?: number;
  /** The engine berth shows now: a build on another one names its engine. */
  currentEngine?: string;
}

/** What the build is called: its first tag, else its context. */
export function buildName(build: BuildState): string {
  const tag = build.settings.tags[0];
  const more = build.settings.tags.length > 1 ? ` (+${build.settings.tags.length - 1})` : '';
  return tag ? `build ${tag}${more} from ${build.settings.context}` : `build from ${build.settings.context}`;
}

/** A step's time: "0.4s", "12.3s", "1:02". */
export function stepDuration(step: BuildStep, nowMs: number): string {
  if (step.status === 'cached') return 'cached';
  if (step.startedAt === undefined) return '';
  const ms = Math.max(0, (step.endedAt ?? nowMs) - step.startedAt);
  return ms < 60_000 ? `${(ms / 1000).toFixed(1)}s` : formatElapsed(ms);
}

function stepGlyph(step: BuildStep, build: BuildState): Segment {
  switch (step.status) {
    case 'cached':
      return { text: '≡', tone: 'muted' };
    case 'done':
      return { text: '✓', tone: 'success' };
    case 'error':
      return { text: '✗', tone: 'error' };
    case 'running':
      return build.status === 'running' ? { text: '⠋', tone: 'accent', spinner: true } : { text: '–', tone: 'warning' };
  }
}

function statusWord(build: BuildState): string {
  switch (build.status) {
    case 'preparing':
      return 'reading the context';
    case 'running':
      // Until the first step: the engine reads the whole context first (the classic builder does).
      return build.steps.length === 0 && build.sent < (build.context?.bytes ?? 0) ? 'sending' : 'building';
    case 'done':
      return 'built';
    case 'error':
      return 'failed';
    case 'cancelled':
      return 'cancelled';
  }
}

function statusTone(build: BuildState): Tone {
  return build.status === 'error' ? 'error' : build.status === 'cancelled' ? 'warning' : build.status === 'done' ? 'success' : 'muted';
}

function titleLine(build: BuildState, width: number, options: BuildBlockOptions): BlockLine {
  const marker: Segment = { text: options.selected ? '›' : ' ', tone: 'accent', bold: true };
  const running = build.status === 'running' || build.status === 'preparing';
  const glyph: Segment = running ? { text: '⠋', tone: 'accent', spinner: true } : build.status === 'done' ? { text: '✓', tone: 'success' } : build.status === 'error' ? { text: '✗', tone: 'error' } : { text: '–', tone: 'warning' };
  const elsewhere = build.engine !== undefined && options.currentEngine !== undefined && build.engine !== options.currentEngine;
  const name = elsewhere ? `${buildName(build)} on ${build.engine}` : buildName(build);
  const right = ` ${statusWord(build)} ${formatElapsed((build.endedAt ?? options.nowMs) - build.startedAt)}`;
  const room = Math.max(8, width - 4 - right.length);
  const title = truncate(name, room);
  const gap = ' '.repeat(Math.max(0, room - displayWidth(title)));
  return {
    key: 'title',
    segments: clip([marker, { text: ' ' }, glyph, { text: ' ' }, { text: title, bold: true, inverse: options.selected }, { text: gap }, { text: ` ${statusWord(build)}`, tone: statusTone(build) }, { text: right.slice(statusWord(build).length + 1), tone: 'muted' }], width),
  };
}

/** The line under the title: the builder, the context and how much of it went. */
export function buildNote(build: BuildState): string {
  const parts = [...build.notes];
  if (build.context) {
    const size = `context ${formatBytes(build.context.bytes)}, ${build.context.files} file${build.context.files === 1 ? '' : 's'}`;
    parts.push(build.sent >= build.context.bytes ? `${size}, sent` : `${size}, ${formatBytes(build.sent)} sent`);
  }
  if (build.imageId) parts.push(`image ${build.imageId.replace(/^sha256:/, '').slice(0, 12)}`);
  return parts.join(' · ');
}

function text(key: string, value: string, width: number, tone: Tone = 'normal', indent = INDENT): BlockLine {
  return { key, segments: [{ text: ' '.repeat(indent) }, { text: truncate(value, Math.max(1, width - indent)), tone }] };
}

function stepLine(step: BuildStep, build: BuildState, width: number, nowMs: number): BlockLine {
  const bytes = step.current !== undefined && step.current > 0 ? ` ${formatBytesPair(step.current, step.total)}` : '';
  const right = `${bytes} ${stepDuration(step, nowMs)}`;
  const room = Math.max(4, width - INDENT - 2 - right.length);
  const name = truncate(step.name, room);
  const gap = ' '.repeat(Math.max(0, room - displayWidth(name)));
  const tone: Tone = step.status === 'error' ? 'error' : step.status === 'cached' ? 'muted' : 'normal';
  return { key: `s:${step.id}`, segments: clip([{ text: ' '.repeat(INDENT) }, stepGlyph(step, build), { text: ' ' }, { text: name, tone }, { text: gap }, { text: right, tone: 'muted' }], width) };
}

/** What a failed step says: the error, wrapped, then its last lines. */
function failureLines(step: BuildStep, width: number, limit: number): BlockLine[] {
  const room = Math.max(1, width - INDENT - 4);
  const error = wrap(sanitizeLine(step.error ?? ''), room, 3).map((line, i) => text(`e:${step.id}:${i}`, line, width, 'error', INDENT + 2));
  const logs = step.lines.slice(-limit).map((line, i) => text(`l:${step.id}:${i}`, line, width, 'muted', INDENT + 4));
  return [...error, ...logs];
}

/** Every line of the block, before any limit. */
function allLines(build: BuildState, options: BuildBlockOptions): BlockLine[] {
  const width = Math.max(1, Math.floor(options.width));
  const lines: BlockLine[] = [titleLine(build, width, options)];
  const note = buildNote(build);
  if (note !== '') lines.push(text('note', note, width, 'muted'));
  for (const step of build.steps) {
    lines.push(stepLine(step, build, width, options.nowMs));
    if (step.status === 'error') lines.push(...failureLines(step, width, ERROR_LINES));
    else if (step.status === 'running' && build.status === 'running') lines.push(...step.lines.slice(-RUNNING_LINES).map((line, i) => text(`l:${step.id}:${i}`, line, width, 'muted', INDENT + 4)));
  }
  // The build's error when no step holds it (the engine refused the request, the Dockerfile did not parse).
  if (build.error !== undefined && !build.steps.some((s) => s.status === 'error')) {
    wrap(sanitizeLine(build.error), Math.max(1, width - INDENT - 2), 3).forEach((line, i) => lines.push(text(`err${i}`, line, width, 'error')));
  }
  build.messages.slice(-2).forEach((message, i) => lines.push(text(`m${i}`, message, width, 'muted')));
  return lines;
}

/** The block's lines; when short of room, the title and note stay and the latest steps fill the rest. */
export function buildBlockLines(build: BuildState, options: BuildBlockOptions): BlockLine[] {
  const lines = allLines(build, options);
  const budget = Math.max(1, options.maxLines ?? Number.POSITIVE_INFINITY);
  if (lines.length <= budget) return lines;
  const head = lines.slice(0, Math.min(2, budget));
  return [...head, ...lines.slice(lines.length - (budget - head.length))].slice(0, budget);
}

/** Heights by build state and width: the pane lays out every frame, and a build's state changes at most 10 times a second. */
const heights = new WeakMap<BuildState, { width: number; height: number }>();

/** Lines `buildBlockLines` gives without a limit (the clock changes their text, never their count). */
export function buildBlockHeight(build: BuildState, width: number): number {
  const known = heights.get(build);
  if (known?.width === width) return known.height;
  const height = allLines(build, { width, nowMs: 0 }).length;
  heights.set(build, { width, height });
  return height;
}

/** The steps view's lines: every step, its time and bytes, and every log line it kept. */
export function buildStepLines(build: BuildState, nowMs: number): string[] {
  const out: string[] = [sanitizeLine(`${buildName(build)}: ${statusWord(build)} in ${formatElapsed((build.endedAt ?? nowMs) - build.startedAt)}`)];
  const note = buildNote(build);
  if (note !== '') out.push(sanitizeLine(note));
  if (build.settings.dockerfile !== 'Dockerfile') out.push(sanitizeLine(`Dockerfile: ${build.settings.dockerfile}`));
  out.push('');
  for (const step of build.steps) {
    const glyph = stepGlyph(step, build).text;
    const bytes = step.current !== undefined && step.current > 0 ? ` · ${formatBytesPair(step.current, step.total)}` : '';
    out.push(sanitizeLine(`${glyph} ${step.name}  (${stepDuration(step, nowMs) || 'waiting'}${bytes})`));
    if (step.error) out.push(sanitizeLine(`    error: ${step.error}`));
    if (step.lineCount > step.lines.length) out.push(`    … ${step.lineCount - step.lines.length} earlier lines`);
    for (const line of step.lines) out.push(`    ${sanitizeLine(line)}`);
  }
  if (build.error !== undefined && !build.steps.some((s) => s.status === 'error')) out.push(sanitizeLine(`error: ${build.error}`));
  for (const message of build.messages) out.push(sanitizeLine(message));
  return out;
}

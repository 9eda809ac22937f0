/**
 * The lines of one pull block, as text cut to the width: pure, so the layout (bars that
 * shrink, columns that drop, rows that never wrap) is tested without rendering.
 *
 *   › ⠋ 127.0.0.1:5000/berth/layers:latest                      pulling 0:07
 *       latest: Pulling from berth/layers
 *       3/5 layers done               ██████░░░░░░  12.3MB/45.6MB  2.1MB/s
 *       0fb294f52e20 Pull complete
 *       f6395bc314a9 Downloading      ████░░░░░░░░   1.07MB/3.15MB 1.2MB/s
 *       Digest: sha256:…
 *
 * A pull that has had no message for a while says so under its title, and who is silent
 * ("no progress for 12 s — the registry is not answering"); a layer stuck while others move
 * says "stuck 12s" where its rate was.
 *
 * Every engine or registry string goes through fit/truncate, which sanitize it.
 */
import { layerStall, pullStall, pullTotals, TRANSFER_BYTE_PHASES, type LayerState, type PullStall, type PullState } from '../../state/pulls/pull-reducer.ts';
import { displayWidth, fit, formatBytesPair, formatElapsed, formatRate, plural, renderBar, sanitizeLine, truncate } from '../format/index.ts';
import { wrap } from '../format/wrap.ts';

export type Tone = 'normal' | 'muted' | 'accent' | 'success' | 'error' | 'warning';

export interface Segment {
  text: string;
  tone?: Tone;
  bold?: boolean;
  inverse?: boolean;
  /** Stands for the running spinner (one cell); `text` is a frame of it. */
  spinner?: boolean;
  /** Cells of `text` when known without measuring (bars: measuring one costs ~100× building it). */
  cells?: number;
}

export interface BlockLine {
  key: string;
  segments: Segment[];
}

export interface BlockOptions {
  width: number;
  nowMs: number;
  selected?: boolean;
  /** Lines the block may take; when short, header lines go first, then layers collapse. */
  maxLines?: number;
  /** The engine itself does not answer (engine state): a stalled pull is its silence, not the registry's. */
  engineSilent?: boolean;
  /** The engine berth shows now: a pull on another one (started before a switch) names its engine. */
  currentEngine?: string;
  /** How the keymap in force writes the key that cancels a pull (for the stall line's hint). */
  cancelKey?: string;
}

/** Column widths of the layer rows, the same for every row so that the bars line up. */
export interface LayerLayout {
  idWidth: number;
  phaseWidth: number;
  barWidth: number;
  amountWidth: number;
  rateWidth: number;
}

const INDENT = 4;
const MIN_BAR = 6;
const MAX_BAR = 50;
const AMOUNT = 13; // "12.3MB/45.6MB"
const RATE = 9; // "12.3MB/s", "999kB/s"
const ERROR_LINES = 3;
const RATE_PHASES = new Set<string>(['Downloading', 'Extracting', ...TRANSFER_BYTE_PHASES]);

export function layerLayout(width: number): LayerLayout {
  const idWidth = width >= 60 ? 12 : 8;
  const phaseWidth = width >= 90 ? 22 : width >= 60 ? 18 : 12;
  const rest = Math.max(0, width - INDENT - idWidth - 1 - phaseWidth - 1);
  let rateWidth = RATE;
  let barWidth = rest - AMOUNT - 1 - rateWidth - 1;
  if (barWidth < MIN_BAR) {
    rateWidth = 0;
    barWidth = rest - AMOUNT - 1;
  }
  if (barWidth < MIN_BAR) barWidth = 0;
  return { idWidth, phaseWidth, barWidth: Math.min(barWidth, MAX_BAR), amountWidth: Math.min(AMOUNT, rest), rateWidth };
}

export function pullBlockLines(pull: PullState, options: BlockOptions): BlockLine[] {
  const width = Math.max(1, Math.floor(options.width));
  const layout = layerLayout(width);
  const title = titleLine(pull, width, options);
  const stall = pullStall(pull, options.nowMs);
  const stallLine = stall ? [textLine('stall', stallText(stall, options.engineSilent === true, options.cancelKey), width, 'warning')] : [];
  const header = pull.header.map((text, i) => textLine(`h${i}`, text, width, 'muted'));
  const overall = overallLine(pull, width, layout, stall !== undefined);
  const footer = pull.footer.map((text, i) => textLine(`f${i}`, text, width, /^Status:/.test(text) ? 'normal' : 'muted'));
  const error = pull.error === undefined ? [] : errorLines(pull.error, width);
  const fixed = 1 + stallLine.length + (overall ? 1 : 0) + error.length;
  const budget = options.maxLines ?? Number.POSITIVE_INFINITY;

  let shownHeader = header;
  let shownFooter = footer;
  let layerBudget = pull.layerIds.length;
  if (fixed + header.length + pull.layerIds.length + footer.length > budget) {
    // Short of room: the header is the least telling, then all of the footer but its Status line.
    shownHeader = [];
    if (fixed + pull.layerIds.length + footer.length > budget) shownFooter = footer.filter((_, i) => /^Status:/.test(pull.footer[i] ?? '')).slice(-1);
    layerBudget = Math.max(0, Math.min(pull.layerIds.length, budget - fixed - shownFooter.length));
  }
  const layers = layerLines(pull, width, layout, layerBudget, options.nowMs);
  const lines = [title, ...stallLine, ...shownHeader, ...(overall ? [overall] : []), ...layers, ...shownFooter, ...error];
  return lines.slice(0, Math.max(1, Math.min(lines.length, budget)));
}

/** Lines `pullBlockLines` gives without a limit at `nowMs`, counted without building them: the pane lays out with it. */
export function blockHeight(pull: PullState, width: number, nowMs = 0): number {
  const room = Math.max(1, Math.max(1, Math.floor(width)) - INDENT - 2);
  const error = pull.error === undefined ? 0 : wrap(sanitizeLine(pull.error), room, ERROR_LINES).length;
  const layers = pull.layerIds.length;
  const stall = pullStall(pull, nowMs) ? 1 : 0;
  return 1 + stall + pull.header.length + (layers > 0 ? 1 + layers : 0) + pull.footer.length + error;
}

/** What a stalled pull says under its title: for how long nothing came, who is silent, and the way out. */
export function stallText(stall: PullStall, engineSilent: boolean, cancel = 'x'): string {
  const who = engineSilent ? 'the engine is not answering' : stall.waitingOn === 'registry' ? 'the registry is not answering' : 'the engine has not reported back';
  return `no progress for ${stall.seconds} s — ${who}${cancel ? ` (${cancel} cancels)` : ''}`;
}

/** The amounts of a layer as the docker CLI writes them: bytes, or a count in other units. */
export function layerAmount(layer: LayerState): string {
  if (layer.hidecounts || layer.current === undefined) return '';
  if (layer.units !== undefined) {
    const units = sanitizeLine(layer.units);
    return layer.total !== undefined && layer.current <= layer.total ? `${layer.current}/${layer.total} ${units}` : `${layer.current} ${units}`;
  }
  // Past the total (the engine's estimate was low) only the current amount means anything.
  return formatBytesPair(layer.current, layer.total !== undefined && layer.current <= layer.total ? layer.total : undefined);
}

function titleLine(pull: PullState, width: number, options: BlockOptions): BlockLine {
  const marker: Segment = { text: options.selected ? '›' : ' ', tone: 'accent', bold: true };
  const glyph: Segment =
    pull.status === 'running'
      ? { text: '⠋', tone: 'accent', spinner: true }
      : pull.status === 'done'
        ? { text: '✓', tone: 'success' }
        : pull.status === 'error'
          ? { text: '✗', tone: 'error' }
          : { text: '–', tone: 'warning' };
  const elapsed = formatElapsed((pull.endedAt ?? options.nowMs) - pull.startedAt);
  const word = statusWord(pull);
  const elsewhere = pull.engine !== undefined && options.currentEngine !== undefined && pull.engine !== options.currentEngine;
  const name = elsewhere ? `${pull.reference} on ${pull.engine}` : pull.reference;
  const right = ` ${word} ${elapsed}`;
  const tone: Tone = pull.status === 'error' ? 'error' : pull.status === 'cancelled' ? 'warning' : pull.status === 'done' ? 'success' : 'muted';
  const room = width - 4 - right.length;
  if (room < 8) {
    // Too narrow for both: the reference matters more than the timer.
    return { key: 'title', segments: clip([marker, { text: ' ' }, glyph, { text: ' ' }, { text: truncate(name, Math.max(0, width - 4)), bold: true, inverse: options.selected }], width) };
  }
  const reference = truncate(name, room);
  const gap = ' '.repeat(Math.max(0, room - displayWidth(reference)));
  return {
    key: 'title',
    segments: clip([marker, { text: ' ' }, glyph, { text: ' ' }, { text: reference, bold: true, inverse: options.selected }, { text: gap }, { text: ` ${word}`, tone }, { text: ` ${elapsed}`, tone: 'muted' }], width),
  };
}

function statusWord(pull: PullState): string {
  switch (pull.status) {
    case 'running':
      if (pull.words) return pull.words.running;
      return pull.kind === 'push' ? 'pushing' : 'pulling';
    case 'done':
      if (pull.words) return pull.words.done;
      if (pull.kind === 'push') return 'pushed';
      return pull.footer.some((line) => /^Status: Image is up to date/.test(line)) ? 'up to date' : 'pulled';
    case 'error':
      return 'failed';
    case 'cancelled':
      return 'cancelled';
  }
}

function textLine(key: string, text: string, width: number, tone: Tone): BlockLine {
  return { key, segments: clip([{ text: ' '.repeat(INDENT) }, { text: truncate(text, Math.max(0, width - INDENT)), tone }], width) };
}

/** Layers done over all, then a bar of bytes done over bytes known, aligned with the layer bars. */
function overallLine(pull: PullState, width: number, layout: LayerLayout, stalled: boolean): BlockLine | undefined {
  const totals = pullTotals(pull);
  // Before the first layer (or for an image that is up to date) there is nothing to add up.
  if (totals.layersTotal === 0) return undefined;
  const label = fit(pull.kind === 'transfer' ? transferLabel(pull, totals, stalled) : `${totals.layersDone}/${plural(totals.layersTotal, 'layer')} done`, layout.idWidth + 1 + layout.phaseWidth);
  // A transfer whose size is not known ahead (an export) has no bar to fill, only its bytes row's amount and rate.
  const sizeless = pull.kind === 'transfer' && totals.bytesKnown === 0;
  const fraction = pull.status === 'done' ? 1 : totals.bytesKnown > 0 ? totals.bytesDone / totals.bytesKnown : 0;
  const tone: Tone = pull.status === 'error' ? 'error' : pull.status === 'cancelled' ? 'warning' : pull.status === 'done' ? 'success' : 'accent';
  const amount = totals.bytesKnown > 0 ? formatBytesPair(totals.bytesDone, totals.bytesKnown) : '';
  const segments: Segment[] = [{ text: ' '.repeat(INDENT) }, { text: label, bold: true }, { text: ' ' }];
  // A rate is a thing of the past once nothing has come for a while.
  segments.push(...progressSegments(layout, layout.barWidth > 0 && !sizeless ? fraction : undefined, amount, stalled ? undefined : totals.rate, tone));
  return { key: 'overall', segments: clip(trimEnd(segments), width) };
}

/** A transfer's overall label: the time left at the rate now (ETA), while it runs and the total is known. */
export function transferLabel(pull: PullState, totals: ReturnType<typeof pullTotals>, stalled: boolean): string {
  if (pull.status !== 'running') return pull.status === 'done' ? 'all moved' : '';
  if (totals.bytesKnown <= 0) return 'size not known ahead';
  if (stalled || totals.rate === undefined || totals.rate <= 0) return 'ETA –';
  const left = Math.max(0, totals.bytesKnown - totals.bytesDone);
  return `ETA ${formatElapsed((left / totals.rate) * 1000 + 999)}`;
}

function layerLines(pull: PullState, width: number, layout: LayerLayout, budget: number, nowMs: number): BlockLine[] {
  const ids = pull.layerIds;
  let shown: readonly string[] = ids;
  let hidden = 0;
  let hiddenDone = 0;
  if (budget < ids.length) {
    // One row says what was left out; the rows kept are the layers still moving, then the rest.
    const rows = Math.max(0, budget - 1);
    const active = ids.filter((id) => !pull.layers.get(id)?.done);
    const keep = new Set([...active, ...ids.filter((id) => pull.layers.get(id)?.done)].slice(0, rows));
    shown = ids.filter((id) => keep.has(id));
    hidden = ids.length - shown.length;
    hiddenDone = ids.filter((id) => !keep.has(id) && pull.layers.get(id)?.done).length;
  }
  const lines = shown.flatMap((id) => {
    const layer = pull.layers.get(id);
    return layer ? [layerLine(layer, width, layout, layerStall(pull, layer, nowMs))] : [];
  });
  if (hidden > 0 && budget > 0) {
    const text = `… ${plural(hidden, 'more layer', 'more layers')}${hiddenDone > 0 ? ` (${hiddenDone} done)` : ''}`;
    lines.push(textLine('more', text, width, 'muted'));
  }
  return lines;
}

function layerLine(layer: LayerState, width: number, layout: LayerLayout, stalledSeconds: number | undefined): BlockLine {
  const phaseTone: Tone = layer.done ? 'success' : /^Retrying/.test(layer.phase) ? 'warning' : layer.phase === 'Waiting' ? 'muted' : 'normal';
  const segments: Segment[] = [
    { text: ' '.repeat(INDENT) },
    // A prefix of a digest is still a usable short id, so narrow rows cut it without an ellipsis.
    { text: fit(sanitizeLine(layer.id).slice(0, layout.idWidth), layout.idWidth), tone: 'muted' },
    { text: ' ' },
    { text: fit(layer.phase, layout.phaseWidth), tone: phaseTone },
    { text: ' ' },
  ];
  const hasBar = layer.total !== undefined && layer.current !== undefined && layout.barWidth > 0;
  const moving = RATE_PHASES.has(layer.phase) && layer.units === undefined && !layer.done;
  if (hasBar || layerAmount(layer) !== '') {
    const rate = moving && stalledSeconds === undefined ? layer.rate : undefined;
    segments.push(...progressSegments(layout, hasBar ? (layer.current ?? 0) / (layer.total ?? 1) : undefined, layerAmount(layer), rate, 'accent'));
  }
  // In the rate's column (9 cells), which it replaces: short enough to fit it.
  if (stalledSeconds !== undefined) segments.push({ text: ' ' }, { text: `stuck ${stalledSeconds}s`, tone: 'warning' });
  return { key: `layer ${layer.id}`, segments: clip(trimEnd(segments), width) };
}

/**
 * Bar, amount and rate in their columns. Without a bar (no total) the amount takes the bar's
 * place, so that "3 s" or "12MB" does not float far to the right on its own.
 */
function progressSegments(layout: LayerLayout, fraction: number | undefined, amount: string, rate: number | undefined, tone: Tone): Segment[] {
  const segments: Segment[] = [];
  if (fraction !== undefined) {
    segments.push({ text: renderBar(fraction, layout.barWidth), tone, cells: layout.barWidth }, { text: ' ' }, { text: fit(amount, layout.amountWidth, 'right') });
  } else {
    segments.push({ text: fit(amount, layout.barWidth > 0 ? layout.barWidth + 1 + layout.amountWidth : layout.amountWidth) });
  }
  if (layout.rateWidth > 0 && rate !== undefined && rate > 0) segments.push({ text: ' ' }, { text: fit(formatRate(rate), layout.rateWidth, 'right'), tone: 'muted' });
  return segments;
}

/** The error in red, wrapped over a few lines: its end ("no basic auth credentials") is the point. */
function errorLines(message: string, width: number): BlockLine[] {
  const room = Math.max(1, width - INDENT - 2);
  const chunks = wrap(sanitizeLine(message), room, ERROR_LINES);
  return chunks.map((chunk, i) => ({ key: `error ${i}`, segments: clip([{ text: ' '.repeat(INDENT) }, { text: i === 0 ? '✗ ' : '  ', tone: 'error' }, { text: chunk, tone: 'error' }], width) }));
}


/** Drops trailing blank segments, so that a row without progress does not end in padding. */
function trimEnd(segments: Segment[]): Segment[] {
  const out = [...segments];
  while (out.length > 0 && (out.at(-1)?.text ?? '').trim() === '' && !out.at(-1)?.spinner) out.pop();
  const last = out.at(-1);
  if (last) out[out.length - 1] = { ...last, text: last.text.trimEnd() };
  return out;
}

/** Cuts segments to `width` cells in all: the guarantee that a row never wraps. */
export function clip(segments: Segment[], width: number): Segment[] {
  const out: Segment[] = [];
  let used = 0;
  for (const segment of segments) {
    const w = cellsOf(segment);
    if (used + w <= width) {
      out.push(segment);
      used += w;
      continue;
    }
    const room = width - used;
    if (room > 0 && !segment.spinner) out.push({ ...segment, text: truncate(segment.text, room) });
    break;
  }
  return out;
}

const PRINTABLE_ASCII = /^[\u0020-\u007e]*$/;

function cellsOf(segment: Segment): number {
  if (segment.cells !== undefined) return segment.cells;
  return PRINTABLE_ASCII.test(segment.text) ? segment.text.length : displayWidth(segment.text);
}

/** The plain text of a line (tests, and width checks). */
export function lineText(line: BlockLine): string {
  return line.segments.map((s) => s.text).join('');
}

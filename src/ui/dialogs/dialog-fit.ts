/**
 * What of a dialog fits in the rows it has, line by line, so the frame never asks Ink for more
 * rows than the screen gives it (Ink then draws rows over each other). Every paragraph and
 * validation message is wrapped here, not by Ink, so its height is known exactly; the rows then
 * go, in this order, to: the frame and title; the focused row (or, with none, what is being
 * waited on, else the top); a line each of the engine's refusal and the key hints; the rest of
 * those; the rows around the focus, down first (where Tab goes next), then up; and last the blank
 * lines that space the error and the hints out. What does not fit is counted in the title line
 * ("↑ 2 more · ↓ 15 more"), so Tab always lands on a row the user can see, at any height.
 */
import { displayWidth, sanitizeLine, truncate } from '../../app/format/index.ts';
import { wrapParts } from '../../app/format/line-parts.ts';
import { wrap } from '../../app/format/wrap.ts';
import type { DialogBlock, DialogView } from '../../app/dialogs/view.ts';

/** Border (2) and padding (2). */
export const FRAME_CHROME = 4;
export const LABEL_WIDTH = 12;
/** The frame's own rows: its top and bottom borders and the title. */
const FRAME_ROWS = 3;

/** One drawable line of the dialog's body (a table or an output pane: all its rows at once). */
interface Piece {
  block: DialogBlock;
  height: number;
  /** The view block it comes from. */
  owner: number;
  key: string;
}

export interface FittedDialog {
  /**
   * Drawn between the title and the error: each a line (a table, an output pane: their height),
   * keyed by where it comes from, so a row keeps its drawing state as the window moves.
   */
  blocks: Array<{ key: string; block: DialogBlock }>;
  /** Lines of the body left out above and below what is drawn. */
  above: number;
  below: number;
  errorLines: string[];
  hintLines: string[];
  /** A blank line before the error and before the hints. */
  spaced: boolean;
}

/** A block as the lines it takes at `inner` columns, each drawn without Ink wrapping anything. */
function pieces(block: DialogBlock, owner: number, inner: number): Piece[] {
  let line = 0;
  const one = (b: DialogBlock, height = 1): Piece => ({ block: b, height, owner, key: `${owner}.${line++}` });
  switch (block.kind) {
    case 'text':
      if (block.wrap === 'truncate' || block.wrap === 'middle') return [one(block)];
      return wrap(block.text, inner, Infinity).map((line) => one({ ...block, text: line, wrap: 'truncate' }));
    case 'field': {
      const { message, ...row } = block;
      if (!message) return [one(block)];
      // The message sits under the value, past the label, and its lines keep that indent.
      const indent = ' '.repeat(LABEL_WIDTH);
      const lines = wrap(`! ${sanitizeLine(message)}`, Math.max(inner - LABEL_WIDTH, 8), Infinity);
      return [one(row), ...lines.map((line, i) => one({ kind: 'text', tone: 'error', wrap: 'truncate', text: `${indent}${i === 0 ? '' : '  '}${line}` }))];
    }
    case 'table':
      // ink-table: a border, the header and a rule, then each row and a rule under it.
      return [one(block, 2 * Math.max(block.rows.length, 1) + 3)];
    case 'output':
      return [one(block, block.height)];
    default:
      return [one(block)];
  }
}

const drawn = (p: Piece) => ({ key: p.key, block: p.block });
const focusable = (b: DialogBlock) => b.kind === 'field' || b.kind === 'toggle';

/** The view block the rows are kept around: the focused row, else what is being waited on, else the form row focused last. */
function anchorOf(view: DialogView): number | undefined {
  const focused = view.blocks.findIndex((b) => focusable(b) && 'focused' in b && b.focused);
  if (focused >= 0) return focused;
  const busy = view.blocks.findIndex((b) => b.kind === 'busy');
  if (busy >= 0) return busy;
  if (view.focus === undefined) return undefined;
  const rows = view.blocks.flatMap((b, i) => (focusable(b) ? [i] : []));
  return rows[Math.min(view.focus, rows.length - 1)];
}

/** The hint line's parts as lines: wrapped between parts, a part wider than the line over three at most. */
export function hintLines(hint: string, inner: number): string[] {
  return wrapParts(hint.split(' · '), inner).flatMap((line) => wrap(line, inner, 3));
}

/**
 * The hints in `n` lines when they need more: the parts before the last give way, from the end
 * (the first says what Enter does, the last how to leave), and an ellipsis says some did.
 */
function cutHints(hint: string, n: number, inner: number): string[] {
  const parts = hint.split(' · ');
  const last = parts.length - 1;
  for (let keep = last - 1; keep >= 0; keep--) {
    const lines = hintLines([...parts.slice(0, keep), '…', ...parts.slice(last)].join(' · '), inner);
    if (lines.length <= n) return lines;
  }
  return cut(hintLines(hint, inner), n, inner);
}

/** Lines cut to `n`, the last one marked when some were left out. */
function cut(lines: readonly string[], n: number, inner: number): string[] {
  if (n >= lines.length) return [...lines];
  const kept = lines.slice(0, n);
  const last = kept.length - 1;
  if (last >= 0) kept[last] = truncate(`${kept[last] ?? ''} …`, inner);
  return kept;
}

export function fitDialog(view: DialogView, hint: string, inner: number, rows: number): FittedDialog {
  const all = view.blocks.flatMap((block, i) => pieces(block, i, inner));
  const errors = view.error ? wrap(`✗ ${sanitizeLine(view.error)}`, inner, Infinity) : [];
  const hints = hintLines(hint, inner);
  const total = all.reduce((n, p) => n + p.height, 0);
  const full = FRAME_ROWS + total + (errors.length > 0 ? errors.length + 1 : 0) + hints.length + 1;
  if (full <= rows) return { blocks: all.map(drawn), above: 0, below: 0, errorLines: errors, hintLines: hints, spaced: true };

  let room = Math.max(rows - FRAME_ROWS, 1);
  const take = (height: number): boolean => {
    if (height > room) return false;
    room -= height;
    return true;
  };
  const owner = anchorOf(view);
  const first = Math.max(
    all.findIndex((p) => p.owner === owner),
    0,
  );
  // The anchor's first line is drawn whatever else gives way.
  room -= Math.min(all[first]?.height ?? 0, room);
  let from = first;
  let to = all.length > 0 ? first + 1 : 0;
  const errorShown = errors.length > 0 && take(1) ? 1 : 0;
  const hintShown = hints.length > 0 && take(1) ? 1 : 0;
  // The rest of the anchor (a field's validation message).
  while (to < all.length && all[to]?.owner === owner && take(all[to]?.height ?? 1)) to++;
  let errorCount = errorShown;
  while (errorCount > 0 && errorCount < errors.length && take(1)) errorCount++;
  let hintCount = hintShown;
  while (hintCount > 0 && hintCount < hints.length && take(1)) hintCount++;
  for (let grew = true; grew; ) {
    grew = false;
    const down = all[to];
    if (down && take(down.height)) {
      to++;
      grew = true;
    }
    const up = all[from - 1];
    if (up && take(up.height)) {
      from--;
      grew = true;
    }
  }
  const lines = (list: readonly Piece[]) => list.reduce((n, p) => n + p.height, 0);
  return {
    blocks: all.slice(from, to).map(drawn),
    above: lines(all.slice(0, from)),
    below: lines(all.slice(to)),
    errorLines: cut(errors, errorCount, inner),
    hintLines: hintCount >= hints.length ? hints : cutHints(hint, hintCount, inner),
    spaced: false,
  };
}

/** The title, with what lies above and below the rows drawn on its right. */
export function titleLine(title: string, above: number, below: number, inner: number): string {
  if (above === 0 && below === 0) return truncate(title, inner);
  const long = [above > 0 ? `↑ ${above} more` : '', below > 0 ? `↓ ${below} more` : ''].filter(Boolean).join(' · ');
  const short = [above > 0 ? `↑${above}` : '', below > 0 ? `↓${below}` : ''].filter(Boolean).join(' ');
  // The title keeps some room before the marks take their long form.
  const marks = inner - long.length - 1 >= Math.min(title.length, 16) ? long : short;
  const head = truncate(title, Math.max(inner - marks.length - 1, 1));
  return `${head}${' '.repeat(Math.max(inner - displayWidth(head) - marks.length, 1))}${marks}`;
}

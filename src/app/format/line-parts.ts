// One line made of parts that matter unequally (the status bar): when the terminal is too narrow
// for all of them, the least useful part gives way first — shortened to its next form, then
// dropped — so what matters most (the connection state, the counts) stays whole.

import { displayWidth } from './width.ts';

export interface LinePart {
  /** From the fullest form to the shortest; after the last one the part is dropped. */
  forms: readonly string[];
  /**
   * Lower numbers are kept longest. Parts with priority 0 are never dropped (they may still take
   * their shorter forms): if they alone do not fit, the line is cut at the terminal's edge. A list
   * gives each step its own priority: `[9, 3]` gives up the full form early and the short one late.
   */
  priority: number | readonly number[];
  /** What separates this part from the one before it, when there is one (default " · "). */
  gap?: string;
}

export type FittedPart<P extends LinePart> = P & { text: string; gapText: string };

const DEFAULT_GAP = ' · ';

/**
 * The parts that fit in `width` cells, in their original order, each with the form it gets and
 * the gap it is drawn after ("" for the first). The part with the highest priority number gives
 * way first (on a tie, the rightmost); a part that gives way takes its next shorter form, or is
 * dropped after its last.
 */
export function fitParts<P extends LinePart>(parts: readonly P[], width: number): Array<FittedPart<P>> {
  const form: number[] = parts.map((p) => (p.forms.length > 0 ? 0 : -1));
  const widths = parts.map((p) => p.forms.map(displayWidth));
  const total = () => {
    let sum = 0;
    let first = true;
    parts.forEach((p, i) => {
      const at = form[i] ?? -1;
      if (at < 0) return;
      sum += (widths[i]?.[at] ?? 0) + (first ? 0 : displayWidth(p.gap ?? DEFAULT_GAP));
      first = false;
    });
    return sum;
  };
  // The priority of a part's next step: giving up the form it has now.
  const stepPriority = (i: number): number => {
    const p = parts[i]?.priority ?? 0;
    return typeof p === 'number' ? p : (p[Math.min(form[i] ?? 0, p.length - 1)] ?? 0);
  };
  while (total() > width) {
    let give = -1;
    parts.forEach((p, i) => {
      const at = form[i] ?? -1;
      if (at < 0) return;
      const canGive = stepPriority(i) > 0 || at < p.forms.length - 1;
      if (canGive && (give < 0 || stepPriority(i) >= stepPriority(give))) give = i;
    });
    if (give < 0) break; // only what must stay is left: the caller cuts the line
    const next = (form[give] ?? 0) + 1;
    form[give] = next < (parts[give]?.forms.length ?? 0) ? next : -1;
  }
  const fitted: Array<FittedPart<P>> = [];
  parts.forEach((p, i) => {
    const at = form[i] ?? -1;
    if (at < 0) return;
    fitted.push({ ...p, text: p.forms[at] ?? '', gapText: fitted.length === 0 ? '' : (p.gap ?? DEFAULT_GAP) });
  });
  return fitted;
}

/**
 * `parts` joined by `separator` into lines of at most `width` cells, breaking only between parts
 * (a dialog's key hints: "Enter run · Tab next field · Esc cancel" wraps at a " · ", never inside
 * "Tab next field"). A part wider than the line gets a line of its own (the caller wraps or cuts it).
 */
export function wrapParts(parts: readonly string[], width: number, separator = ' · '): string[] {
  const lines: string[] = [];
  let line = '';
  for (const part of parts) {
    if (line === '') line = part;
    else if (displayWidth(line) + displayWidth(separator) + displayWidth(part) <= width) line += separator + part;
    else {
      lines.push(line);
      line = part;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

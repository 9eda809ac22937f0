// Text over several lines of a given width, for messages that must be read whole (a pull's error,
// the engine's refusal in the banner) rather than cut at the terminal's edge.

import { displayWidth, truncate } from './width.ts';
import { graphemes } from '../input/graphemes.ts';


/**
 * Cuts text into lines of at most `width` cells, at a space where there is one in the later
 * part of the line, else between graphemes; the last line ends in … if text remains.
 */
export function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let rest = text;
  while (rest !== '' && lines.length < maxLines) {
    if (lines.length === maxLines - 1 || displayWidth(rest) <= width) {
      lines.push(truncate(rest, width));
      break;
    }
    let used = 0;
    let cut = 0;
    let space = -1;
    for (const { segment, index } of graphemes(rest)) {
      const w = displayWidth(segment);
      if (used + w > width) {
        if (segment === ' ') space = index;
        break;
      }
      if (segment === ' ') space = index;
      used += w;
      cut = index + segment.length;
    }
    // A grapheme wider than the whole line still has to go somewhere.
    if (cut === 0) cut = (graphemes(rest)[Symbol.iterator]().next().value?.segment ?? rest).length;
    const at = space > 0 && space >= cut / 3 ? space : cut;
    lines.push(rest.slice(0, at).trimEnd());
    rest = rest.slice(at).trimStart();
  }
  return lines.length > 0 ? lines : [''];
}

// The ways terminals measure text that berth's format code reconciles, for the tests of it. berth
// (and Ink) measure grapheme clusters with string-width. xterm and VTE add up each code point's own
// width (glibc's wcwidth). tmux 3.3 does too, but folds the character after a ZWJ into the cell
// before it. Each code point's own width is string-width's answer for it alone.
import stringWidth from 'string-width';

const ZWJ = 0x200d;
const widths = new Map<number, number>();

function codePointWidth(c: number): number {
  let width = widths.get(c);
  if (width === undefined) widths.set(c, (width = stringWidth(String.fromCodePoint(c))));
  return width;
}

export function perCodePoint(text: string): number {
  let width = 0;
  for (const ch of text) width += codePointWidth(ch.codePointAt(0) ?? 0);
  return width;
}

export function tmux33(text: string): number {
  let width = 0;
  let previous = -1;
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    if (previous !== ZWJ) width += codePointWidth(c);
    previous = c;
  }
  return width;
}

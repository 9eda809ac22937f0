// Emoji sequences in a form every terminal draws at the width berth measures.
//
// Terminals disagree on the width of a cluster: xterm, VTE and tmux 3.3 measure per code point
// (glibc's wcwidth), newer terminals and berth's string-width per emoji sequence. `👍🏽` (a
// skin-tone modifier) is 4 cells per code point and 2 as a sequence; `❤️` (U+FE0F, emoji
// presentation) is 1 and 2; `1️⃣` (a keycap) 1 and 2; `👨‍👩‍👧` (joined with ZWJ) is 6 per code
// point, 2 in tmux 3.3 (it folds what follows a ZWJ into the cell before) and 2 as a sequence;
// two regional indicators that name no country (🇦🇦) are 2 per code point and 1 for string-width.
// A line measured one way and drawn the other wraps: the frame scrolls, columns shift.
//
// So the parts that make those sequences are left out, and what remains is characters each
// measured alone, which every rule agrees on: skin tones (U+1F3FB–U+1F3FF), variation selectors
// (U+FE0E, U+FE0F), the keycap mark after a digit, # or * (1️⃣ → 1), and a ZWJ next to a
// pictograph (👨‍👩‍👧 → 👨👩👧, 6 cells everywhere); a pair of regional indicators that is no flag
// becomes its two letters (🇦🇦 → AA). A ZWJ between letters is left to conjunct-forms.ts (Indic
// scripts); a flag and a subdivision flag's tag letters measure alike everywhere and are kept.
// The cost is the sequence's look: a family drawn as its members, a thumb in the default yellow.

// A character any of those sequences is made of; text without one is returned as it came.
export const SEQUENCE_PART = /[\u200d\u20e3\ufe0e\ufe0f]|\ud83c[\udde6-\uddff\udffb-\udfff]/;
const PICTOGRAPH = /^\p{Extended_Pictographic}$/u;
// string-width's own test of a flag (RGI: the pairs that name a region), made when first needed.
// Through the constructor: TypeScript's target predates the `v` flag, which Node 22 has.
let flag: RegExp | undefined;
const isFlag = (pair: string) => (flag ??= new RegExp('^\\p{RGI_Emoji_Flag_Sequence}$', 'v')).test(pair);
const REGIONAL = /\ud83c[\udde6-\uddff]/;

const ZWJ = 0x200d;
const KEYCAP = 0x20e3;

/** `text` with emoji sequences taken apart into characters whose width every terminal agrees on. */
export function plainEmoji(text: string): string {
  if (!SEQUENCE_PART.test(text)) return text;
  let out = '';
  let previous = -1; // the last code point kept
  let i = 0;
  while (i < text.length) {
    const c = text.codePointAt(i) ?? 0;
    const size = c > 0xffff ? 2 : 1;
    const next = text.codePointAt(i + size) ?? -1;
    const drop =
      isSkinTone(c) ||
      c === 0xfe0e ||
      c === 0xfe0f ||
      (c === KEYCAP && isKeycapBase(previous)) ||
      (c === ZWJ && (isPictograph(previous) || isPictograph(next)));
    if (!drop) {
      out += text.slice(i, i + size);
      previous = c;
    }
    i += size;
  }
  return REGIONAL.test(out) ? flagsOrLetters(out) : out;
}

// Run on what is left, as indicators the dropped parts kept apart pair up once they are gone.
function flagsOrLetters(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text.codePointAt(i) ?? 0;
    if (isRegional(c) && isRegional(text.codePointAt(i + 2) ?? -1)) {
      // Two indicators are one cluster (UAX #29) whatever follows; a third starts the next pair.
      const pair = text.slice(i, i + 4);
      out += isFlag(pair) ? pair : regionalLetter(c) + regionalLetter(text.codePointAt(i + 2) ?? 0);
      i += 4;
    } else {
      const size = c > 0xffff ? 2 : 1;
      out += text.slice(i, i + size);
      i += size;
    }
  }
  return out;
}

function isSkinTone(c: number): boolean {
  return c >= 0x1f3fb && c <= 0x1f3ff;
}

// 0-9, # and *: what a keycap sequence starts with.
function isKeycapBase(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || c === 0x23 || c === 0x2a;
}

function isPictograph(c: number): boolean {
  return c >= 0xa9 && PICTOGRAPH.test(String.fromCodePoint(c));
}

function isRegional(c: number): boolean {
  return c >= 0x1f1e6 && c <= 0x1f1ff;
}

function regionalLetter(c: number): string {
  return String.fromCharCode(0x41 + c - 0x1f1e6);
}

// Indic conjuncts in a form every terminal draws at the width berth measures.
//
// Since Unicode 15.1 (rule GB9c) a consonant, a virama that links it and the consonant after are
// one grapheme cluster, and string-width gives a cluster the width of its first letter: `नमस्ते`
// is 3 cells (न म स्ते). tmux 3.3, xterm and VTE measure per code point (glibc's wcwidth) and draw
// it in 4 (न म स त; the virama and the vowel sign are marks of no width). A line measured one cell
// narrower than it is drawn wraps, and the frame scrolls off the top. tmux also folds the character
// after a ZWJ into the cell before, so `क्‍ष` (a half form asked for with ZWJ) is 1 cell there,
// 2 per code point and 1 as a cluster.
//
// So a zero-width non-joiner (U+200C) follows each linking virama, and a ZWJ after one is left out:
// the ZWNJ ends the conjunct for the segmenter (it is no part of GB9c), so each consonant is a
// cluster of its own and both measures agree, and it has no width under either. The six linkers are
// the viramas Unicode gives InCB=Linker (Devanagari, Bengali, Gujarati, Oriya, Telugu, Malayalam);
// other scripts' viramas never join clusters. The cost is the look in a terminal that shapes text:
// the virama shown, as a ZWNJ asks, instead of the conjunct's ligature.
//
// A prepended letter (GB9b: Malayalam's dot reph U+0D4E and a few Brahmic letters beyond the BMP)
// is one cluster with the letter after it, and is 1 cell more per code point: a ZWNJ after it too.
//
// For the same fold, any other ZWJ before a character that takes a cell is left out too (`a‍b` is 1
// cell in tmux, 2 otherwise); one before a mark of no width, a format character or the end folds
// nothing and stays. plainEmoji (emoji-forms.ts) has already taken apart the ZWJs of emoji sequences.

// The six linking viramas, and the prepended letters that take a cell (GCB=Prepend, General
// Category Lo), so that the fast paths in sanitize.ts look at text with either.
export const LINKER = /[\u094d\u09cd\u0acd\u0b4d\u0c4d\u0d4d\u0d4e]|\ud804[\uddc2\uddc3]|\ud806[\udd3f\udd41\ude3a\ude84-\ude89]|\ud807[\udd46\udf02]/;
const JOINER = new RegExp(`${LINKER.source}|\u200d`);
// A linker with the ZWJs after it and the ZWNJ, if there is one already (so the result is the same
// twice); or a run of ZWJs, which goes when what follows it takes a cell. No lookahead: a run is
// matched once, so a megabyte of joiners is one linear pass.
const JOINS = /([\u094d\u09cd\u0acd\u0b4d\u0c4d\u0d4d\u0d4e\u{111c2}\u{111c3}\u{1193f}\u{11941}\u{11a3a}\u{11a84}-\u{11a89}\u{11d46}\u{11f02}])\u200d*\u200c?|\u200d+/gu;
const NO_CELL = /^[\p{Mn}\p{Me}\p{Cf}]$/u;

/**
 * `text` with each linking virama and prepended letter followed by a ZWNJ, so no conjunct joins
 * letters into one cluster, and without the ZWJs tmux would fold a character into.
 */
export function plainConjuncts(text: string): string {
  if (!JOINER.test(text)) return text;
  return text.replace(JOINS, (match: string, linker: string | undefined, offset: number) => {
    if (linker !== undefined) return `${linker}\u200c`;
    const next = text.codePointAt(offset + match.length);
    return next === undefined || NO_CELL.test(String.fromCodePoint(next)) ? match : '';
  });
}

/**
 * Grapheme clusters as `Intl.Segmenter` (grapheme granularity) gives them, without ICU for text in
 * which every character stands alone — which is nearly every string berth draws: table cells,
 * bars and box drawing, the status bar's "●", the terminal's own escape codes.
 *
 * ICU is costly to have around: the first `Intl.Segmenter` loads its break rules and dictionaries
 * (~4 MB of berth's resident memory, bench B5, counting the pages of Node's binary it touches),
 * and Ink's output tokenizer ran every line of every frame through it. So berth segments through
 * this, and so do the libraries it uses (each library's `new Intl.Segmenter` is a copy of this,
 * `berth-graphemes.js`, through test/tools/patches; test/tools/patches.test.ts holds the copies
 * to this test): ICU is loaded only for text that needs it (combining marks, emoji sequences,
 * Hangul jamo, and the like).
 */

/**
 * Code units that are a grapheme cluster on their own whatever surrounds them: by UAX #29 their
 * Grapheme_Cluster_Break is Other or Control, so no rule joins them to a neighbour that is also
 * one of them. C0 and C1 controls but CR (CR LF is one cluster), Latin-1 and Latin Extended to
 * the spacing modifier letters (combining marks start at U+0300), general punctuation to U+205E
 * (not ZWNJ, ZWJ or the format characters after it), super- and subscripts and currency signs,
 * and the symbol blocks U+2100–U+2BFF (arrows, box drawing, blocks, shapes, dingbats, braille).
 * test/state/input/graphemes.test.ts checks every one of them against ICU.
 */
const STANDALONE = /^[\u0000-\u000c\u000e-\u02ff\u2010-\u2027\u2030-\u205e\u2070-\u20c0\u2100-\u2bff]*$/;

type Segment = Intl.SegmentData;

/** What `Intl.Segmenter#segment` returns: the clusters in order, and the one at an index. */
export interface GraphemeSegments extends Iterable<Segment> {
  containing(codeUnitIndex?: number): Segment | undefined;
}

let icu: Intl.Segmenter | undefined;

/** A stand-in for `new Intl.Segmenter()` (grapheme granularity, the only one berth uses). */
export class GraphemeSegmenter {
  segment(text: string): GraphemeSegments {
    if (STANDALONE.test(text)) return new StandaloneSegments(text);
    icu ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    return icu.segment(text);
  }
}

/** Each code unit a cluster of its own (all of them are in the BMP, so a code unit is a character). */
class StandaloneSegments implements GraphemeSegments {
  constructor(private readonly input: string) {}

  *[Symbol.iterator](): Iterator<Segment> {
    const input = this.input;
    for (let index = 0; index < input.length; index++) yield { segment: input[index] ?? '', index, input };
  }

  containing(codeUnitIndex = 0): Segment | undefined {
    const index = Math.trunc(codeUnitIndex);
    if (!(index >= 0 && index < this.input.length)) return undefined;
    return { segment: this.input[index] ?? '', index, input: this.input };
  }
}

const shared = new GraphemeSegmenter();

/** The grapheme clusters of `text`, in order. */
export function graphemes(text: string): GraphemeSegments {
  return shared.segment(text);
}

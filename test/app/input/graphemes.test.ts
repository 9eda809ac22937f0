import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { GraphemeSegmenter, graphemes } from '../../../src/app/input/graphemes.ts';

const icu = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const ours = new GraphemeSegmenter();
const split = (segments: Iterable<Intl.SegmentData>) => Array.from(segments, ({ segment, index }) => [index, segment] as const);

test('every BMP character up to U+2FFF, alone, doubled and between others, is segmented as ICU segments it', () => {
  const differ: string[] = [];
  for (let cp = 0; cp <= 0x2fff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const c = String.fromCharCode(cp);
    for (const text of [c, c + c, `a${c}a`, `${c}─${c}`, `${c}\u0301`, `\u1100${c}`]) {
      if (JSON.stringify(split(ours.segment(text))) !== JSON.stringify(split(icu.segment(text)))) differ.push(`U+${cp.toString(16)} in ${JSON.stringify(text)}`);
    }
  }
  assert.deepEqual(differ.slice(0, 10), []);
});

const alphabet = fc.constantFrom(
  'a', ' ', '─', '●', '…', '✓', '⠋', 'é', '\x1b', '[', 'm', '\r', '\n', '\t', '\u0301', '\u200d', '\ufe0f', '👍', '🏽', '🇩', '🇪', '\u1100', '\u1161', '\u11a8', '日', '\u0915', '\u094d', '\u00ad',
);

test('property: any text is segmented as ICU segments it, and each index falls in the same cluster', () => {
  fc.assert(
    fc.property(fc.array(alphabet, { maxLength: 24 }).map((parts) => parts.join('')), (text) => {
      assert.deepEqual(split(graphemes(text)), split(icu.segment(text)));
      for (let i = -1; i <= text.length; i++) {
        const a = graphemes(text).containing(i);
        const b = icu.segment(text).containing(i);
        assert.deepEqual(a && [a.index, a.segment], b && [b.index, b.segment], `containing(${i}) of ${JSON.stringify(text)}`);
      }
    }),
    { numRuns: 500 },
  );
});

test('text of characters that stand alone is segmented without ICU; other text by ICU', () => {
  const icuSegments = Object.getPrototypeOf(icu.segment('x')) as object;
  for (const text of ['plain', '\x1b[1mberth\x1b[22m · docker.sock ● live', '█████░░░ 42 %', '⠋ pulling…', '└─ web ✓', '']) {
    assert.notEqual(Object.getPrototypeOf(graphemes(text)), icuSegments, JSON.stringify(text));
  }
  for (const text of ['e\u0301', '👍', 'a\r\nb', '日本']) assert.equal(Object.getPrototypeOf(graphemes(text)), icuSegments, JSON.stringify(text));
});

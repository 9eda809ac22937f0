import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import stringWidth from 'string-width';
import { plainConjuncts } from '../../../src/app/format/conjunct-forms.ts';
import { displayWidth, fit, sanitizeLine, sanitizeText, truncate } from '../../../src/app/format/index.ts';
import { perCodePoint, tmux33 } from './terminal-widths.ts';

// describe/it return promises that the node:test runner tracks itself; `void` says so to the linter.

/** `text`'s width for berth (string-width, by cluster), per code point and for tmux 3.3, all one number. */
function assertAgreed(text: string, width?: number): void {
  const berth = stringWidth(text);
  const where = JSON.stringify(text);
  assert.equal(perCodePoint(text), berth, `${where}: per code point ${perCodePoint(text)}, berth ${berth}`);
  assert.equal(tmux33(text), berth, `${where}: tmux 3.3 ${tmux33(text)}, berth ${berth}`);
  if (width !== undefined) assert.equal(berth, width, `${where}: ${berth} cells, not ${width}`);
}

const NAMASTE = 'नमस्ते'; // न म स ् त े: tmux draws 4 cells, one cluster-measure says 3
const BANGLA = 'বাংলা'; // ব া ং ল া: spacing marks, 5 cells either way
const HINDI = 'हिन्दी';
const KSSA_HALF = 'क्\u200dष'; // a half form asked for with ZWJ: tmux folds the ष into the क's cell
const MIXED = `web-1 ${NAMASTE} ${BANGLA} ${HINDI} ${KSSA_HALF} নমস্কার ok`;

// The scripts whose virama joins clusters (InCB=Linker): the block's start and its virama.
const SCRIPTS: Array<[string, number]> = [
  ['Devanagari', 0x900],
  ['Bengali', 0x980],
  ['Gujarati', 0xa80],
  ['Oriya', 0xb00],
  ['Telugu', 0xc00],
  ['Malayalam', 0xd00],
];
const LETTER = /^\p{L}$/u;
function consonants(block: number): string[] {
  const out: string[] = [];
  for (let c = block + 0x15; c <= block + 0x39; c++) if (LETTER.test(String.fromCodePoint(c))) out.push(String.fromCodePoint(c));
  return out;
}

void describe('Indic conjuncts measured by cluster and per code point', () => {
  void it('are measured differently as they come: the case the frame broke on', () => {
    assert.equal(stringWidth(NAMASTE), 3);
    assert.equal(perCodePoint(NAMASTE), 4);
    assert.equal(tmux33(KSSA_HALF), 1);
    assert.equal(perCodePoint(KSSA_HALF), 2);
  });

  void it('नमस्ते is 4 cells once sanitized, under every measure', () => {
    assert.equal(displayWidth(NAMASTE), 4);
    assertAgreed(sanitizeLine(NAMASTE), 4);
    assertAgreed(sanitizeText(NAMASTE), 4);
    assert.equal(sanitizeLine(NAMASTE), 'नमस्\u200cते', 'a ZWNJ after the virama, nothing else changed');
  });

  void it('বাংলা is 5 cells under every measure', () => {
    assert.equal(displayWidth(BANGLA), 5);
    assertAgreed(sanitizeLine(BANGLA), 5);
    assertAgreed(sanitizeLine('ক্ষ'), 2);
  });

  void it('a mixed line is measured alike, and fit and truncate give the cells asked for under every measure', () => {
    const clean = sanitizeLine(MIXED);
    assertAgreed(clean, displayWidth(MIXED));
    for (let width = 1; width <= displayWidth(MIXED) + 2; width++) {
      const fitted = fit(MIXED, width);
      assertAgreed(fitted, width);
      assert.ok(perCodePoint(truncate(MIXED, width)) <= width, `truncate to ${width} fits per code point`);
      assert.ok(tmux33(truncate(MIXED, width)) <= width, `truncate to ${width} fits for tmux`);
    }
  });

  void it('every consonant + virama + consonant (+ a ZWJ, + a vowel sign) of the six scripts agrees once plain', () => {
    for (const [script, block] of SCRIPTS) {
      const letters = consonants(block);
      const virama = String.fromCodePoint(block + 0x4d);
      const sign = String.fromCodePoint(block + 0x3f);
      for (const a of letters) {
        for (const b of letters) {
          for (const form of [a + virama + b, a + virama + '\u200d' + b + sign, a + virama + b + virama + a]) {
            const plain = plainConjuncts(form);
            assert.equal(stringWidth(plain), perCodePoint(plain), `${script} ${JSON.stringify(form)}`);
            assert.equal(tmux33(plain), perCodePoint(plain), `${script} ${JSON.stringify(form)} (tmux)`);
          }
        }
      }
    }
  });

  // Every assigned character of the six blocks (U+0D4E, Malayalam dot reph, among them: a Prepend),
  // and the other prepended letters.
  void it('any text of those scripts, joiners and Latin agrees once sanitized', () => {
    const alphabet = [...SCRIPTS.flatMap(([, block]) => Array.from({ length: 0x80 }, (_, i) => String.fromCodePoint(block + i))), '\u200d', '\u200c', 'a', ' ', '\u{111c2}', '\u{11191}', '\u{11a84}'].filter(
      (c) => !/\p{Cn}/u.test(c),
    );
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...alphabet), { maxLength: 12 }), (chars) => {
        const clean = sanitizeLine(chars.join(''));
        return stringWidth(clean) === perCodePoint(clean) && stringWidth(clean) === tmux33(clean);
      }),
      { numRuns: 20000 },
    );
  });

  void it('leaves text without a linking virama as it was, and does nothing the second time', () => {
    const latin = 'plain text';
    assert.equal(plainConjuncts(latin), latin);
    assert.equal(plainConjuncts('\u0d4eവ'), '\u0d4e\u200cവ', 'a prepended letter is its own cluster');
    assert.equal(plainConjuncts(BANGLA), BANGLA);
    const once = plainConjuncts(MIXED);
    assert.equal(plainConjuncts(once), once);
    assert.equal(plainConjuncts('क्\u200d\u200cष'), 'क्\u200cष', 'a ZWJ after the virama is left out, one ZWNJ kept');
    assert.equal(plainConjuncts('a\u200db \u0930\u200d\u094dय'), 'ab \u0930\u200d\u094d\u200cय', 'a ZWJ before a letter goes; one before a virama (eyelash ra) stays');
  });

  void it('a megabyte of joiners, or of conjuncts, is one linear pass', () => {
    assert.equal(plainConjuncts('\u200d'.repeat(1_000_000) + '\u200c'), '\u200d'.repeat(1_000_000) + '\u200c');
    assert.equal(plainConjuncts('\u200d'.repeat(1_000_000) + 'a'), 'a');
    assert.equal(plainConjuncts('स्'.repeat(500_000)), 'स्\u200c'.repeat(500_000));
  });
});

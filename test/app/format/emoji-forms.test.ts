import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import stringWidth from 'string-width';
import { plainEmoji } from '../../../src/app/format/emoji-forms.ts';
import { perCodePoint, tmux33 } from './terminal-widths.ts';

// describe/it return promises that the node:test runner tracks itself; `void` says so to the linter.

// The three ways of measuring that emoji-forms.ts reconciles: terminal-widths.ts.

function assertAgreed(text: string): void {
  const berth = stringWidth(text);
  assert.equal(perCodePoint(text), berth, `${JSON.stringify(text)}: per code point ${perCodePoint(text)}, berth ${berth}`);
  assert.equal(tmux33(text), berth, `${JSON.stringify(text)}: tmux 3.3 ${tmux33(text)}, berth ${berth}`);
}

void describe('plainEmoji', () => {
  // [what, input, output]: each input is measured differently by the three rules (checked below,
  // so the cases stay ones that matter), each output alike.
  const cases: Array<[string, string, string]> = [
    ['a skin tone is left out', '👍🏽', '👍'],
    ['a skin tone on a text-style base', '☝🏿 up', '☝ up'],
    ['VS16 (emoji presentation) is left out', '❤️', '❤'],
    ['a ZWJ family becomes its members', '👨‍👩‍👧', '👨👩👧'],
    ['ZWJ with skin tones and VS16', '👩🏽‍❤️‍👨🏻', '👩❤👨'],
    ['a ZWJ sequence with VS16 before the join', '🏳️‍🌈 pride', '🏳🌈 pride'],
    ['a keycap becomes its digit', '1️⃣ #️⃣ *⃣', '1 # *'],
    ['two regional indicators that are no flag become letters', '🇦🇦 🇫🇷🇦🇦', 'AA 🇫🇷AA'],
    ['a ZWJ next to a pictograph but not between two', 'a‍👍 👍‍b', 'a👍 👍b'],
    ['a skin tone alone', 'x🏽y', 'xy'],
  ];
  for (const [what, input, expected] of cases) {
    void it(what, () => {
      assert.notEqual(perCodePoint(input) === stringWidth(input) && tmux33(input) === stringWidth(input), true, 'the input is measured differently');
      const out = plainEmoji(input);
      assert.equal(out, expected);
      assertAgreed(out);
    });
  }

  void it('returns text without sequence parts as it came', () => {
    for (const text of ['', 'web-1 listening on :8080', '漢字 😀 👍 ❤ e\u0301', '∑ → ●']) assert.equal(plainEmoji(text), text);
  });

  void it('keeps flags, a lone regional indicator and a subdivision flag', () => {
    for (const text of ['🇫🇷🇩🇪', '🇫 x', '🏴󠁧󠁢󠁳󠁣󠁴󠁿!']) assert.equal(plainEmoji(text), text);
  });

  void it('keeps a ZWJ between letters (Indic shaping), and a keycap mark on a letter', () => {
    assert.equal(plainEmoji('क्‍ष'), 'क्‍ष');
    assert.equal(plainEmoji('A\u20e3'), 'A\u20e3');
  });

  void it('a megabyte of skin-toned thumbs is one linear pass', () => {
    const out = plainEmoji('👍🏽'.repeat(250_000));
    assert.equal(out, '👍'.repeat(250_000));
  });
});

// Every emoji code point of the kinds sequences are built from (assigned ones: \p{Emoji}).
const pictographs: number[] = [];
const modifierBases: number[] = [];
for (let c = 0xa9; c <= 0x1faff; c++) {
  const ch = String.fromCodePoint(c);
  if (/\p{Extended_Pictographic}/u.test(ch) && /\p{Emoji}/u.test(ch)) pictographs.push(c);
  if (/\p{Emoji_Modifier_Base}/u.test(ch)) modifierBases.push(c);
}
const cp = (pool: readonly number[]) => fc.constantFrom(...pool).map((c) => String.fromCodePoint(c));
const tone = fc.integer({ min: 0x1f3fb, max: 0x1f3ff }).map((c) => String.fromCodePoint(c));
const selector = fc.constantFrom('', '\ufe0f', '\ufe0e');
const element = fc.oneof(
  fc.tuple(cp(pictographs), selector).map(([p, s]) => p + s),
  fc.tuple(cp(modifierBases), tone, selector).map(([b, t, s]) => b + t + s),
);
const emoji = fc.oneof(
  element,
  fc.array(element, { minLength: 2, maxLength: 4 }).map((parts) => parts.join('\u200d')),
  fc.tuple(fc.constantFrom(...'0123456789#*'), fc.constantFrom('', '\ufe0f')).map(([k, s]) => `${k}${s}\u20e3`),
  fc.array(fc.integer({ min: 0x1f1e6, max: 0x1f1ff }), { minLength: 1, maxLength: 3 }).map((r) => String.fromCodePoint(...r)),
  fc.array(fc.integer({ min: 0xe0061, max: 0xe007a }), { minLength: 1, maxLength: 5 }).map((t) => `🏴${String.fromCodePoint(...t)}\u{e007f}`),
  tone,
);
const line = fc.array(fc.oneof(emoji, fc.constantFrom('a', ' ', '漢', 'e\u0301', '|')), { maxLength: 12 }).map((parts) => parts.join(''));

void describe('plainEmoji properties', () => {
  void it('what it returns is as wide for berth as per code point and for tmux 3.3', () => {
    fc.assert(fc.property(line, (text) => assertAgreed(plainEmoji(text))), { numRuns: 1500 });
  });

  void it('is idempotent', () => {
    fc.assert(fc.property(line, (text) => assert.equal(plainEmoji(plainEmoji(text)), plainEmoji(text))), { numRuns: 500 });
  });
});

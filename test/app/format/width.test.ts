import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import stringWidth from 'string-width';
import { displayWidth, fit, padEnd, padStart, sanitizeTabbed, truncate } from '../../../src/app/format/width.ts';
import type { Align } from '../../../src/app/format/width.ts';

// describe/it return promises that the node:test runner tracks itself; `void` says so to the linter.

void describe('displayWidth', () => {
  const cases: Array<[string, number]> = [
    ['', 0],
    ['abc', 3],
    ['漢字', 4],
    ['😀', 2],
    ['👩‍💻', 4], // taken apart: 👩💻 (emoji-forms.ts)
    ['👍🏽', 2],
    ['❤️', 1],
    ['e\u0301', 1],
    ['\x1b[31mred\x1b[0m', 3],
    ['a\tb', 3],
  ];
  for (const [input, expected] of cases) {
    void it(`${JSON.stringify(input)} → ${expected}`, () => assert.equal(displayWidth(input), expected));
  }
});

void describe('truncate', () => {
  const cases: Array<[string, number, string]> = [
    ['hello', 10, 'hello'],
    ['hello', 5, 'hello'],
    ['hello world', 5, 'hell…'],
    ['hello', 1, '…'],
    ['hello', 0, ''],
    ['', 0, ''],
    ['', 3, ''],
    ['hello', -3, ''],
    ['hello', Number.NaN, ''],
    ['hello world', 5.9, 'hell…'],
    ['漢字テキスト', 12, '漢字テキスト'],
    ['漢字テキスト', 7, '漢字テ…'],
    ['漢字テキスト', 6, '漢字…'], // テ would straddle the edge: left out whole
    ['漢字', 1, '…'],
    ['a漢字', 2, 'a…'],
    ['😀😀😀', 4, '😀…'],
    ['🇫🇷🇫🇷', 3, '🇫🇷…'], // a flag (two code points, one cluster) kept whole
    ['👩‍💻👩‍💻', 5, '👩💻…'], // a ZWJ sequence is taken apart first
    ['e\u0301e\u0301e\u0301', 2, 'e\u0301…'], // combining mark stays with its base
    ['𝒳𝒳𝒳𝒳', 3, '𝒳𝒳…'], // astral, narrow: surrogate pairs not split
    ['line one\nline two', 9, 'line one…'],
    ['\x1b]0;owned\x07container', 6, 'conta…'],
  ];
  for (const [input, width, expected] of cases) {
    void it(`${JSON.stringify(input)} @${width} → ${JSON.stringify(expected)}`, () => assert.equal(truncate(input, width), expected));
  }

  void it('stops early on a huge line', () => {
    assert.equal(truncate('漢'.repeat(1_000_000), 5), '漢漢…');
  });
});

void describe('padEnd / padStart', () => {
  const cases: Array<[string, number, string, string]> = [
    ['ab', 4, 'ab  ', '  ab'],
    ['漢', 4, '漢  ', '  漢'],
    ['abcdef', 3, 'abcdef', 'abcdef'], // never cuts
    ['', 2, '  ', '  '],
    ['x', 0, 'x', 'x'],
    ['\x07x', 2, 'x ', ' x'],
  ];
  for (const [input, width, end, start] of cases) {
    void it(`${JSON.stringify(input)} @${width}`, () => {
      assert.equal(padEnd(input, width), end);
      assert.equal(padStart(input, width), start);
    });
  }
});

void describe('fit', () => {
  const cases: Array<[string, number, Align | undefined, string]> = [
    ['abc', 6, undefined, 'abc   '],
    ['abc', 6, 'left', 'abc   '],
    ['abc', 6, 'right', '   abc'],
    ['abc', 6, 'center', ' abc  '],
    ['abcdefgh', 6, 'left', 'abcde…'],
    ['abcdefgh', 6, 'right', 'abcde…'],
    ['漢字テキスト', 6, 'left', '漢字… '],
    ['漢字テキスト', 6, 'right', ' 漢字…'],
    ['abc', 0, 'left', ''],
    ['abc', 1, 'left', '…'],
    ['', 3, 'center', '   '],
  ];
  for (const [input, width, align, expected] of cases) {
    void it(`${JSON.stringify(input)} @${width} ${align ?? '(default)'} → ${JSON.stringify(expected)}`, () =>
      assert.equal(fit(input, width, align), expected),
    );
  }
});

const anyText = fc.string({
  unit: fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 1 }),
    fc.constantFrom('漢', '😀', '👩‍💻', 'e\u0301', '\x1b[1m', '\t', '\n', '\u202e', 'a'),
  ),
  maxLength: 30,
});
const anyWidth = fc.integer({ min: 0, max: 40 });
const anyAlign = fc.constantFrom<Align>('left', 'right', 'center');

void describe('width properties', () => {
  void it('truncate never exceeds the width and keeps text that fits', () => {
    fc.assert(
      fc.property(anyText, anyWidth, (text, width) => {
        const out = truncate(text, width);
        assert.ok(stringWidth(out) <= width, `${JSON.stringify(out)} wider than ${width}`);
        if (displayWidth(text) <= width) assert.equal(stringWidth(out), displayWidth(text));
        else if (width > 0) assert.ok(out.endsWith('…'));
      }),
      { numRuns: 1000 },
    );
  });

  void it('truncate output is a prefix of the sanitized text (plus ellipsis) and never splits a surrogate pair', () => {
    fc.assert(
      fc.property(anyText, anyWidth, (text, width) => {
        const out = truncate(text, width);
        const full = truncate(text, 10_000); // the sanitized text, uncut
        if (out === full || width === 0) return;
        assert.ok(out.endsWith('…'));
        const body = out.slice(0, -1);
        assert.ok(full.startsWith(body));
        assert.ok(!/[\ud800-\udbff]$/.test(body), 'ends on a high surrogate');
      }),
      { numRuns: 1000 },
    );
  });

  void it('fit is always exactly the width, in every alignment', () => {
    fc.assert(
      fc.property(anyText, anyWidth, anyAlign, (text, width, align) => {
        assert.equal(stringWidth(fit(text, width, align)), width);
      }),
      { numRuns: 1000 },
    );
  });

  void it('fit output never contains a control character or line break', () => {
    fc.assert(
      fc.property(anyText, anyWidth, anyAlign, (text, width, align) => {
        assert.ok(!/[\u0000-\u001f\u007f-\u009f]/.test(fit(text, width, align)));
      }),
    );
  });
});

void describe('sanitizeTabbed: tabs to the next stop of 8, as a terminal shows docker logs', () => {
  const cases: Array<[string, string]> = [
    ['no tabs', 'no tabs'],
    ['a\tb', 'a       b'],
    ['1234567\tx', '1234567 x'],
    ['12345678\tx', '12345678        x'],
    ['\tindented', '        indented'],
    ['name\tsize\tage', 'name    size    age'],
    ['日本\tx', '日本    x'],
    ['\u001b[31mred\u001b[0m\tx', 'red     x'],
    ['a\t\tb', 'a               b'],
  ];
  for (const [input, expected] of cases) void it(JSON.stringify(input), () => assert.equal(sanitizeTabbed(input), expected));
});

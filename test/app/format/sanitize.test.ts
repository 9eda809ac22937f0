import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { sanitizeLine, sanitizeText } from '../../../src/app/format/sanitize.ts';

// describe/it return promises that the node:test runner tracks itself; `void` says so to the linter.

// Independent of the implementation's own regexes on purpose: these say what must never reach the terminal.
const FORBIDDEN_LINE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const FORBIDDEN_TEXT = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

void describe('sanitizeLine', () => {
  const cases: Array<[string, string, string]> = [
    ['plain text is untouched', 'web-1 listening on :8080', 'web-1 listening on :8080'],
    ['empty string', '', ''],
    ['title change + clear screen', '\x1b]0;owned\x07\x1b[2Jhello', 'hello'],
    ['SGR colours', 'a\x1b[31mred\x1b[0mb', 'aredb'],
    ['CSI with private params and intermediates', 'x\x1b[?1049hy\x1b[1 qz', 'xyz'],
    ['OSC terminated by ST', 'a\x1b]8;;https://evil\x1b\\link\x1b]8;;\x1b\\b', 'alinkb'],
    ['OSC terminated by 8-bit ST', 'a\x1b]2;t\x9cb', 'ab'],
    ['DCS', 'a\x1bPq#0;2;0;0;0\x1b\\b', 'ab'],
    ['SOS / PM / APC', 'a\x1bXsos\x1b\\b\x1b^pm\x1b\\c\x1b_apc\x1b\\d', 'abcd'],
    ['two-char escapes (RIS, save cursor, index)', 'a\x1bcb\x1b7c\x1bMd', 'abcd'],
    ['charset designation with intermediate', 'a\x1b(Bb\x1b)0c', 'abc'],
    ['8-bit CSI', 'a\x9b2Jb\x9b31mc', 'abc'],
    ['8-bit OSC', 'a\x9d0;owned\x07b', 'ab'],
    ['8-bit DCS / SOS / PM / APC', 'a\x90x\x9cb\x98x\x9cc\x9ex\x9cd\x9fx\x9ce', 'abcde'],
    ['unterminated CSI at end', 'abc\x1b[12;3', 'abc'],
    ['unterminated OSC runs to end', 'abc\x1b]0;owned', 'abc'],
    ['lone ESC at end', 'abc\x1b', 'abc'],
    ['ESC ESC', 'a\x1b\x1b[1mb', 'ab'],
    ['malformed CSI keeps following text', 'a\x1b[1\u00e9b', 'a\u00e9b'],
    ['OSC ends at a line break', 'a\x1b]0;x\nvisible', 'a visible'],
    ['OSC interrupted by another escape', 'a\x1b]0;x\x1b[1mb', 'ab'],
    ['carriage return cannot overwrite', 'safe\rEVIL', 'safeEVIL'],
    ['backspace cannot erase', 'rm -rf /\b\b\b\bls', 'rm -rf /ls'],
    ['CRLF becomes one space', 'a\r\nb', 'a b'],
    ['tab becomes a space', 'a\tb', 'a b'],
    ['newline becomes a space', 'a\nb', 'a b'],
    ['BEL, NUL, DEL and stray C1 are dropped', 'a\x07\x00b\x7f\x85c\x9cd', 'abcd'],
    ['bidi override is dropped', 'file\u202etxt.exe', 'filetxt.exe'],
    ['bidi embeddings and isolates are dropped', '\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069x', 'x'],
    ['LRM / RLM / ALM are dropped', 'a\u200eb\u200fc\u061cd', 'abcd'],
    ['line/paragraph separators become spaces', 'a\u2028b\u2029c', 'a b c'],
    ['lone surrogates become U+FFFD', 'a\ud800b\udc00c', 'a\ufffdb\ufffdc'],
    ['astral characters survive the slow path', '\x1b[1m😀 𝒳\x1b[0m', '😀 𝒳'],
    ['CJK and combining marks survive the slow path', '\x07漢字 e\u0301', '漢字 e\u0301'],
    ['ZWJ emoji sequence is taken apart (emoji-forms.ts)', '\x07👩‍💻', '👩💻'],
    ['emoji sequences are taken apart on the quick path too', 'ok 👍🏽 ❤️', 'ok 👍 ❤'],
  ];
  for (const [name, input, expected] of cases) {
    void it(name, () => assert.equal(sanitizeLine(input), expected));
  }

  void it('returns the very same string when clean (quick path)', () => {
    const s = 'x'.repeat(100) + ' 漢字 😀';
    assert.equal(sanitizeLine(s), s);
  });
});

void describe('sanitizeText', () => {
  const cases: Array<[string, string, string]> = [
    ['keeps newlines', '{\n  "a": 1\n}', '{\n  "a": 1\n}'],
    ['CRLF becomes LF', 'a\r\nb', 'a\nb'],
    ['tab becomes four spaces', '\tkey', '    key'],
    ['escapes are removed on every line', '\x1b[1mA\x1b[0m\n\x1b]0;t\x07B', 'A\nB'],
    ['unterminated OSC stops at the line break', 'a\x1b]0;title\nnext line', 'a\nnext line'],
    ['line separator becomes a newline', 'a\u2028b', 'a\nb'],
    ['controls dropped', 'a\x00\x08\x7f\x85b', 'ab'],
    ['8-bit CSI consumes its final byte like a terminal would', 'a\x9bb', 'a'],
    ['bidi dropped', 'x\u2067y\u2069', 'xy'],
  ];
  for (const [name, input, expected] of cases) {
    void it(name, () => assert.equal(sanitizeText(input), expected));
  }
});

void describe('sanitize performance shape', () => {
  // No timing assertions (CI machines vary); these only have to finish, which a backtracking regex would not.
  const floods: Array<[string, string]> = [
    ['ESC [ repeated', '\x1b['.repeat(512 * 1024)],
    ['ESC ] repeated', '\x1b]'.repeat(512 * 1024)],
    ['8-bit CSI repeated', '\x9b'.repeat(1024 * 1024)],
    ['CSI params without final', '\x1b[' + '1;'.repeat(512 * 1024)],
    ['OSC without terminator', '\x1b]0;' + 'a'.repeat(1024 * 1024)],
    ['ESC + intermediates repeated', '\x1b ('.repeat(350 * 1024)],
  ];
  for (const [name, input] of floods) {
    void it(`completes on 1 MB of ${name}`, () => {
      assert.equal(sanitizeLine(input), '');
      assert.equal(sanitizeText(input), '');
    });
  }

  void it('completes on 1 MB of interleaved text and escapes', () => {
    const input = 'ab\x1b[31mc\r'.repeat(100 * 1024);
    assert.equal(sanitizeLine(input), 'abc'.repeat(100 * 1024));
  });
});

// Units biased towards the interesting characters, so the properties exercise sequences and not just letters.
const hostileUnit = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('\x1b', '[', ']', 'P', 'X', '^', '_', '\\', '\x07', '\x9b', '\x9c', '\x9d', '\x90', '\x98', '\x9e', '\x9f', ';', '0', '?', ' ', '(', 'm', '\n', '\r', '\t', '\b', '\u202e', '\u2066', '\u200f', '\u2028') },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 3 }) },
);
const hostile = fc.string({ unit: hostileUnit, maxLength: 80 });
const clean = fc
  .string({ unit: 'grapheme', maxLength: 40 })
  .filter((s) => !FORBIDDEN_LINE.test(s) && !/[\u2028\u2029]/.test(s));

void describe('sanitize properties', () => {
  void it('sanitizeLine output has no control, bidi control or lone surrogate', () => {
    fc.assert(
      fc.property(hostile, (s) => {
        const out = sanitizeLine(s);
        assert.ok(!FORBIDDEN_LINE.test(out), JSON.stringify(out));
        assert.ok(!LONE_SURROGATE.test(out), JSON.stringify(out));
      }),
      { numRuns: 2000 },
    );
  });

  void it('sanitizeText output has no control except \\n, no bidi control', () => {
    fc.assert(
      fc.property(hostile, (s) => {
        const out = sanitizeText(s);
        assert.ok(!FORBIDDEN_TEXT.test(out), JSON.stringify(out));
        assert.ok(!LONE_SURROGATE.test(out), JSON.stringify(out));
      }),
      { numRuns: 2000 },
    );
  });

  void it('clean printable input is unchanged', () => {
    fc.assert(
      fc.property(clean, (s) => {
        assert.equal(sanitizeLine(s), s);
        assert.equal(sanitizeText(s), s);
      }),
    );
  });

  void it('is idempotent', () => {
    fc.assert(
      fc.property(hostile, (s) => {
        const line = sanitizeLine(s);
        assert.equal(sanitizeLine(line), line);
        const text = sanitizeText(s);
        assert.equal(sanitizeText(text), text);
      }),
      { numRuns: 2000 },
    );
  });

  void it('never hides text outside escape sequences: without ESC or C1 it only drops/replaces controls', () => {
    const noIntroducers = fc.string({
      unit: fc.oneof(fc.constantFrom('\r', '\b', '\x00', '\x07', '\x7f', '\u202e', 'a', 'b', ' '), fc.string({ unit: 'grapheme-ascii', maxLength: 1 })),
      maxLength: 60,
    });
    fc.assert(
      fc.property(noIntroducers, (s) => {
        const expected = s.replace(/[\r\b\x00\x07\x7f\u202e]/g, '');
        assert.equal(sanitizeLine(s), expected);
      }),
    );
  });

  void it('sanitizeLine and sanitizeText agree apart from line breaks', () => {
    // Tabs are left out: expanded to four spaces they would become CSI intermediates after an ESC.
    fc.assert(
      fc.property(
        hostile.filter((s) => !s.includes('\t')),
        (s) => assert.equal(sanitizeText(s).replaceAll('\n', ' '), sanitizeLine(s)),
      ),
      { numRuns: 1000 },
    );
  });
});

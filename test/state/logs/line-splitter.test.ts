import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import fc from 'fast-check';

import { DEFAULT_MAX_LINE_CHARS, LineSplitter } from '../../../src/state/logs/line-splitter.ts';
import type { LineSplitterOptions } from '../../../src/state/logs/line-splitter.ts';
import { splitTimestamp } from '../../../src/state/logs/timestamp.ts';
import type { LogChunkLike, LogLine, LogStream } from '../../../src/state/logs/types.ts';

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
const out = (text: string): LogChunkLike => ({ stream: 'stdout', data: utf8(text) });
const err = (text: string): LogChunkLike => ({ stream: 'stderr', data: utf8(text) });
const bytes = (stream: LogStream, ...b: number[]): LogChunkLike => ({ stream, data: Uint8Array.from(b) });

function run(chunks: readonly LogChunkLike[], options?: LineSplitterOptions): LogLine[] {
  const splitter = new LineSplitter(options);
  return [...chunks.flatMap((c) => splitter.push(c)), ...splitter.flush()];
}

const texts = (lines: readonly LogLine[]): string[] => lines.map((l) => l.text);

/**
 * The splitter's contract restated the simple way — decode everything at once, split on `\n` — to
 * check the incremental, capped implementation against.
 */
function reference(stream: LogStream, data: Uint8Array, options: LineSplitterOptions = {}): LogLine[] {
  const max = options.maxLineChars ?? DEFAULT_MAX_LINE_CHARS;
  const pieces = new TextDecoder('utf-8', { ignoreBOM: true }).decode(data).split('\n');
  if (pieces[pieces.length - 1] === '') pieces.pop();
  return pieces.map((piece) => {
    let text = piece.endsWith('\r') ? piece.slice(0, -1) : piece;
    const line: { stream: LogStream; text: string; time?: string; timeMs?: number; truncated?: boolean } = {
      stream,
      text,
    };
    const split = options.timestamps ? splitTimestamp(text) : undefined;
    if (split !== undefined) {
      text = split.rest;
      line.time = split.time;
      line.timeMs = split.timeMs;
    }
    if (text.length > max) {
      const cutAt = /[\ud800-\udbff]/.test(text.charAt(max - 1)) ? max - 1 : max;
      text = text.slice(0, cutAt);
      line.truncated = true;
    }
    line.text = text;
    return line;
  });
}

/** Cuts `data` at arbitrary points (empty chunks included) into chunks of one stream. */
function chunked(stream: LogStream, data: Uint8Array, cuts: readonly number[]): LogChunkLike[] {
  const points = [...cuts.map((c) => c % (data.length + 1)), 0, data.length].sort((a, b) => a - b);
  const chunks: LogChunkLike[] = [];
  for (let i = 1; i < points.length; i++) {
    chunks.push({ stream, data: data.subarray(points[i - 1], points[i]) });
  }
  return chunks;
}

// Text that exercises the interesting boundaries: newlines, CRs next to them, multi-byte characters
// of every length, a BOM, control characters, and valid and invalid timestamps at line starts.
const fragment = fc.oneof(
  fc.constantFrom('\n', '\r', '\r\n', '\n\n', 'é', '€', '😀', '\uFEFF', '\x1b[31m', '\t', 'İ'),
  fc.constantFrom('2026-11-22T13:48:57.123456789Z ', '2026-11-22T13:48:57Z', '2026-02-30T00:00:00Z '),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ maxLength: 40 }),
);
const logText = fc.array(fragment, { maxLength: 40 }).map((parts) => parts.join(''));
// Raw bytes, weighted towards the bytes that matter: newline, CR, and UTF-8 lead/continuation bytes.
const logBytes = fc
  .array(fc.oneof(fc.constantFrom(0x0a, 0x0d, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0xff), fc.integer({ min: 0, max: 255 })), {
    maxLength: 200,
  })
  .map((b) => Uint8Array.from(b));
const cuts = fc.array(fc.nat(), { maxLength: 30 });
const splitterOptions = fc.record({
  timestamps: fc.boolean(),
  maxLineChars: fc.oneof(fc.integer({ min: 1, max: 60 }), fc.constant(DEFAULT_MAX_LINE_CHARS)),
});

void describe('LineSplitter', () => {
  void describe('splitting', () => {
    const cases: Array<[string, LogChunkLike[], string[]]> = [
      ['one chunk, two lines', [out('a\nb\n')], ['a', 'b']],
      ['holds a partial line until its newline', [out('ab'), out('c'), out('\nd\n')], ['abc', 'd']],
      ['keeps empty lines', [out('\n\na\n\n')], ['', '', 'a', '']],
      ['strips CRLF', [out('a\r\nb\r\n')], ['a', 'b']],
      ['strips CRLF split between chunks', [out('a\r'), out('\nb\n')], ['a', 'b']],
      ['strips only one trailing CR', [out('a\r\r\n')], ['a\r']],
      ['keeps a CR inside a line (progress bars)', [out('10%\r50%\r100%\n')], ['10%\r50%\r100%']],
      ['emits the unfinished last line on flush', [out('a\nb')], ['a', 'b']],
      ['strips a trailing CR on flush', [out('a\r')], ['a']],
      ['keeps control characters for the UI to sanitise', [out('\x1b[31mred\x1b[0m\x07\n')], ['\x1b[31mred\x1b[0m\x07']],
      ['keeps a byte-order mark', [out('\uFEFFa\n')], ['\uFEFFa']],
      ['decodes a character split over chunks', [bytes('stdout', 0xe2), bytes('stdout', 0x82), bytes('stdout', 0xac, 0x0a)], ['€']],
      ['decodes a 4-byte character split over chunks', [bytes('stdout', 0xf0, 0x9f), bytes('stdout', 0x98, 0x80, 0x0a)], ['😀']],
      ['replaces invalid UTF-8', [bytes('stdout', 0x61, 0xff, 0x62, 0x0a)], ['a\ufffdb']],
      ['replaces a sequence left incomplete at flush', [bytes('stdout', 0x61, 0xe2, 0x82)], ['a\ufffd']],
      ['ignores empty chunks', [out(''), out('a'), out(''), out('\n')], ['a']],
    ];
    for (const [name, chunks, expected] of cases) {
      void it(name, () => assert.deepEqual(texts(run(chunks)), expected));
    }

    void it('returns lines as soon as they complete', () => {
      const splitter = new LineSplitter();
      assert.deepEqual(splitter.push(out('a')), []);
      assert.deepEqual(splitter.push(out('b\nc')), [{ stream: 'stdout', text: 'ab' }]);
      assert.deepEqual(splitter.flush(), [{ stream: 'stdout', text: 'c' }]);
      assert.deepEqual(splitter.flush(), []);
    });

    void it('can be reused after flush', () => {
      const splitter = new LineSplitter();
      splitter.push(bytes('stdout', 0x61, 0xe2));
      assert.deepEqual(texts(splitter.flush()), ['a\ufffd']);
      assert.deepEqual(texts(splitter.push(out('b\n'))), ['b']);
    });
  });

  void describe('streams', () => {
    void it('keeps stdout and stderr partial lines apart', () => {
      const lines = run([out('std'), err('err'), out('out\n'), err('or\n')]);
      assert.deepEqual(lines, [
        { stream: 'stdout', text: 'stdout' },
        { stream: 'stderr', text: 'error' },
      ]);
    });

    void it('decodes each stream separately when a character is split around the other stream', () => {
      const lines = run([bytes('stdout', 0xe2, 0x82), bytes('stderr', 0x79, 0x0a), bytes('stdout', 0xac, 0x0a)]);
      assert.deepEqual(lines, [
        { stream: 'stderr', text: 'y' },
        { stream: 'stdout', text: '€' },
      ]);
    });

    void it('flushes stdout before stderr', () => {
      assert.deepEqual(run([err('e'), out('o')]), [
        { stream: 'stdout', text: 'o' },
        { stream: 'stderr', text: 'e' },
      ]);
    });
  });

  void describe('timestamps', () => {
    const ts = '2026-11-22T13:48:57.123456789Z';
    const ms = Date.UTC(2026, 10, 22, 13, 48, 57, 123);

    void it('strips and keeps the timestamp when asked', () => {
      assert.deepEqual(run([out(`${ts} hello\r\n`)], { timestamps: true }), [
        { stream: 'stdout', text: 'hello', time: ts, timeMs: ms },
      ]);
    });

    void it('keeps the text of a line without a valid timestamp', () => {
      assert.deepEqual(run([out('no time here\n2026-02-30T00:00:00Z bad date\n')], { timestamps: true }), [
        { stream: 'stdout', text: 'no time here' },
        { stream: 'stdout', text: '2026-02-30T00:00:00Z bad date' },
      ]);
    });

    void it('handles an empty message after the timestamp', () => {
      assert.deepEqual(run([out(`${ts} \n${ts}\n`)], { timestamps: true }), [
        { stream: 'stdout', text: '', time: ts, timeMs: ms },
        { stream: 'stdout', text: '', time: ts, timeMs: ms },
      ]);
    });

    void it('leaves the timestamp in the text when not asked', () => {
      assert.deepEqual(texts(run([out(`${ts} hello\n`)])), [`${ts} hello`]);
    });

    void it('parses a timestamp split across chunks', () => {
      assert.deepEqual(run([out(ts.slice(0, 10)), out(`${ts.slice(10)} x\n`)], { timestamps: true }), [
        { stream: 'stdout', text: 'x', time: ts, timeMs: ms },
      ]);
    });
  });

  void describe('line cap', () => {
    void it('defaults to 16 KiB', () => {
      assert.equal(DEFAULT_MAX_LINE_CHARS, 16384);
      const [line] = run([out(`${'x'.repeat(20000)}\n`)]);
      assert.equal(line?.text.length, 16384);
      assert.equal(line?.truncated, true);
    });

    const cases: Array<[string, string, number, LogLine[]]> = [
      ['drops the tail of a long line', 'abcdefgh\nok\n', 5, [
        { stream: 'stdout', text: 'abcde', truncated: true },
        { stream: 'stdout', text: 'ok' },
      ]],
      ['keeps a line of exactly the cap', 'abcde\n', 5, [{ stream: 'stdout', text: 'abcde' }]],
      ['keeps a line of exactly the cap before CRLF', 'abcde\r\n', 5, [{ stream: 'stdout', text: 'abcde' }]],
      ['caps one over', 'abcdef\r\n', 5, [{ stream: 'stdout', text: 'abcde', truncated: true }]],
      ['caps a line with a CR just past the cap', 'abcde\rX\n', 5, [{ stream: 'stdout', text: 'abcde', truncated: true }]],
      ['does not split a surrogate pair', 'ab😀c\n', 3, [{ stream: 'stdout', text: 'ab', truncated: true }]],
    ];
    for (const [name, input, max, expected] of cases) {
      void it(name, () => {
        // One byte at a time, the hardest chunking for the cap bookkeeping.
        const chunks = [...utf8(input)].map((b) => bytes('stdout', b));
        assert.deepEqual(run(chunks, { maxLineChars: max }), expected);
      });
    }

    void it('caps the text after the timestamp, not the raw line', () => {
      const ts = '2026-11-22T13:48:57.123456789+05:30';
      assert.deepEqual(run([out(`${ts} abcdefgh\n`)], { timestamps: true, maxLineChars: 5 }), [
        { stream: 'stdout', text: 'abcde', time: ts, timeMs: Date.UTC(2026, 10, 22, 8, 18, 57, 123), truncated: true },
      ]);
    });

    void it('caps a line with a CR just past the cap after the longest timestamp', () => {
      const ts = '2026-11-22T13:48:57.123456789-00:00';
      assert.deepEqual(run(chunked('stdout', utf8(`${ts} abcde\rXYZ\n`), [40, 41, 42]), { timestamps: true, maxLineChars: 5 }), [
        { stream: 'stdout', text: 'abcde', time: ts, timeMs: Date.UTC(2026, 10, 22, 13, 48, 57, 123), truncated: true },
      ]);
    });

    void it('holds at most the cap of a newline-less flood', () => {
      const splitter = new LineSplitter({ maxLineChars: 100 });
      const block = utf8('y'.repeat(64 * 1024));
      for (let i = 0; i < 256; i++) assert.deepEqual(splitter.push({ stream: 'stdout', data: block }), []);
      const lines = splitter.push(out('\nnext\n'));
      assert.deepEqual(lines, [
        { stream: 'stdout', text: 'y'.repeat(100), truncated: true },
        { stream: 'stdout', text: 'next' },
      ]);
    });

    void it('rejects a nonsensical cap', () => {
      assert.throws(() => new LineSplitter({ maxLineChars: 0 }), RangeError);
      assert.throws(() => new LineSplitter({ maxLineChars: 1.5 }), RangeError);
      assert.throws(() => new LineSplitter({ maxLineChars: Number.NaN }), RangeError);
    });
  });

  void describe('properties', () => {
    void it('gives the same lines for any chunking of text', () => {
      fc.assert(
        fc.property(logText, cuts, splitterOptions, (text, cutPoints, options) => {
          const data = utf8(text);
          assert.deepEqual(run(chunked('stdout', data, cutPoints), options), reference('stdout', data, options));
        }),
        { numRuns: 500 },
      );
    });

    void it('gives the same lines for any chunking of arbitrary bytes', () => {
      fc.assert(
        fc.property(logBytes, cuts, splitterOptions, (data, cutPoints, options) => {
          assert.deepEqual(run(chunked('stderr', data, cutPoints), options), reference('stderr', data, options));
        }),
        { numRuns: 500 },
      );
    });

    void it('keeps interleaved streams independent', () => {
      fc.assert(
        fc.property(logText, logText, cuts, cuts, fc.array(fc.boolean(), { maxLength: 80 }), splitterOptions, (a, b, cutsA, cutsB, order, options) => {
          const stdout = chunked('stdout', utf8(a), cutsA);
          const stderr = chunked('stderr', utf8(b), cutsB);
          // Interleave the two chunk sequences in an arbitrary order, each kept in its own order.
          const merged: LogChunkLike[] = [];
          let i = 0;
          let j = 0;
          for (const pickStdout of order) {
            const next = pickStdout ? stdout[i++] : stderr[j++];
            if (next !== undefined) merged.push(next);
          }
          merged.push(...stdout.slice(i), ...stderr.slice(j));

          const lines = run(merged, options);
          assert.deepEqual(lines.filter((l) => l.stream === 'stdout'), reference('stdout', utf8(a), options));
          assert.deepEqual(lines.filter((l) => l.stream === 'stderr'), reference('stderr', utf8(b), options));
        }),
        { numRuns: 300 },
      );
    });

    void it('never returns a line longer than the cap, and marks exactly the cut ones', () => {
      fc.assert(
        fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 80 }), { maxLength: 10 }), fc.integer({ min: 1, max: 40 }), cuts, (lines, max, cutPoints) => {
          const clean = lines.map((l) => l.replace(/[\r\n]/g, ''));
          const data = utf8(clean.map((l) => `${l}\n`).join(''));
          const result = run(chunked('stdout', data, cutPoints), { maxLineChars: max });
          assert.equal(result.length, clean.length);
          result.forEach((line, k) => {
            const original = clean[k] as string;
            assert.ok(line.text.length <= max);
            assert.ok(original.startsWith(line.text));
            assert.equal(line.truncated === true, original.length > max);
          });
        }),
        { numRuns: 300 },
      );
    });
  });
});

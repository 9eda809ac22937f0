/**
 * Property tests of the stream readers with adversarial input: not random noise alone but
 * inputs built to hit the edges — frame headers with absurd sizes and every type byte, lines
 * right at and past the limit, CR/LF and multi-byte characters cut by chunk boundaries, JSON
 * nested deep or with `__proto__` keys — and the whole log path (demultiplex → line splitter →
 * log buffer → sanitize) as the logs view runs it. The only error ever thrown is EngineError,
 * and what is yielded never exceeds what came in.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { EngineError } from '../../../src/engine/errors.ts';
import { demultiplex } from '../../../src/engine/streams/multiplexed.ts';
import { NdjsonDecoder, readNdjson } from '../../../src/engine/streams/ndjson.ts';
import { LineSplitter } from '../../../src/state/logs/line-splitter.ts';
import { LogBuffer } from '../../../src/state/logs/log-buffer.ts';
import { sanitizeLine } from '../../../src/app/format/sanitize.ts';
import { chunksOf, split } from '../../support/chunks.ts';

/** Runs `work`; an EngineError is an expected outcome, anything else thrown fails the property. */
async function onlyEngineErrors(work: () => Promise<void>): Promise<EngineError | undefined> {
  try {
    await work();
    return undefined;
  } catch (error) {
    if (error instanceof EngineError) return error;
    throw error;
  }
}

const cuts = fc.array(fc.nat(), { maxLength: 12 });
const cutAt = (raw: number[], length: number) => raw.map((c) => c % (length + 1));

// ---- multiplexed log frames ------------------------------------------------------------

/** A frame header: any type byte, mostly-zero padding, and a size that is small, at a power of two, or absurd. */
const header = fc
  .record({
    type: fc.oneof(fc.constantFrom(0, 1, 2, 3), fc.integer({ min: 0, max: 255 })),
    padding: fc.oneof({ arbitrary: fc.constant([0, 0, 0]), weight: 5 }, { arbitrary: fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)), weight: 1 }),
    size: fc.oneof(fc.nat(64), fc.constantFrom(0, 1, 2 ** 16, 2 ** 31, 2 ** 32 - 1), fc.nat(2 ** 32 - 1)),
  })
  .map(({ type, padding, size }) => {
    const bytes = Buffer.alloc(8);
    bytes[0] = type;
    bytes[1] = padding[0];
    bytes[2] = padding[1];
    bytes[3] = padding[2];
    bytes.writeUInt32BE(size, 4);
    return bytes;
  });

/** Frames whose payload may be shorter or longer than the header claims, interleaved with junk. */
const frameStream = fc
  .array(
    fc.oneof(
      { arbitrary: fc.tuple(header, fc.uint8Array({ maxLength: 80 })).map(([h, payload]) => Buffer.concat([h, payload])), weight: 4 },
      { arbitrary: fc.uint8Array({ maxLength: 20 }).map((b) => Buffer.from(b)), weight: 1 },
    ),
    { maxLength: 12 },
  )
  .map((parts) => Buffer.concat(parts));

test('demultiplex: adversarial frames never throw anything but EngineError, never yield more than came', async () => {
  await fc.assert(
    fc.asyncProperty(frameStream, cuts, async (bytes, rawCuts) => {
      let yielded = 0;
      await onlyEngineErrors(async () => {
        for await (const piece of demultiplex(chunksOf(split(bytes, cutAt(rawCuts, bytes.length))))) {
          assert.ok(piece.stream === 'stdout' || piece.stream === 'stderr');
          assert.ok(piece.data.length > 0, 'no empty pieces');
          yielded += piece.data.length;
        }
      });
      assert.ok(yielded <= bytes.length, `yielded ${yielded} of ${bytes.length} bytes`);
    }),
    { numRuns: 1000 },
  );
});

test('the whole log path (demultiplex → lines → buffer → sanitize) survives hostile bytes', async () => {
  // Payload bytes biased towards what breaks text handling: controls, ESC, CR/LF, C1, and the
  // lead bytes of multi-byte UTF-8 sequences cut short.
  const hostileByte = fc.oneof(
    fc.constantFrom(0x0a, 0x0d, 0x1b, 0x5b, 0x5d, 0x07, 0x08, 0x9b, 0x9d, 0xc2, 0xe2, 0x80, 0xae, 0xf0, 0x9f, 0x00, 0x7f),
    fc.integer({ min: 0x20, max: 0x7e }),
    fc.nat(255),
  );
  const payload = fc.array(hostileByte, { maxLength: 120 }).map((b) => Buffer.from(b));
  const frames = fc
    .array(fc.tuple(fc.constantFrom(0, 1, 2), payload), { maxLength: 10 })
    .map((list) =>
      Buffer.concat(
        list.map(([type, body]) => {
          const h = Buffer.alloc(8);
          h[0] = type;
          h.writeUInt32BE(body.length, 4);
          return Buffer.concat([h, body]);
        }),
      ),
    );
  await fc.assert(
    fc.asyncProperty(frames, cuts, fc.boolean(), fc.integer({ min: 1, max: 64 }), async (bytes, rawCuts, timestamps, maxLineChars) => {
      const splitter = new LineSplitter({ timestamps, maxLineChars });
      const buffer = new LogBuffer(50);
      await onlyEngineErrors(async () => {
        for await (const piece of demultiplex(chunksOf(split(bytes, cutAt(rawCuts, bytes.length))))) buffer.append(splitter.push(piece));
      });
      buffer.append(splitter.flush());
      assert.ok(buffer.length <= 50);
      for (const line of buffer.slice()) {
        assert.ok(line.text.length <= maxLineChars, 'lines are capped');
        const shown = sanitizeLine(line.text);
        // What reaches the terminal: no C0/C1 controls, no ESC, no bidi overrides.
        assert.doesNotMatch(shown, /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
      }
    }),
    { numRuns: 500 },
  );
});

// ---- NDJSON ---------------------------------------------------------------------------------

/** Lines that are JSON, nearly JSON, or deliberately nasty, with \n or \r\n endings (or none). */
const ndjsonLine = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.constantFrom(
    '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
    `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
    '{"status":"\\ud800"}',
    '{"id":"a"',
    '}',
    '\u0000',
    '\ufeff{"bom":true}',
    '"unterminated',
    'NaN',
    '1e999',
  ),
  fc.string({ maxLength: 40 }),
);
const ndjsonBody = fc
  .array(fc.tuple(ndjsonLine, fc.constantFrom('\n', '\r\n', '\n\n', '')), { maxLength: 10 })
  .map((lines) => Buffer.from(lines.map(([line, end]) => line + end).join(''), 'utf8'));

test('readNdjson: adversarial lines never throw anything but EngineError, and never pollute prototypes', async () => {
  await fc.assert(
    fc.asyncProperty(ndjsonBody, cuts, fc.integer({ min: 1, max: 20_000 }), async (bytes, rawCuts, maxLineBytes) => {
      const values: unknown[] = [];
      const error = await onlyEngineErrors(async () => {
        for await (const value of readNdjson(chunksOf(split(bytes, cutAt(rawCuts, bytes.length))), { maxLineBytes, operation: 'fuzz' })) values.push(value);
      });
      if (error) assert.equal(error.code, 'PROTOCOL');
      assert.ok(values.length <= bytes.length, 'never more values than bytes');
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
    }),
    { numRuns: 800 },
  );
});

test('NdjsonDecoder: after an error the decoder holds nothing, whatever was buffered', () => {
  fc.assert(
    fc.property(fc.array(fc.uint8Array({ maxLength: 100 }), { maxLength: 8 }), fc.integer({ min: 1, max: 50 }), (parts, max) => {
      const decoder = new NdjsonDecoder({ maxLineBytes: max });
      for (const part of parts) {
        try {
          decoder.push(part);
        } catch (error) {
          if (!(error instanceof EngineError)) throw error;
          assert.equal(error.code, 'PROTOCOL');
          return; // discarded, as its contract says
        }
      }
      try {
        decoder.end();
      } catch (error) {
        if (!(error instanceof EngineError)) throw error;
      }
    }),
    { numRuns: 1000 },
  );
});

test('readNdjson: an endless line in random chunk sizes fails once it passes the limit, at any limit', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 4096 }), { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 8192 }), async (sizes, max) => {
      const total = sizes.reduce((a, b) => a + b, 0);
      const parts = sizes.map((size) => Buffer.alloc(size, 0x61));
      const error = await onlyEngineErrors(async () => {
        for await (const _ of readNdjson(chunksOf(parts), { maxLineBytes: max })) assert.fail('an unterminated line of a letters is no value');
      });
      if (total > max) assert.match(error?.message ?? '', new RegExp(`longer than ${max} bytes`));
      else assert.equal(error?.code, 'PROTOCOL', 'a bare word is invalid JSON, reported at the end');
    }),
    { numRuns: 300 },
  );
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { NdjsonDecoder, readNdjson } from '../../../src/engine/streams/ndjson.ts';
import { EngineError } from '../../../src/engine/errors.ts';
import { chunksOf, split } from '../../support/chunks.ts';

// test() returns a promise that the node:test runner tracks itself; `void` says so to the linter.

// A pull as the engine sends it: `\r\n` line ends, and some text outside ASCII (a layer
// status in Japanese, an emoji in an error) so that splits land inside multi-byte characters.
const PULL_LINES = [
  '{"status":"Pulling from berth/layers","id":"latest"}',
  '{"status":"Pulling fs layer","progressDetail":{},"id":"a1b2c3d4e5f6"}',
  '{"status":"Waiting","progressDetail":{},"id":"0f9e8d7c6b5a"}',
  '{"status":"Downloading","progressDetail":{"current":524288,"total":10485760},"id":"a1b2c3d4e5f6"}',
  '{"status":"Downloading","progressDetail":{"current":1048576,"total":10485760},"id":"a1b2c3d4e5f6"}',
  '{"status":"ダウンロード中 — ünïcödé ✓","progressDetail":{"current":2,"total":3},"id":"0f9e8d7c6b5a"}',
  '{"status":"Verifying Checksum","progressDetail":{},"id":"a1b2c3d4e5f6"}',
  '{"status":"Download complete","progressDetail":{},"id":"a1b2c3d4e5f6"}',
  '{"status":"Extracting","progressDetail":{"current":32768,"total":10485760},"id":"a1b2c3d4e5f6"}',
  '{"status":"Pull complete","progressDetail":{},"id":"a1b2c3d4e5f6"}',
  '{"status":"Digest: sha256:4f53e1c2a9b8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2"}',
  '{"errorDetail":{"message":"🐳 toomanyrequests: 速率限制"},"error":"🐳 toomanyrequests: 速率限制"}',
];
const PULL_BYTES = Buffer.from(PULL_LINES.map((line) => `${line}\r\n`).join(''), 'utf8');
const PULL_VALUES: unknown[] = PULL_LINES.map((line) => JSON.parse(line) as unknown);

interface Outcome {
  values: unknown[];
  error?: { code: string; message: string };
}

/** Runs the generator to the end; any error that is not an EngineError fails the test. */
async function run(parts: Uint8Array[], opts?: Parameters<typeof readNdjson>[1]): Promise<Outcome> {
  const values: unknown[] = [];
  try {
    for await (const value of readNdjson(chunksOf(parts), opts)) values.push(value);
  } catch (error) {
    if (!(error instanceof EngineError)) throw error;
    return { values, error: { code: error.code, message: error.message } };
  }
  return { values };
}

const cutsOf = (length: number) => fc.array(fc.integer({ min: 0, max: length }), { maxLength: 40 });

void test('one chunk: every line of a pull, in order', async () => {
  assert.deepEqual(await run([PULL_BYTES]), { values: PULL_VALUES });
});

void test('every single split point gives the same values as one chunk', async () => {
  for (let cut = 0; cut <= PULL_BYTES.length; cut++) {
    assert.deepEqual(await run(split(PULL_BYTES, [cut])), { values: PULL_VALUES }, `split at ${cut}`);
  }
});

void test('one byte per chunk', async () => {
  const parts = Array.from(PULL_BYTES, (byte) => Uint8Array.of(byte));
  assert.deepEqual(await run(parts), { values: PULL_VALUES });
});

void test('arbitrary chunkings give the same values as one chunk', async () => {
  await fc.assert(
    fc.asyncProperty(cutsOf(PULL_BYTES.length), async (cuts) => {
      assert.deepEqual(await run(split(PULL_BYTES, cuts)), { values: PULL_VALUES });
    }),
    { numRuns: 300 },
  );
});

void test('arbitrary JSON values survive any chunking, with \\n or \\r\\n line ends', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.tuple(fc.jsonValue(), fc.boolean()), { maxLength: 12 }),
      fc.array(fc.nat(), { maxLength: 20 }),
      async (entries, rawCuts) => {
        const text = entries.map(([value, crlf]) => JSON.stringify(value) + (crlf ? '\r\n' : '\n')).join('');
        const bytes = Buffer.from(text, 'utf8');
        const cuts = rawCuts.map((cut) => cut % (bytes.length + 1));
        const expected = entries.map(([value]) => JSON.parse(JSON.stringify(value)) as unknown);
        assert.deepEqual(await run(split(bytes, cuts)), { values: expected });
      },
    ),
    { numRuns: 300 },
  );
});

void test('chunks may be plain Uint8Arrays that are views into a larger buffer', async () => {
  const backing = new Uint8Array(PULL_BYTES.length + 20);
  backing.set(PULL_BYTES, 10);
  const view = new Uint8Array(backing.buffer, 10, PULL_BYTES.length);
  assert.deepEqual(await run(split(view, [7, 300, 301])), { values: PULL_VALUES });
});

void test('blank lines are skipped and JSON null, numbers and strings are yielded', async () => {
  const bytes = Buffer.from('\n\r\n   \r\nnull\n\n1\r\n"two"\n \t \n{"a":[]}\n\n');
  assert.deepEqual(await run([bytes]), { values: [null, 1, 'two', { a: [] }] });
});

void test('a final line without a newline is still yielded, even split across chunks', async () => {
  const bytes = Buffer.from('{"a":1}\n{"status":"Pull complete ✓"}');
  for (let cut = 0; cut <= bytes.length; cut++) {
    assert.deepEqual(await run(split(bytes, [cut])), { values: [{ a: 1 }, { status: 'Pull complete ✓' }] });
  }
});

void test('an empty body yields nothing', async () => {
  assert.deepEqual(await run([]), { values: [] });
  assert.deepEqual(await run([new Uint8Array(0), new Uint8Array(0)]), { values: [] });
});

void test('invalid JSON: PROTOCOL with a short excerpt, after the lines before it', async () => {
  const bad = `{"status":"Downloading","progressDetail":{"current":1,${'x'.repeat(500)}`;
  const bytes = Buffer.from(`${PULL_LINES[0]}\r\n${bad}\r\n${PULL_LINES[1]}\r\n`);
  for (let cut = 0; cut <= bytes.length; cut++) {
    const outcome = await run(split(bytes, [cut]), { operation: 'pull alpine' });
    assert.deepEqual(outcome.values, [PULL_VALUES[0]]);
    assert.equal(outcome.error?.code, 'PROTOCOL');
    assert.match(outcome.error.message, /invalid JSON/);
    assert.match(outcome.error.message, /pull alpine/);
    assert.ok(outcome.error.message.includes('{\\"status\\":\\"Downloading\\"'), outcome.error.message);
    assert.ok(outcome.error.message.length < 160, `excerpt not capped: ${outcome.error.message.length}`);
  }
});

void test('invalid JSON error carries the operation and the SyntaxError as cause', async () => {
  const error = await readNdjson(chunksOf([Buffer.from('{nope}\n')]), { operation: 'events' })
    .next()
    .then(
      () => assert.fail('expected an error'),
      (e: unknown) => e,
    );
  assert.ok(error instanceof EngineError);
  assert.equal(error.operation, 'events');
  assert.ok(error.cause instanceof SyntaxError);
});

void test('a line at the limit passes; one byte over fails at every split point', async () => {
  const ok = `"${'a'.repeat(62)}"`; // 64 bytes
  assert.deepEqual(await run([Buffer.from(`${ok}\n`)], { maxLineBytes: 64 }), { values: ['a'.repeat(62)] });
  assert.deepEqual(await run([Buffer.from(ok)], { maxLineBytes: 64 }), { values: ['a'.repeat(62)] });

  const bytes = Buffer.from(`1\n"${'b'.repeat(63)}"\n2\n`);
  for (let cut = 0; cut <= bytes.length; cut++) {
    const outcome = await run(split(bytes, [cut]), { maxLineBytes: 64 });
    assert.deepEqual(outcome.values, [1]);
    assert.equal(outcome.error?.code, 'PROTOCOL');
    assert.match(outcome.error.message, /longer than 64 bytes/);
  }
});

void test('an endless line fails without buffering past the limit', async () => {
  let sent = 0;
  async function* endless(): AsyncGenerator<Uint8Array> {
    const chunk = Buffer.alloc(1024, 0x61);
    for (;;) {
      sent += chunk.length;
      yield chunk;
    }
  }
  const iterator = readNdjson(endless(), { maxLineBytes: 10_000 });
  await assert.rejects(iterator.next(), (error: unknown) => error instanceof EngineError && error.code === 'PROTOCOL');
  assert.ok(sent <= 11 * 1024, `read ${sent} bytes before failing`);
});

void test('random bytes never throw anything but EngineError', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.uint8Array({ maxLength: 64 }), { maxLength: 10 }), async (parts) => {
      await run(parts, { maxLineBytes: 48 }); // run() rethrows anything that is not an EngineError
    }),
    { numRuns: 500 },
  );
});

void test('random bytes: the outcome does not depend on the chunking', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.uint8Array({ maxLength: 200 }).map((bytes) => bytes.map((b) => (b % 7 === 0 ? 0x0a : b))),
      fc.array(fc.nat(), { maxLength: 10 }),
      async (bytes, rawCuts) => {
        const whole = await run([bytes], { maxLineBytes: 32 });
        const cuts = rawCuts.map((cut) => cut % (bytes.length + 1));
        assert.deepEqual(await run(split(bytes, cuts), { maxLineBytes: 32 }), whole);
      },
    ),
    { numRuns: 500 },
  );
});

void test('NdjsonDecoder: push and end fold the same values synchronously', () => {
  for (let cut = 0; cut <= PULL_BYTES.length; cut += 7) {
    const decoder = new NdjsonDecoder();
    const values = [...decoder.push(PULL_BYTES.subarray(0, cut)), ...decoder.push(PULL_BYTES.subarray(cut)), ...decoder.end()];
    assert.deepEqual(values, PULL_VALUES);
  }
  assert.deepEqual(new NdjsonDecoder().push(Buffer.from('{"id":"x"}\r')), []);
  const decoder = new NdjsonDecoder();
  assert.deepEqual(decoder.push(Buffer.from('{"a":')), []);
  assert.deepEqual(decoder.push(Buffer.from('1}\n{"b"')), [{ a: 1 }]);
  assert.throws(() => decoder.end(), (error: unknown) => error instanceof EngineError && error.code === 'PROTOCOL');
});

void test('NdjsonDecoder rejects a nonsensical limit', () => {
  assert.throws(() => new NdjsonDecoder({ maxLineBytes: 0 }), RangeError);
});

void test('a long line in many chunks is joined once, not re-copied per chunk', async () => {
  // 8 MiB in 4 KiB chunks: quadratic joining would copy ~8 GiB and take many seconds.
  const line = Buffer.concat([Buffer.from('"'), Buffer.alloc(8 * 1024 * 1024, 0x7a), Buffer.from('"\n')]);
  const parts: Uint8Array[] = [];
  for (let at = 0; at < line.length; at += 4096) parts.push(line.subarray(at, at + 4096));
  const started = performance.now();
  const { values } = await run(parts);
  const elapsed = performance.now() - started;
  assert.equal((values[0] as string).length, 8 * 1024 * 1024);
  assert.ok(elapsed < 3000, `took ${Math.round(elapsed)} ms`);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { demultiplex, rawStream, type LogChunk } from '../../../src/engine/streams/multiplexed.ts';
import { EngineError } from '../../../src/engine/errors.ts';
import { chunksOf, split } from '../../support/chunks.ts';

// test() returns a promise that the node:test runner tracks itself; `void` says so to the linter.

type FrameType = 0 | 1 | 2 | 3;

function frame(type: FrameType, payload: string | Uint8Array): Buffer {
  const body = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : Buffer.from(payload);
  const header = Buffer.alloc(8);
  header[0] = type;
  header.writeUInt32BE(body.length, 4);
  return Buffer.concat([header, body]);
}

// `docker logs` of a container writing to both streams: lines split over frames, empty
// frames, a stdin frame (shown as stdout), multi-byte text and one frame larger than a
// typical socket read.
const BIG = 'x'.repeat(70_000);
const LOG_FRAMES: Array<[FrameType, string]> = [
  [1, '2024-05-01T10:00:00.000000000Z starting berth-demo\n'],
  [2, 'warning: config not found, using defaults\n'],
  [1, ''],
  [1, 'listening on :8080 — ünïcödé ✓ 日本語\n'],
  [2, 'GET /health 200 '],
  [2, '0.3ms\n'],
  [0, 'stdin echo\n'],
  [2, ''],
  [1, `${BIG}\n`],
  [2, '🐳 fatal: shutting down\n'],
];
const LOG_BYTES = Buffer.concat(LOG_FRAMES.map(([type, text]) => frame(type, text)));
const streamOf = (type: FrameType): LogChunk['stream'] => (type === 2 ? 'stderr' : 'stdout');

interface Piece {
  stream: LogChunk['stream'];
  text: string;
}

/** Adjacent pieces of one stream joined: how a frame is cut into pieces depends on the chunking. */
function merge(pieces: Piece[]): Piece[] {
  const merged: Piece[] = [];
  for (const piece of pieces) {
    const last = merged.at(-1);
    if (last && last.stream === piece.stream) last.text += piece.text;
    else merged.push({ ...piece });
  }
  return merged;
}

const EXPECTED = merge(
  LOG_FRAMES.filter(([, text]) => text !== '').map(([type, text]) => ({ stream: streamOf(type), text })),
);

interface Outcome {
  pieces: Piece[];
  error?: { code: string; message: string };
}

/**
 * Runs demultiplex to the end. Bytes are joined per stream before decoding, so a
 * multi-byte character split over two pieces still compares equal. Anything thrown that
 * is not an EngineError fails the test.
 */
async function run(parts: Uint8Array[]): Promise<Outcome> {
  const raw: Array<{ stream: LogChunk['stream']; data: Buffer }> = [];
  let error: Outcome['error'];
  try {
    for await (const chunk of demultiplex(chunksOf(parts))) {
      assert.ok(chunk.data.length > 0, 'no empty pieces');
      raw.push({ stream: chunk.stream, data: Buffer.from(chunk.data) });
    }
  } catch (caught) {
    if (!(caught instanceof EngineError)) throw caught;
    error = { code: caught.code, message: caught.message };
  }
  const joined: Array<{ stream: LogChunk['stream']; data: Buffer[] }> = [];
  for (const { stream, data } of raw) {
    const last = joined.at(-1);
    if (last && last.stream === stream) last.data.push(data);
    else joined.push({ stream, data: [data] });
  }
  const pieces = joined.map(({ stream, data }) => ({ stream, text: Buffer.concat(data).toString('utf8') }));
  return error ? { pieces, error } : { pieces };
}

void test('one chunk: the frames of one stream that follow each other come as one piece, on the right stream', async () => {
  const pieces: Piece[] = [];
  for await (const chunk of demultiplex(chunksOf([LOG_BYTES]))) {
    pieces.push({ stream: chunk.stream, text: chunk.data.toString('utf8') });
  }
  // stdin (0) and stdout (1) are both stdout; an empty frame changes nothing.
  assert.deepEqual(pieces, EXPECTED);
  assert.equal(pieces.length, 6);
});

void test('a read of a thousand one-line frames is one piece, not a thousand', async () => {
  const lines = Array.from({ length: 1000 }, (_, i) => `line ${i}\n`);
  const pieces: Piece[] = [];
  for await (const chunk of demultiplex(chunksOf([Buffer.concat(lines.map((line) => frame(1, line)))]))) {
    pieces.push({ stream: chunk.stream, text: chunk.data.toString('utf8') });
  }
  assert.deepEqual(pieces, [{ stream: 'stdout', text: lines.join('') }]);
});

void test('every single split point gives the same output as one chunk', async () => {
  for (let cut = 0; cut <= LOG_BYTES.length; cut++) {
    // Most cuts land inside the big frame; test all of the small frames' bytes and a sample of it.
    const inBig = cut > 200 && cut < LOG_BYTES.length - 200;
    if (inBig && cut % 97 !== 0) continue;
    assert.deepEqual(await run(split(LOG_BYTES, [cut])), { pieces: EXPECTED }, `split at ${cut}`);
  }
});

void test('one byte per chunk', async () => {
  const small = Buffer.concat(LOG_FRAMES.filter(([, text]) => text !== `${BIG}\n`).map(([type, text]) => frame(type, text)));
  const expected = merge(
    LOG_FRAMES.filter(([, text]) => text !== '' && text !== `${BIG}\n`).map(([type, text]) => ({ stream: streamOf(type), text })),
  );
  assert.deepEqual(await run(Array.from(small, (byte) => Uint8Array.of(byte))), { pieces: expected });
});

void test('arbitrary chunkings give the same output as one chunk', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.integer({ min: 0, max: LOG_BYTES.length }), { maxLength: 40 }), async (cuts) => {
      assert.deepEqual(await run(split(LOG_BYTES, cuts)), { pieces: EXPECTED });
    }),
    { numRuns: 300 },
  );
});

void test('arbitrary frames survive arbitrary chunkings', async () => {
  const frameArb = fc.record({
    type: fc.constantFrom<FrameType>(0, 1, 2),
    payload: fc.string({ unit: 'grapheme', maxLength: 30 }),
  });
  await fc.assert(
    fc.asyncProperty(fc.array(frameArb, { maxLength: 15 }), fc.array(fc.nat(), { maxLength: 20 }), async (frames, rawCuts) => {
      const bytes = Buffer.concat(frames.map(({ type, payload }) => frame(type, payload)));
      const cuts = rawCuts.map((cut) => cut % (bytes.length + 1));
      const expected = merge(frames.filter(({ payload }) => payload !== '').map(({ type, payload }) => ({ stream: streamOf(type), text: payload })));
      assert.deepEqual(await run(split(bytes, cuts)), { pieces: expected });
    }),
    { numRuns: 300 },
  );
});

void test('systemerr: output before it is yielded, then STREAM with the daemon text', async () => {
  const bytes = Buffer.concat([
    frame(1, 'last line\n'),
    frame(3, 'Error grabbing logs: log message is too large (1048577 > 1048576)\n'),
    frame(1, 'never seen\n'),
  ]);
  for (let cut = 0; cut <= bytes.length; cut++) {
    assert.deepEqual(await run(split(bytes, [cut])), {
      pieces: [{ stream: 'stdout', text: 'last line\n' }],
      error: { code: 'STREAM', message: 'Error grabbing logs: log message is too large (1048577 > 1048576)' },
    });
  }
});

void test('systemerr: empty, truncated, and oversized messages', async () => {
  assert.deepEqual(await run([frame(3, '')]), {
    pieces: [],
    error: { code: 'STREAM', message: 'the engine reported an error in the log stream' },
  });
  // The stream ended part-way through the error text: still an error, with what arrived.
  assert.deepEqual(await run([frame(3, 'Error grabbing logs: boom').subarray(0, 8 + 12)]), {
    pieces: [],
    error: { code: 'STREAM', message: 'Error grabbi' },
  });
  const long = `Error: ${'e'.repeat(200_000)}`;
  const outcome = await run([frame(3, long)]);
  assert.equal(outcome.error?.code, 'STREAM');
  assert.equal(outcome.error.message.length, 64 * 1024);
});

void test('an unknown frame type is a PROTOCOL error', async () => {
  const bytes = Buffer.concat([frame(1, 'ok\n'), Buffer.from([7, 0, 0, 0, 0, 0, 0, 2]), Buffer.from('hi')]);
  assert.deepEqual(await run([bytes]), {
    pieces: [{ stream: 'stdout', text: 'ok\n' }],
    error: { code: 'PROTOCOL', message: 'log stream has an unknown frame type 7' },
  });
});

void test('nonzero padding bytes are a PROTOCOL error (e.g. a TTY stream read as multiplexed)', async () => {
  const outcome = await run([Buffer.from('hello world, this is raw TTY output\n')]);
  assert.deepEqual(outcome.pieces, []);
  assert.equal(outcome.error?.code, 'PROTOCOL');
  assert.deepEqual((await run([Buffer.from([1, 0, 1, 0, 0, 0, 0, 1, 0x41])])).error?.code, 'PROTOCOL');
});

void test('a stream that ends mid-header or mid-payload yields what arrived and ends cleanly', async () => {
  const whole = frame(1, 'complete\n');
  assert.deepEqual(await run([whole, Buffer.from([2, 0, 0])]), { pieces: [{ stream: 'stdout', text: 'complete\n' }] });
  assert.deepEqual(await run([whole, frame(2, 'cut off here\n').subarray(0, 8 + 7)]), {
    pieces: [
      { stream: 'stdout', text: 'complete\n' },
      { stream: 'stderr', text: 'cut off' },
    ],
  });
});

void test('a header claiming 4 GiB costs no allocation and ends cleanly', async () => {
  const bytes = Buffer.concat([Buffer.from([1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff]), Buffer.from('only a few bytes')]);
  const allocations: number[] = [];
  const { alloc, allocUnsafe, allocUnsafeSlow } = Buffer;
  Buffer.alloc = ((size: number, ...rest: Parameters<typeof alloc> extends [number, ...infer R] ? R : never) => {
    allocations.push(size);
    return alloc(size, ...rest);
  }) as typeof Buffer.alloc;
  Buffer.allocUnsafe = ((size: number) => {
    allocations.push(size);
    return allocUnsafe(size);
  }) as typeof Buffer.allocUnsafe;
  Buffer.allocUnsafeSlow = ((size: number) => {
    allocations.push(size);
    return allocUnsafeSlow(size);
  }) as typeof Buffer.allocUnsafeSlow;
  const before = process.memoryUsage().arrayBuffers;
  let outcome: Outcome;
  try {
    outcome = await run(split(bytes, [3, 9, 12]));
  } finally {
    Object.assign(Buffer, { alloc, allocUnsafe, allocUnsafeSlow });
  }
  assert.deepEqual(outcome, { pieces: [{ stream: 'stdout', text: 'only a few bytes' }] });
  assert.ok(allocations.every((size) => size < 1024 * 1024), `allocated ${Math.max(...allocations)} bytes`);
  assert.ok(process.memoryUsage().arrayBuffers - before < 64 * 1024 * 1024);
});

void test('random bytes never throw anything but EngineError', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.uint8Array({ maxLength: 64 }), { maxLength: 10 }), async (parts) => {
      await run(parts);
    }),
    { numRuns: 500 },
  );
});

void test('random bytes: the outcome does not depend on the chunking', async () => {
  // Header bytes biased towards valid values so that runs get past the first frame.
  const byte = fc.oneof(fc.constantFrom(0, 1, 2, 3), fc.integer({ min: 0, max: 255 }));
  await fc.assert(
    fc.asyncProperty(
      fc.array(byte, { maxLength: 120 }).map((values) => Uint8Array.from(values)),
      fc.array(fc.nat(), { maxLength: 10 }),
      async (bytes, rawCuts) => {
        const cuts = rawCuts.map((cut) => cut % (bytes.length + 1));
        assert.deepEqual(await run(split(bytes, cuts)), await run([bytes]));
      },
    ),
    { numRuns: 500 },
  );
});

void test('demultiplex names the operation in errors', async () => {
  const iterator = demultiplex(chunksOf([frame(3, 'boom')]), { operation: 'logs web-1' });
  await assert.rejects(iterator.next(), (error: unknown) => error instanceof EngineError && error.operation === 'logs web-1');
});

void test('rawStream: every non-empty chunk as stdout, untouched', async () => {
  const parts = [Buffer.from('\x1b[32mgreen\x1b[0m\r\n'), new Uint8Array(0), Uint8Array.from([0x01, 0x00, 0xff])];
  const chunks: LogChunk[] = [];
  for await (const chunk of rawStream(chunksOf(parts))) chunks.push(chunk);
  assert.deepEqual(
    chunks.map(({ stream, data }) => ({ stream, data: [...data] })),
    [
      { stream: 'stdout', data: [...parts[0]!] },
      { stream: 'stdout', data: [0x01, 0x00, 0xff] },
    ],
  );
  assert.ok(chunks.every(({ data }) => Buffer.isBuffer(data)));
});

void test('timestamps: a frame that continues the line its stream left open loses its timestamp, whatever the chunking', async () => {
  // Podman writes a line the container wrote in two reads as two entries, each with its time.
  const frames = [frame(1, '2026-11-26T08:21:19Z 1859\n'), frame(1, '2026-11-26T08:21:19Z 1860'), frame(2, '2026-11-26T08:21:19Z err\n'), frame(1, '2026-11-26T08:21:20Z \n'), frame(1, '2026-11-26T08:21:20Z 1861\n')];
  const bytes = Buffer.concat(frames);
  const expected = [
    { stream: 'stdout', text: '2026-11-26T08:21:19Z 1859\n2026-11-26T08:21:19Z 1860' },
    { stream: 'stderr', text: '2026-11-26T08:21:19Z err\n' },
    { stream: 'stdout', text: '\n2026-11-26T08:21:20Z 1861\n' },
  ];
  const read = async (parts: Uint8Array[]) => {
    const raw: Piece[] = [];
    for await (const chunk of demultiplex(chunksOf(parts), { timestamps: true })) raw.push({ stream: chunk.stream, text: chunk.data.toString('utf8') });
    return merge(raw);
  };
  assert.deepEqual(await read([bytes]), expected);
  for (let cut = 1; cut < bytes.length; cut++) assert.deepEqual(await read(split(bytes, [cut])), expected, `split at ${cut}`);
  // Without timestamps asked for, nothing is taken out.
  const plain: Piece[] = [];
  for await (const chunk of demultiplex(chunksOf([frame(1, 'a'), frame(1, 'b c\n')]))) plain.push({ stream: chunk.stream, text: chunk.data.toString('utf8') });
  assert.deepEqual(merge(plain), [{ stream: 'stdout', text: 'ab c\n' }]);
  // A continuation with no timestamp in its first bytes keeps every byte.
  const odd: Piece[] = [];
  for await (const chunk of demultiplex(chunksOf([frame(1, 'x'), frame(1, 'y'.repeat(60) + '\n')]), { timestamps: true })) odd.push({ stream: chunk.stream, text: chunk.data.toString('utf8') });
  assert.deepEqual(merge(odd), [{ stream: 'stdout', text: `x${'y'.repeat(60)}\n` }]);
});

void test('timestamps: each frame that continued an open line is counted, once, whatever the chunking (the engine’s tail counts them)', async () => {
  // One line in three entries (as dockerd splits one over 16 KiB), one in one, one on stderr.
  const frames = [frame(1, '2026-11-26T08:21:19Z aaa'), frame(1, '2026-11-26T08:21:19Z bbb'), frame(2, '2026-11-26T08:21:19Z err\n'), frame(1, '2026-11-26T08:21:20Z ccc\n'), frame(1, '2026-11-26T08:21:20Z 1861\n')];
  const bytes = Buffer.concat(frames);
  const count = async (parts: Uint8Array[]) => {
    let continued = 0;
    for await (const chunk of demultiplex(chunksOf(parts), { timestamps: true })) continued += chunk.continued ?? 0;
    return continued;
  };
  assert.equal(await count([bytes]), 2);
  for (let cut = 1; cut < bytes.length; cut++) assert.equal(await count(split(bytes, [cut])), 2, `split at ${cut}`);
});

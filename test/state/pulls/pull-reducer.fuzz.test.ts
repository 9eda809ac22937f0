/**
 * Property tests of the pull-progress reducer with what a broken or hostile engine can send:
 * any JSON value, messages with every field of the wrong type, absurd numbers, ids that collide
 * with the tag or with Object.prototype names, clocks that go backwards — and the bytes of a
 * pull stream cut anywhere, decoded by the NDJSON reader first. The reducer never throws, keeps
 * its bounds, keeps its numbers finite, and the pane's rows can always be drawn from its state.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { EngineError } from '../../../src/engine/errors.ts';
import { NdjsonDecoder } from '../../../src/engine/streams/ndjson.ts';
import type { PullMessage } from '../../../src/engine/types.ts';
import { createPull, finishPull, foldPullMessage, pullTotals, type PullOutcome, type PullState } from '../../../src/state/pulls/pull-reducer.ts';
import { pullBlockLines } from '../../../src/app/rows/pull-rows.ts';

const TAG = 'latest';
const base = (): PullState => createPull({ id: 'p1', reference: 'busybox', fromImage: 'docker.io/library/busybox', tag: TAG, impliedLatest: true, startedAt: 0 });

const weirdNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, Number.MAX_SAFE_INTEGER, Number.MAX_VALUE, Number.MIN_VALUE, 1e308, -1e308),
  fc.constant(Number.NaN),
  fc.constant(Number.POSITIVE_INFINITY),
);
const weird = fc.oneof(weirdNumber, fc.string({ maxLength: 20 }), fc.constant(null), fc.boolean(), fc.array(fc.nat(), { maxLength: 3 }), fc.object({ maxDepth: 1 }));
const phase = fc.constantFrom(
  'Waiting',
  'Pulling fs layer',
  'Downloading',
  'Verifying Checksum',
  'Download complete',
  'Extracting',
  'Pull complete',
  'Already exists',
  'Retrying in 5 seconds',
  'Digest: sha256:abc',
  'Status: Downloaded newer image for busybox:latest',
  'latest: Pulling from library/busybox',
  '',
);
const layerId = fc.oneof(fc.constantFrom('a1', 'b2', 'c3', TAG, '__proto__', 'constructor', 'toString', ''), fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 1, maxLength: 12 }));

/** Messages shaped like the engine's, with any field liable to be junk. */
const message: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record(
      {
        status: fc.oneof({ weight: 4, arbitrary: phase }, { weight: 1, arbitrary: weird }),
        id: fc.oneof({ weight: 4, arbitrary: layerId }, { weight: 1, arbitrary: weird }),
        progressDetail: fc.oneof(
          fc.record({ current: fc.oneof(fc.nat(100_000_000), weirdNumber, weird), total: fc.oneof(fc.nat(100_000_000), weirdNumber, weird), units: fc.oneof(fc.constant('s'), weird), hidecounts: weird }, { requiredKeys: [] }),
          weird,
        ),
        errorDetail: fc.oneof(fc.record({ message: fc.oneof(fc.string({ maxLength: 30 }), weird) }, { requiredKeys: [] }), weird),
        error: weird,
        progress: fc.string({ maxLength: 30 }),
        aux: weird,
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: fc.jsonValue() },
  { weight: 1, arbitrary: fc.anything() },
);

const outcome: fc.Arbitrary<PullOutcome> = fc.oneof(
  fc.constant({ status: 'done' as const }),
  fc.constant({ status: 'cancelled' as const }),
  fc.string({ maxLength: 2000 }).map((m) => ({ status: 'error' as const, message: m })),
);

function checkInvariants(state: PullState): void {
  assert.ok(state.header.length <= 20 && state.footer.length <= 21, 'text lines are bounded');
  assert.ok(state.layerIds.length <= 1000, 'layers are bounded');
  assert.equal(new Set(state.layerIds).size, state.layerIds.length, 'each layer once');
  assert.equal(state.layers.size, state.layerIds.length);
  for (const line of [...state.header, ...state.footer, state.error ?? '']) assert.ok(line.length <= 1001, 'text is clipped');
  for (const id of state.layerIds) {
    const layer = state.layers.get(id);
    assert.ok(layer, `layer ${id} is in the map`);
    assert.ok(Number.isFinite(layer.downloaded) && layer.downloaded >= 0);
    if (layer.size !== undefined) assert.ok(layer.downloaded <= layer.size, 'downloaded never passes the size');
    if (layer.rate !== undefined) assert.ok(Number.isFinite(layer.rate), `rate ${layer.rate}`);
  }
  const totals = pullTotals(state);
  for (const [key, value] of Object.entries(totals)) assert.ok(Number.isFinite(value), `${key} is ${value}`);
  assert.ok(totals.bytesDone <= totals.bytesKnown);
}

test('any sequence of hostile messages and clocks: no throw, bounds and finite numbers kept, rows drawable', () => {
  fc.assert(
    fc.property(
      fc.array(fc.tuple(message, fc.oneof(fc.nat(10_000_000), fc.integer({ min: -1000, max: 0 }))), { maxLength: 60 }),
      fc.option(outcome),
      fc.integer({ min: 1, max: 200 }),
      (steps, end, width) => {
        let state = base();
        let ended = false;
        for (const [value, now] of steps) {
          const next = foldPullMessage(state, value as PullMessage, now);
          if (ended) assert.equal(next, state, 'nothing changes after the end');
          state = next;
          ended = state.status !== 'running';
        }
        if (end) state = finishPull(state, end, 1);
        checkInvariants(state);
        for (const selected of [true, false]) {
          const lines = pullBlockLines(state, { width, nowMs: 5_000, selected, maxLines: 12 });
          assert.ok(lines.length <= Math.max(12, 3) + 1);
        }
      },
    ),
    { numRuns: 1500 },
  );
});

test('a recorded-looking pull stream cut anywhere, decoded and folded: only EngineError escapes the reader', () => {
  const line = message.map((m) => {
    try {
      return JSON.stringify(m) ?? 'null';
    } catch {
      return '{"bigint":"not json"}';
    }
  });
  const body = fc
    .array(fc.oneof({ weight: 8, arbitrary: line }, { weight: 1, arbitrary: fc.string({ maxLength: 30 }) }), { maxLength: 30 })
    .map((lines) => Buffer.from(lines.map((l) => `${l}\r\n`).join(''), 'utf8'));
  fc.assert(
    fc.property(body, fc.array(fc.nat(), { maxLength: 15 }), (bytes, rawCuts) => {
      const decoder = new NdjsonDecoder({ maxLineBytes: 4096, operation: 'pull busybox' });
      let state = base();
      let at = 0;
      const cuts = [...rawCuts.map((c) => c % (bytes.length + 1)), bytes.length].sort((a, b) => a - b);
      try {
        for (const cut of cuts) {
          for (const value of decoder.decode(bytes.subarray(at, cut))) state = foldPullMessage(state, value as PullMessage, at);
          at = cut;
        }
        for (const value of decoder.finish()) state = foldPullMessage(state, value as PullMessage, at);
      } catch (error) {
        if (!(error instanceof EngineError)) throw error;
        state = finishPull(state, { status: 'error', message: error.message }, at);
      }
      checkInvariants(state);
    }),
    { numRuns: 800 },
  );
});

test('progress numbers past every limit do not make the overall figure NaN or infinite', () => {
  let state = base();
  state = foldPullMessage(state, { status: 'Downloading', id: 'a', progressDetail: { current: Number.MAX_VALUE, total: Number.MAX_VALUE } }, 0);
  state = foldPullMessage(state, { status: 'Downloading', id: 'b', progressDetail: { current: Number.MAX_VALUE, total: Number.MAX_VALUE } }, 300);
  state = foldPullMessage(state, { status: 'Downloading', id: 'a', progressDetail: { current: Number.MAX_VALUE, total: Number.MAX_VALUE } }, 600);
  checkInvariants(state);
});

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import fc from 'fast-check';
import { NdjsonDecoder } from '../../../src/engine/streams/ndjson.ts';
import type { PullMessage } from '../../../src/engine/types.ts';
import { createPull, finishPull, foldPullMessage, layerStall, pullStall, pullTotals, type PullState } from '../../../src/state/pulls/pull-reducer.ts';
import { split } from '../../support/chunks.ts';

// Recorded from the sandbox (dockerd 20.10, distribution registry) by record-fixtures.ts.
const fixtureDir = new URL('./fixtures/', import.meta.url);
const index = JSON.parse(readFileSync(new URL('index.json', fixtureDir), 'utf8')) as Record<string, { status: number; fromImage: string; tag: string }>;
const bytesOf = (name: string) => readFileSync(new URL(`${name}.ndjson`, fixtureDir));

const MESSAGE_MS = 10;
const LAYERS = ['0fb294f52e20', 'f6395bc314a9', '295dac9cd9d7', 'fbcf14340b73', '8b81979f6376'];

interface Replay {
  state: PullState;
  /** Every phase each layer went through, in order, without repeats. */
  phases: Map<string, string[]>;
  /** The overall figure after every message. */
  totals: ReturnType<typeof pullTotals>[];
}

/**
 * Feeds a fixture to the reducer as the pull manager would: bytes in the given chunks through
 * the NDJSON decoder, one fold per message with the clock moving MESSAGE_MS per message, and
 * at the end what the HTTP layer says (a non-200 status carries the engine's `message`).
 */
function replay(name: string, chunks?: Uint8Array[]): Replay {
  const meta = index[name];
  assert.ok(meta, `fixture ${name} is in index.json`);
  const bytes = bytesOf(name);
  let state = createPull({ id: name, reference: `${meta.fromImage}:${meta.tag}`, fromImage: meta.fromImage, tag: meta.tag, startedAt: 0 });
  const decoder = new NdjsonDecoder();
  const values: unknown[] = [];
  for (const chunk of chunks ?? [bytes]) values.push(...decoder.push(chunk));
  values.push(...decoder.end());
  const phases = new Map<string, string[]>();
  const totals: ReturnType<typeof pullTotals>[] = [];
  let now = 0;
  for (const value of values) {
    now += MESSAGE_MS;
    if (meta.status !== 200) {
      state = finishPull(state, { status: 'error', message: (value as { message: string }).message }, now);
      continue;
    }
    state = foldPullMessage(state, value as PullMessage, now);
    for (const id of state.layerIds) {
      const seen = phases.get(id) ?? [];
      const phase = state.layers.get(id)?.phase ?? '';
      if (seen.at(-1) !== phase) seen.push(phase);
      phases.set(id, seen);
    }
    totals.push(pullTotals(state));
  }
  state = finishPull(state, { status: 'done' }, now + MESSAGE_MS);
  return { state, phases, totals };
}

test('fixtures hold no credentials', () => {
  for (const name of Object.keys(index)) {
    const body = bytesOf(name).toString('utf8');
    assert.doesNotMatch(body, /password|identitytoken|"auth"|Authorization/i, name);
  }
});

test('fresh pull: every layer in order of first appearance, through every phase, to Pull complete', () => {
  const { state, phases } = replay('fresh');
  assert.equal(state.status, 'done');
  assert.deepEqual(state.layerIds, LAYERS);
  for (const id of LAYERS) {
    const seen = phases.get(id) ?? [];
    assert.equal(seen[0], 'Pulling fs layer', id);
    for (const phase of ['Downloading', 'Verifying Checksum', 'Download complete', 'Extracting', 'Pull complete']) {
      assert.ok(seen.includes(phase), `${id} went through ${phase}: ${seen.join(' → ')}`);
    }
    assert.equal(seen.at(-1), 'Pull complete');
    assert.equal(state.layers.get(id)?.done, true);
  }
  // The daemon queues downloads beyond max-concurrent-downloads (3).
  assert.ok(LAYERS.some((id) => phases.get(id)?.includes('Waiting')));
});

test('fresh pull: header and footer lines, and the full name at the end', () => {
  const { state } = replay('fresh');
  assert.deepEqual(state.header, ['latest: Pulling from berth/layers']);
  assert.equal(state.footer.length, 3);
  assert.match(state.footer[0] ?? '', /^Digest: sha256:[0-9a-f]{64}$/);
  assert.equal(state.footer[1], `Status: Downloaded newer image for ${index.fresh?.fromImage}:latest`);
  assert.equal(state.footer[2], `${index.fresh?.fromImage}:latest`);
  assert.equal(state.error, undefined);
  assert.equal(state.endedAt, 46 * MESSAGE_MS);
});

test('fresh pull: the overall figure counts every downloaded byte and every layer', () => {
  const { state, totals } = replay('fresh');
  const sizes = LAYERS.map((id) => state.layers.get(id)?.size ?? 0);
  // The busybox base and the 3, 5, 7 and 9 MiB random layers, each a little larger as a tar.
  assert.ok(sizes.every((s) => s > 0));
  assert.ok(sizes.slice(1).every((s, i) => s > [3, 5, 7, 9][i]! * 1024 * 1024 && s < ([3, 5, 7, 9][i]! + 1) * 1024 * 1024), sizes.join());
  const final = pullTotals(state);
  const sum = sizes.reduce((a, b) => a + b, 0);
  assert.deepEqual({ ...final, rate: undefined }, { bytesDone: sum, bytesKnown: sum, layersDone: 5, layersTotal: 5, rate: undefined });
  // On the way: the numbers only grow, and there is a moment with part of it done.
  for (let i = 1; i < totals.length; i++) {
    assert.ok(totals[i]!.bytesDone >= totals[i - 1]!.bytesDone, `bytesDone grows at message ${i}`);
    assert.ok(totals[i]!.layersDone >= totals[i - 1]!.layersDone);
    assert.ok(totals[i]!.bytesDone <= totals[i]!.bytesKnown);
  }
  assert.ok(totals.some((t) => t.bytesDone > 0 && t.bytesDone < t.bytesKnown));
  assert.ok(totals.some((t) => t.layersDone > 0 && t.layersDone < 5));
});

test('some layers present: Already exists counts as done, without bytes', () => {
  const { state, phases } = replay('some-present');
  assert.equal(state.status, 'done');
  assert.deepEqual(state.layerIds, LAYERS);
  assert.deepEqual(phases.get(LAYERS[0]!), ['Already exists']);
  const base = state.layers.get(LAYERS[0]!);
  assert.equal(base?.done, true);
  assert.equal(base?.size, undefined);
  for (const id of LAYERS.slice(1)) assert.equal(phases.get(id)?.at(-1), 'Pull complete');
  const totals = pullTotals(state);
  const sum = LAYERS.slice(1).reduce((a, id) => a + (state.layers.get(id)?.size ?? 0), 0);
  assert.equal(totals.bytesKnown, sum);
  assert.equal(totals.bytesDone, sum);
  assert.equal(totals.layersDone, 5);
  const first = replay('some-present').totals[1];
  assert.equal(first?.layersDone, 1, 'Already exists is done as soon as it is reported');
});

test('up to date: no layers, the status line says so', () => {
  const { state } = replay('up-to-date');
  assert.equal(state.status, 'done');
  assert.deepEqual(state.layerIds, []);
  assert.deepEqual(state.header, ['latest: Pulling from berth/layers']);
  assert.match(state.footer[0] ?? '', /^Digest: sha256:/);
  assert.match(state.footer[1] ?? '', /^Status: Image is up to date for .*\/berth\/layers:latest$/);
  assert.deepEqual(pullTotals(state), { bytesDone: 0, bytesKnown: 0, layersDone: 0, layersTotal: 0 });
});

test('wrong password: the registry refuses, the pull ends in error with its words', () => {
  const { state } = replay('auth-failure');
  assert.equal(state.status, 'error');
  assert.equal(state.error, 'unauthorized: authentication required');
  assert.deepEqual(state.layerIds, []);
});

test('no credentials: the engine says so', () => {
  const { state } = replay('anonymous');
  assert.equal(state.status, 'error');
  assert.match(state.error ?? '', /no basic auth credentials/);
});

test('missing tag: manifest unknown', () => {
  const { state } = replay('missing-tag');
  assert.equal(state.status, 'error');
  assert.match(state.error ?? '', /no-such-tag not found: manifest unknown/);
});

test('any chunking of the recorded bytes gives the same result', () => {
  for (const name of ['fresh', 'some-present', 'up-to-date']) {
    const bytes = bytesOf(name);
    const whole = replay(name).state;
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: bytes.length }), { maxLength: 60 }), (cuts) => {
        assert.deepEqual(replay(name, split(bytes, cuts)).state, whole);
      }),
      { numRuns: 150 },
    );
  }
});

test('byte-at-a-time delivery still folds every message', () => {
  const bytes = bytesOf('fresh');
  const chunks = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1));
  assert.deepEqual(replay('fresh', chunks).state, replay('fresh').state);
});

// Synthetic messages for what the sandbox engine does not send.

const base = () => createPull({ id: 'p1', reference: 'busybox', fromImage: 'docker.io/library/busybox', tag: 'latest', impliedLatest: true, startedAt: 1000 });
const fold = (state: PullState, messages: [PullMessage, number][]) => messages.reduce((s, [m, t]) => foldPullMessage(s, m, t), state);

test('no tag typed: the header says the default tag first', () => {
  const state = fold(base(), [[{ status: 'Pulling from library/busybox', id: 'latest' }, 1001]]);
  assert.deepEqual(state.header, ['Using default tag: latest', 'latest: Pulling from library/busybox']);
});

test('the pre-rendered progress string is never read', () => {
  const message = { status: 'Downloading', id: 'abc', progress: '[==>   ] 12MB/40MB' } as PullMessage;
  const layer = foldPullMessage(base(), message, 1).layers.get('abc');
  assert.equal(layer?.phase, 'Downloading');
  assert.equal(layer?.current, undefined);
  assert.equal(layer?.total, undefined);
});

test('missing total: the amount only; hidecounts and units are kept', () => {
  let state = fold(base(), [
    [{ status: 'Downloading', id: 'a', progressDetail: { current: 500, total: 0 } }, 1],
    [{ status: 'Downloading', id: 'b', progressDetail: { current: 500, total: -1 } }, 1],
    [{ status: 'Extracting', id: 'c', progressDetail: { current: 3, units: 's' } }, 1],
    [{ status: 'Download complete', id: 'd', progressDetail: { hidecounts: true } }, 1],
  ]);
  assert.equal(state.layers.get('a')?.current, 500);
  assert.equal(state.layers.get('a')?.total, undefined);
  assert.equal(state.layers.get('b')?.total, undefined);
  assert.equal(state.layers.get('c')?.units, 's');
  assert.equal(state.layers.get('c')?.current, 3);
  assert.equal(state.layers.get('d')?.hidecounts, true);
  // Seconds are not bytes: they count toward no total and have no rate.
  state = foldPullMessage(state, { status: 'Extracting', id: 'c', progressDetail: { current: 9, units: 's' } }, 2000);
  assert.equal(state.layers.get('c')?.rate, undefined);
  assert.equal(pullTotals(state).bytesKnown, 0);
});

test('containerd image store: no Waiting or Verifying, extraction in seconds, counts hidden', () => {
  const state = fold(base(), [
    [{ status: 'Pulling fs layer', id: 'aaa', progressDetail: {} }, 1],
    [{ status: 'Downloading', id: 'aaa', progressDetail: { current: 100, total: 1000 } }, 2],
    [{ status: 'Download complete', id: 'aaa', progressDetail: { hidecounts: true } }, 3],
    [{ status: 'Extracting', id: 'aaa', progressDetail: { current: 1, units: 's' } }, 4],
    [{ status: 'Pull complete', id: 'aaa', progressDetail: { hidecounts: true } }, 5],
  ]);
  const layer = state.layers.get('aaa');
  assert.equal(layer?.done, true);
  assert.deepEqual(pullTotals(state), { bytesDone: 1000, bytesKnown: 1000, layersDone: 1, layersTotal: 1 });
});

test('rate: bytes per second from successive samples, smoothed, reset by a new phase or a retry', () => {
  let state = fold(base(), [
    [{ status: 'Downloading', id: 'a', progressDetail: { current: 0, total: 10_000_000 } }, 0],
    [{ status: 'Downloading', id: 'a', progressDetail: { current: 100_000, total: 10_000_000 } }, 100],
  ]);
  assert.equal(state.layers.get('a')?.rate, undefined, 'too soon to tell');
  state = foldPullMessage(state, { status: 'Downloading', id: 'a', progressDetail: { current: 1_000_000, total: 10_000_000 } }, 500);
  assert.equal(state.layers.get('a')?.rate, 2_000_000);
  state = foldPullMessage(state, { status: 'Downloading', id: 'a', progressDetail: { current: 2_000_000, total: 10_000_000 } }, 1500);
  assert.equal(state.layers.get('a')?.rate, 1_500_000, 'half the old rate, half the new sample');
  assert.equal(pullTotals(state).rate, 1_500_000);
  state = foldPullMessage(state, { status: 'Retrying in 5 seconds', id: 'a', progressDetail: {} }, 1600);
  assert.equal(state.layers.get('a')?.phase, 'Retrying in 5 seconds');
  assert.equal(state.layers.get('a')?.rate, undefined);
  assert.equal(pullTotals(state).bytesDone, 2_000_000, 'what was downloaded stays counted until it restarts');
  state = foldPullMessage(state, { status: 'Downloading', id: 'a', progressDetail: { current: 10, total: 10_000_000 } }, 7000);
  assert.equal(state.layers.get('a')?.rate, undefined);
  assert.equal(pullTotals(state).bytesDone, 10);
});

test('errorDetail in the stream ends the pull with its message; later messages change nothing', () => {
  let state = fold(base(), [
    [{ status: 'Pulling fs layer', id: 'a', progressDetail: {} }, 1],
    [{ errorDetail: { message: 'toomanyrequests: You have reached your pull rate limit' }, error: 'toomanyrequests: …' }, 2],
  ]);
  assert.equal(state.status, 'error');
  assert.equal(state.error, 'toomanyrequests: You have reached your pull rate limit');
  assert.equal(state.endedAt, 2);
  const after = foldPullMessage(state, { status: 'Pull complete', id: 'a', progressDetail: {} }, 3);
  assert.equal(after, state);
  state = finishPull(state, { status: 'done' }, 4);
  assert.equal(state.status, 'error', 'the first ending stands');
});

test('cancelled keeps the layers as they were', () => {
  let state = fold(base(), [[{ status: 'Downloading', id: 'a', progressDetail: { current: 5, total: 10 } }, 1]]);
  state = finishPull(state, { status: 'cancelled' }, 2);
  assert.equal(state.status, 'cancelled');
  assert.equal(state.layers.get('a')?.done, false);
  assert.equal(state.layers.get('a')?.phase, 'Downloading');
});

test('a digest pull names the image with @ at the end', () => {
  const digest = `sha256:${'a'.repeat(64)}`;
  let state = createPull({ id: 'd', reference: `busybox@${digest}`, fromImage: 'docker.io/library/busybox', tag: digest, startedAt: 0 });
  state = foldPullMessage(state, { status: 'Pulling from library/busybox', id: digest }, 1);
  assert.deepEqual(state.layerIds, []);
  state = finishPull(state, { status: 'done' }, 2);
  assert.equal(state.footer.at(-1), `docker.io/library/busybox@${digest}`);
});

test('a misbehaving engine cannot grow the state without bound', () => {
  let state = base();
  for (let i = 0; i < 100; i++) state = foldPullMessage(state, { status: `note ${i}` }, i);
  assert.equal(state.header.length, 20);
  state = foldPullMessage(state, { status: 'x'.repeat(100_000) }, 1);
  state = foldPullMessage(state, { status: 'Pulling fs layer', id: 'a', progressDetail: {} }, 1);
  for (let i = 0; i < 100; i++) state = foldPullMessage(state, { status: `Status: ${i}` }, i);
  assert.equal(state.footer.length, 20);
  assert.equal(state.footer.at(-1), 'Status: 99');
  for (let i = 0; i < 1500; i++) state = foldPullMessage(state, { status: 'Waiting', id: `l${i}`, progressDetail: {} }, 1);
  assert.equal(state.layerIds.length, 1000);
});

test('junk in progressDetail is ignored rather than trusted', () => {
  const message = { status: 'Downloading', id: 'a', progressDetail: { current: 'lots', total: Number.NaN } } as unknown as PullMessage;
  const layer = foldPullMessage(base(), message, 1).layers.get('a');
  assert.equal(layer?.current, undefined);
  assert.equal(layer?.total, undefined);
});

test('stall: nothing for 10 s is a stall, measured from the last message of any kind; the registry is silent while a layer downloads', () => {
  let state = fold(base(), [
    [{ status: 'Pulling from library/busybox', id: 'latest' }, 1500],
    [{ status: 'Pulling fs layer', id: 'a', progressDetail: {} }, 2000],
    [{ status: 'Downloading', id: 'a', progressDetail: { current: 10, total: 100 } }, 3000],
  ]);
  assert.equal(state.lastMessageAt, 3000);
  assert.equal(pullStall(state, 12_999), undefined, '9.999 s is not yet a stall');
  assert.deepEqual(pullStall(state, 13_000), { seconds: 10, waitingOn: 'registry' });
  assert.deepEqual(pullStall(state, 15_900), { seconds: 12, waitingOn: 'registry' });
  // A message with nothing to show still says the pull is alive.
  state = foldPullMessage(state, { aux: { Tag: 'x' } } as PullMessage, 15_000);
  assert.equal(pullStall(state, 15_900), undefined);
  assert.equal(pullStall(state, 20_000, 5_000)?.seconds, 5, 'the threshold is a parameter');
});

test('stall before any layer (the manifest never came) is the registry; after the downloads, the engine', () => {
  assert.deepEqual(pullStall(base(), 11_000), { seconds: 10, waitingOn: 'registry' }, 'measured from the start until the first message');
  const extracting = fold(base(), [
    [{ status: 'Download complete', id: 'a', progressDetail: {} }, 1000],
    [{ status: 'Extracting', id: 'a', progressDetail: { current: 5, total: 10 } }, 2000],
    [{ status: 'Pull complete', id: 'b', progressDetail: {} }, 2000],
  ]);
  assert.deepEqual(pullStall(extracting, 14_000), { seconds: 12, waitingOn: 'engine' });
  const queued = foldPullMessage(extracting, { status: 'Waiting', id: 'c', progressDetail: {} }, 2000);
  assert.equal(pullStall(queued, 14_000)?.waitingOn, 'registry', 'a layer still to fetch');
});

test('stall: only a running pull stalls', () => {
  const state = fold(base(), [[{ status: 'Downloading', id: 'a', progressDetail: { current: 1, total: 10 } }, 1000]]);
  assert.equal(pullStall(finishPull(state, { status: 'cancelled' }, 2000), 60_000), undefined);
  assert.equal(pullStall(finishPull(state, { status: 'done' }, 2000), 60_000), undefined);
  assert.equal(pullStall(finishPull(state, { status: 'error', message: 'x' }, 2000), 60_000), undefined);
});

test('layer stall: a downloading layer without news for 10 s while another moves', () => {
  let state = fold(base(), [
    [{ status: 'Downloading', id: 'slow', progressDetail: { current: 1, total: 100 } }, 1000],
    [{ status: 'Waiting', id: 'queued', progressDetail: {} }, 1000],
    [{ status: 'Pull complete', id: 'done', progressDetail: {} }, 1000],
  ]);
  for (let t = 2000; t <= 12_000; t += 1000) state = foldPullMessage(state, { status: 'Downloading', id: 'fast', progressDetail: { current: t, total: 100_000 } }, t);
  const layer = (id: string) => state.layers.get(id)!;
  assert.equal(pullStall(state, 12_500), undefined, 'the pull as a whole moves');
  assert.equal(layerStall(state, layer('slow'), 10_999), undefined);
  assert.equal(layerStall(state, layer('slow'), 11_000), 10);
  assert.equal(layerStall(state, layer('fast'), 12_500), undefined);
  assert.equal(layerStall(state, layer('queued'), 60_000), undefined, 'waiting its turn is not a stall');
  assert.equal(layerStall(state, layer('done'), 60_000), undefined);
});

test('a push folds into the same model: Pushing counts bytes, Pushed, Layer already exists and Mounted from end a layer', () => {
  let state = createPull({ id: 'p', reference: 'reg:5000/app:1', fromImage: 'reg:5000/app', tag: '1', startedAt: 0, kind: 'push' });
  const messages: PullMessage[] = [
    { status: 'The push refers to repository [reg:5000/app]' },
    { status: 'Preparing', progressDetail: {}, id: 'aaa' },
    { status: 'Preparing', progressDetail: {}, id: 'bbb' },
    { status: 'Preparing', progressDetail: {}, id: 'ccc' },
    { status: 'Waiting', progressDetail: {}, id: 'aaa' },
    { status: 'Pushing', progressDetail: { current: 512, total: 2048 }, id: 'aaa' },
    { status: 'Layer already exists', progressDetail: {}, id: 'bbb' },
    { status: 'Mounted from team/base', progressDetail: {}, id: 'ccc' },
  ];
  messages.forEach((m, i) => (state = foldPullMessage(state, m, i * 100)));
  assert.equal(state.kind, 'push');
  assert.deepEqual(state.header, ['The push refers to repository [reg:5000/app]']);
  assert.deepEqual(state.layerIds, ['aaa', 'bbb', 'ccc']);
  assert.deepEqual(pullTotals(state), { bytesDone: 512, bytesKnown: 2048, layersDone: 2, layersTotal: 3 });
  state = foldPullMessage(state, { status: 'Pushed', progressDetail: {}, id: 'aaa' }, 900);
  state = foldPullMessage(state, { status: '1: digest: sha256:abc size: 739' }, 950);
  assert.deepEqual(pullTotals(state), { bytesDone: 2048, bytesKnown: 2048, layersDone: 3, layersTotal: 3 });
  assert.deepEqual(state.footer, ['1: digest: sha256:abc size: 739']);
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import stringWidth from 'string-width';
import { createPull, finishPull, foldPullMessage } from '../../../src/state/pulls/pull-reducer.ts';
import { FIXTURE_REFERENCE, fixtureMessages, freshAfter } from '../../support/pull-fixtures.ts';
import { wrap } from '../../../src/app/format/wrap.ts';
import { blockHeight, layerAmount, layerLayout, lineText, pullBlockLines, type BlockLine } from '../../../src/app/rows/pull-rows.ts';

const messages = fixtureMessages('fresh');
const REF = FIXTURE_REFERENCE;

const text = (lines: BlockLine[]) => lines.map(lineText);
const barOf = (line: string) => /[█▏▎▍▌▋▊▉░]+/.exec(line)?.[0] ?? '';

test('the recorded fresh pull mid-way: title, header, overall, one row per layer', () => {
  const state = freshAfter(16);
  const lines = text(pullBlockLines(state, { width: 100, nowMs: 7000, selected: true }));
  assert.match(lines[0]!, /^› ⠋ 127\.0\.0\.1:41631\/berth\/layers:latest +pulling 0:07$/);
  assert.equal(lines[1], '    latest: Pulling from berth/layers');
  assert.match(lines[2]!, /^ {4}\d\/5 layers done +[█▏▎▍▌▋▊▉░]+ +[\d.]+[kM]B\/[\d.]+MB/);
  assert.equal(lines.length, 3 + 5);
  const rows = lines.slice(3);
  assert.deepEqual(
    rows.map((r) => r.slice(4, 16)),
    ['0fb294f52e20', 'f6395bc314a9', '295dac9cd9d7', 'fbcf14340b73', '8b81979f6376'],
  );
  // Bars line up: every bar starts in the same column.
  const starts = [lines[2]!, ...rows].filter((l) => barOf(l) !== '').map((l) => l.indexOf(barOf(l)));
  assert.ok(starts.length >= 2);
  assert.equal(new Set(starts).size, 1);
});

test('a finished pull: ✓, the status, the full name, every layer Pull complete', () => {
  let state = freshAfter(messages.length);
  state = finishPull(state, { status: 'done' }, 12_000);
  const lines = text(pullBlockLines(state, { width: 90, nowMs: 99_000 }));
  assert.match(lines[0]!, /^  ✓ .* pulled 0:12$/);
  assert.match(lines[2]!, /5\/5 layers done +█+ /);
  assert.equal(lines.filter((l) => l.includes('Pull complete')).length, 5);
  assert.match(lines.at(-2)!, /Status: Downloaded newer image for/);
  assert.equal(lines.at(-1), '    127.0.0.1:41631/berth/layers:latest');
});

test('no line is ever wider than the width, at any width, in any state', () => {
  const states = [freshAfter(3), freshAfter(16), freshAfter(30), finishPull(freshAfter(40), { status: 'error', message: 'Head "http://127.0.0.1:41631/v2/berth/layers/manifests/latest": no basic auth credentials' }, 9000)];
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 220 }), fc.constantFrom(...states), fc.boolean(), (width, state, selected) => {
      for (const line of text(pullBlockLines(state, { width, nowMs: 5000, selected }))) {
        assert.ok(stringWidth(line) <= width, `${JSON.stringify(line)} is ${stringWidth(line)} cells at width ${width}`);
      }
    }),
    { numRuns: 400 },
  );
});

test('bars shrink with the width, then the rate goes, then the bar', () => {
  const wide = layerLayout(140);
  const normal = layerLayout(100);
  const narrow = layerLayout(64);
  const tiny = layerLayout(40);
  assert.equal(wide.barWidth, 50, 'never wider than the docker CLI bar');
  assert.ok(normal.barWidth < wide.barWidth && normal.rateWidth > 0);
  assert.ok(narrow.barWidth > 0 && narrow.barWidth < normal.barWidth);
  assert.equal(narrow.rateWidth, 0);
  assert.equal(tiny.barWidth, 0);
  const rowsAt = (w: number) => text(pullBlockLines(freshAfter(16), { width: w, nowMs: 0 })).slice(2);
  const bars = [120, 100, 80, 64].map((w) => Math.max(...rowsAt(w).map((l) => barOf(l).length)));
  for (let i = 1; i < bars.length; i++) assert.ok(bars[i]! < bars[i - 1]!, `bar widths ${bars.join(' > ')}`);
  assert.ok(rowsAt(40).every((l) => barOf(l) === ''), 'no bars at 40 columns');
  assert.ok(rowsAt(40).some((l) => /MB/.test(l)), 'amounts still shown');
});

test('rates show while a layer downloads', () => {
  let state = createPull({ id: 'p', reference: 'busybox', fromImage: 'docker.io/library/busybox', tag: 'latest', startedAt: 0 });
  state = foldPullMessage(state, { status: 'Downloading', id: 'aaaaaaaaaaaa', progressDetail: { current: 0, total: 8_000_000 } }, 0);
  state = foldPullMessage(state, { status: 'Downloading', id: 'aaaaaaaaaaaa', progressDetail: { current: 2_000_000, total: 8_000_000 } }, 1000);
  const lines = text(pullBlockLines(state, { width: 100, nowMs: 1000 }));
  assert.match(lines[1]!, /0\/1 layer done +█+░+ +2MB\/8MB +2MB\/s$/);
  assert.match(lines[2]!, /aaaaaaaaaaaa Downloading +█+░+ +2MB\/8MB +2MB\/s$/);
});

test('amounts: bytes, a missing total, other units, hidden counts, past the total', () => {
  const layer = (detail: object) => ({ id: 'a', phase: 'Extracting', done: false, downloaded: 0, ...detail });
  assert.equal(layerAmount(layer({ current: 1_500_000, total: 3_000_000 })), '1.5MB/3MB');
  assert.equal(layerAmount(layer({ current: 1_500_000 })), '1.5MB');
  assert.equal(layerAmount(layer({ current: 3, units: 's' })), '3 s');
  assert.equal(layerAmount(layer({ current: 3, total: 10, units: 'files' })), '3/10 files');
  assert.equal(layerAmount(layer({ current: 3, total: 10, hidecounts: true })), '');
  assert.equal(layerAmount(layer({ current: 12, total: 10 })), '12B');
  assert.equal(layerAmount(layer({})), '');
});

test('a status-only phase has no bar and no trailing padding', () => {
  const lines = text(pullBlockLines(freshAfter(8), { width: 100, nowMs: 0 }));
  const row = lines.find((l) => l.includes('Waiting'))!;
  assert.match(row, /^ {4}[0-9a-f]{12} Waiting$/);
  assert.match(lines[2]!, /^ {4}0\/5 layers done +░+$/, 'nothing known yet: an empty bar and no amount');
  assert.match(text(pullBlockLines(freshAfter(8), { width: 50, nowMs: 0 }))[3]!, /^ {4}[0-9a-f]{8} Pulling fs …$/, 'a narrow id is a prefix, not an ellipsis');
});

test('the error is wrapped over up to three lines, in full when it fits', () => {
  const message = 'Head "http://127.0.0.1:41631/v2/berth/layers/manifests/latest": no basic auth credentials';
  const state = finishPull(createPull({ id: 'p', reference: REF, fromImage: 'x', tag: 'latest', startedAt: 0 }), { status: 'error', message }, 1000);
  const lines = text(pullBlockLines(state, { width: 60, nowMs: 0 }));
  assert.match(lines[0]!, /✗ .* failed 0:01$/);
  const error = lines.slice(1).map((l) => l.slice(6));
  assert.equal(error.join('').replace(/ /g, ''), message.replace(/ /g, ''), 'nothing is lost');
  assert.ok(error.length <= 3);
  assert.ok(lines[1]!.startsWith('    ✗ '));
});

test('wrap breaks at spaces, else between graphemes, and ends in … when text remains', () => {
  assert.deepEqual(wrap('abcdefghij', 4, 5), ['abcd', 'efgh', 'ij']);
  assert.deepEqual(wrap('abcdefghij', 4, 2), ['abcd', 'efg…']);
  assert.deepEqual(wrap('ab cd', 2, 3), ['ab', 'cd']);
  assert.deepEqual(wrap('', 4, 3), ['']);
  assert.deepEqual(wrap('日本語です', 4, 3), ['日本', '語で', 'す']);
  assert.deepEqual(wrap('no basic auth credentials', 12, 3), ['no basic', 'auth', 'credentials']);
  assert.deepEqual(wrap('denied: requested', 7, 5), ['denied:', 'request', 'ed']);
});

test('short of lines: the header goes, then the layers collapse to the ones still moving', () => {
  const state = freshAfter(16);
  const full = pullBlockLines(state, { width: 100, nowMs: 0 });
  assert.equal(full.length, 8);
  const seven = text(pullBlockLines(state, { width: 100, nowMs: 0, maxLines: 7 }));
  assert.equal(seven.length, 7);
  assert.ok(!seven.some((l) => l.includes('Pulling from')), 'the header went first');
  const five = text(pullBlockLines(state, { width: 100, nowMs: 0, maxLines: 5 }));
  assert.equal(five.length, 5);
  assert.match(five.at(-1)!, /^ {4}… \d more layers?( \(\d done\))?$/);
  const done = [...state.layers.values()].filter((l) => l.done).map((l) => l.id);
  for (const id of done) assert.ok(!five.slice(2, -1).some((l) => l.includes(id)) || done.length > 2, 'finished layers give way first');
  assert.equal(pullBlockLines(state, { width: 100, nowMs: 0, maxLines: 1 }).length, 1);
});

test('engine text is sanitized: escape sequences never reach the terminal', () => {
  let state = createPull({ id: 'p', reference: 'busybox', fromImage: 'docker.io/library/busybox', tag: 'latest', startedAt: 0 });
  state = foldPullMessage(state, { status: 'Pulling from \u001b]0;owned\u0007evil', id: 'latest' }, 1);
  state = foldPullMessage(state, { status: 'Down\u001b[2Jloading', id: 'a\u001b[31mb', progressDetail: { current: 1, total: 2 } }, 1);
  state = finishPull(state, { status: 'error', message: 'bad\r\u001b[1Atext' }, 2);
  for (const line of text(pullBlockLines(state, { width: 100, nowMs: 0 }))) {
    assert.doesNotMatch(line, /[\u0000-\u001f\u007f-\u009f]/);
  }
});

test('blockHeight counts the lines without building them', () => {
  const states = [freshAfter(0), freshAfter(1), freshAfter(16), finishPull(freshAfter(45), { status: 'done' }, 1), finishPull(freshAfter(5), { status: 'error', message: 'x '.repeat(200) }, 1)];
  for (const state of states) {
    for (const width of [1, 20, 50, 80, 200]) assert.equal(blockHeight(state, width), pullBlockLines(state, { width, nowMs: 0 }).length, `width ${width}`);
  }
});

test('a stalled pull says for how long, who is silent and how to cancel, under its title; the rates go', () => {
  const state = freshAfter(16);
  const at = state.lastMessageAt + 12_400;
  const lines = text(pullBlockLines(state, { width: 120, nowMs: at, selected: true }));
  assert.equal(lines[1], '    no progress for 12 s — the registry is not answering (x cancels)');
  assert.doesNotMatch(lines.join('\n'), /\/s\b/, 'no rate: nothing moves');
  assert.match(lines.join('\n'), /Downloading .*3\.15MB stuck 12s$/m, 'the layer that was downloading says it too');
  assert.equal(blockHeight(state, 120, at), lines.length, 'the pane counts the extra line');
  const engine = text(pullBlockLines(state, { width: 120, nowMs: at, engineSilent: true }));
  assert.equal(engine[1], '    no progress for 12 s — the engine is not answering (x cancels)');
  // Before the threshold, nothing of the sort.
  const moving = text(pullBlockLines(state, { width: 120, nowMs: state.lastMessageAt + 9_000 }));
  assert.doesNotMatch(moving.join('\n'), /no progress|stuck/);
  assert.equal(blockHeight(state, 120, state.lastMessageAt + 9_000), moving.length);
});

test('a stalled pull still fits any width', () => {
  const state = freshAfter(16);
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 220 }), (width) => {
      for (const line of text(pullBlockLines(state, { width, nowMs: state.lastMessageAt + 65_000 }))) assert.ok(stringWidth(line) <= width, `${JSON.stringify(line)} at width ${width}`);
    }),
    { numRuns: 200 },
  );
});

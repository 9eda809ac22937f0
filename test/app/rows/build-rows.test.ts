import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildBlockHeight, buildBlockLines, buildStepLines, stepDuration } from '../../../src/app/rows/build-rows.ts';
import { lineText } from '../../../src/app/rows/pull-rows.ts';
import { buildSending, createBuild, finishBuild, foldBuildMessage, type BuildSettings, type BuildState } from '../../../src/state/builds/build-reducer.ts';

const settings: BuildSettings = { context: './app', dockerfile: 'Dockerfile', tags: ['app:1'], buildArgs: {}, target: '', platform: '', noCache: false, pull: false, network: '' };

function classic(lines: readonly string[], at = 1000): BuildState {
  let b = buildSending(createBuild({ id: 'build-1', settings, startedAt: 0 }), 'classic', ['with the classic builder'], { files: 3, bytes: 4096 });
  lines.forEach((line, i) => (b = foldBuildMessage(b, { stream: `${line}\n` }, at * (i + 1))));
  return b;
}

const text = (b: BuildState, nowMs = 20_000) => buildBlockLines(b, { width: 100, nowMs }).map(lineText);

test('a running build: its title, how it is built, a line per step with its time, the running step’s last lines', () => {
  const b = classic(['Step 1/2 : FROM busybox', ' ---> Using cache', 'Step 2/2 : RUN make', 'one', 'two', 'three', 'four']);
  const lines = text(b);
  assert.match(lines[0] ?? '', /build app:1 from \.\/app +building 0:20/);
  assert.match(lines[1] ?? '', /with the classic builder · context 4\.1kB, 3 files, 0B sent/);
  assert.match(lines[2] ?? '', /≡ \[1\/2\] FROM busybox +cached$/);
  assert.match(lines[3] ?? '', /⠋ \[2\/2\] RUN make +17\.0s$/);
  assert.deepEqual(lines.slice(4).map((l) => l.trim()), ['two', 'three', 'four']);
  assert.equal(buildBlockHeight(b, 100), lines.length);
});

test('a failed step keeps the engine’s error and its last lines; a done step is folded to its line', () => {
  const b = finishBuild(classic(['Step 1/2 : FROM busybox', ' ---> abcdef012345', 'Step 2/2 : RUN false', 'about to fail']), { status: 'error', message: 'returned a non-zero code: 1' }, 9000);
  const lines = text(b);
  assert.match(lines[0] ?? '', /failed/);
  assert.match(lines[2] ?? '', /✓ \[1\/2\] FROM busybox/);
  assert.match(lines[3] ?? '', /✗ \[2\/2\] RUN false/);
  assert.equal(lines[4]?.trim(), 'returned a non-zero code: 1');
  assert.equal(lines[5]?.trim(), 'about to fail');
});

test('engine text is sanitised: control sequences in a step or a log line never reach the screen', () => {
  const b = classic(['Step 1/1 : RUN echo \u001b[31mred\u001b]0;title\u0007', 'log \u001b[2Jcleared']);
  for (const line of [...text(b), ...buildStepLines(b, 5000)]) assert.ok(!/[\u0000-\u0008\u000b-\u001f\u007f]/.test(line), JSON.stringify(line));
});

test('a short block keeps its title and note and the latest steps', () => {
  const b = classic(Array.from({ length: 10 }, (_, i) => `Step ${i + 1}/10 : RUN echo ${i}`));
  const lines = buildBlockLines(b, { width: 80, nowMs: 20_000, maxLines: 4 }).map(lineText);
  assert.equal(lines.length, 4);
  assert.match(lines[0] ?? '', /build app:1/);
  assert.match(lines[3] ?? '', /RUN echo 9/);
});

test('a step’s time: tenths under a minute, minutes after; cached says so', () => {
  const step = { id: 's', name: 'x', status: 'done' as const, lines: [], lineOpen: false, lineCount: 0 };
  assert.equal(stepDuration({ ...step, startedAt: 0, endedAt: 1234 }, 0), '1.2s');
  assert.equal(stepDuration({ ...step, startedAt: 0, endedAt: 62_000 }, 0), '1:02');
  assert.equal(stepDuration({ ...step, status: 'cached' }, 0), 'cached');
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BuildkitTrace, TraceVertex } from '../../../src/engine/build/buildkit-trace.ts';
import { buildSending, createBuild, failedStep, finishBuild, foldBuildMessage, foldTrace, LOG_LINES, type BuildSettings, type BuildState } from '../../../src/state/builds/build-reducer.ts';
import { chooseBuilder } from '../../../src/state/builds/build-manager.ts';

const settings: BuildSettings = { context: '.', dockerfile: 'Dockerfile', tags: ['app:1'], buildArgs: {}, target: '', platform: '', noCache: false, pull: false, network: '' };
const start = (builder: 'buildkit' | 'classic'): BuildState => buildSending(createBuild({ id: 'build-1', settings, startedAt: 0 }), builder, [], { files: 1, bytes: 2048 });
const vertex = (digest: string, extra: Partial<TraceVertex> = {}): TraceVertex => ({ digest, inputs: [], name: digest, cached: false, started: undefined, completed: undefined, error: '', ...extra });
const trace = (part: Partial<BuildkitTrace>): BuildkitTrace => ({ vertexes: [], statuses: [], logs: [], warnings: [], ...part });

test('BuildKit: a step per vertex once it starts, in the order they start; cached, done and error as the vertex says', () => {
  let b = start('buildkit');
  b = foldTrace(b, trace({ vertexes: [vertex('a', { name: '[1/3] FROM x' }), vertex('b', { name: '[2/3] COPY f /f' })] }));
  assert.deepEqual(b.steps, [], 'known to the solver, not started: not shown');
  b = foldTrace(b, trace({ vertexes: [vertex('b', { name: '[2/3] COPY f /f', started: 10 }), vertex('a', { name: '[1/3] FROM x', cached: true, started: 11, completed: 11 })] }));
  assert.deepEqual(b.steps.map((s) => [s.name, s.status]), [['[2/3] COPY f /f', 'running'], ['[1/3] FROM x', 'cached']]);
  b = foldTrace(b, trace({ vertexes: [vertex('b', { name: '[2/3] COPY f /f', started: 10, completed: 42 })], statuses: [{ id: 't1', vertex: 'b', name: 'copy', current: 500, total: 1000, completed: undefined }, { id: 't2', vertex: 'b', name: 'copy', current: 100, total: 0, completed: undefined }] }));
  const copy = b.steps[0];
  assert.equal(copy?.status, 'done');
  assert.equal((copy?.endedAt ?? 0) - (copy?.startedAt ?? 0), 32);
  assert.deepEqual([copy?.current, copy?.total], [600, 1000]);
  b = foldTrace(b, trace({ vertexes: [vertex('c', { name: '[3/3] RUN false', started: 50, completed: 60, error: 'exit code: 1' })] }));
  assert.equal(failedStep(b)?.error, 'exit code: 1');
});

test('BuildKit: a step’s log lines are its own, a line split across messages joined, at most LOG_LINES kept', () => {
  let b = foldTrace(start('buildkit'), trace({ vertexes: [vertex('r', { name: 'RUN make', started: 1 }), vertex('s', { name: 'RUN other', started: 2 })] }));
  b = foldTrace(b, trace({ logs: [{ vertex: 'r', stream: 1, text: 'one\ntw' }, { vertex: 's', stream: 1, text: 'elsewhere\n' }] }));
  b = foldTrace(b, trace({ logs: [{ vertex: 'r', stream: 1, text: 'o\nprogress 10%\rprogress 90%\n' }] }));
  assert.deepEqual(b.steps[0]?.lines, ['one', 'two', 'progress 90%']);
  assert.deepEqual(b.steps[1]?.lines, ['elsewhere']);
  b = foldTrace(b, trace({ logs: [{ vertex: 'r', stream: 1, text: Array.from({ length: LOG_LINES + 5 }, (_, i) => `l${i}\n`).join('') }] }));
  assert.equal(b.steps[0]?.lines.length, LOG_LINES);
  assert.equal(b.steps[0]?.lineCount, LOG_LINES + 5 + 3);
  assert.equal(b.steps[0]?.lines.at(-1), `l${LOG_LINES + 4}`);
});

test('BuildKit: the image id from moby.image.id; the tag line kept', () => {
  let b = foldBuildMessage(start('buildkit'), { id: 'moby.image.id', aux: { ID: 'sha256:abc' } }, 5);
  b = foldBuildMessage(b, { stream: 'Successfully tagged app:1\n' }, 6);
  assert.equal(b.imageId, 'sha256:abc');
  assert.deepEqual(b.messages, ['Successfully tagged app:1']);
});

test('the classic builder (dockerd): a step per "Step n/m :" line, cached on "Using cache", the rest its log', () => {
  let b = start('classic');
  const lines = ['Step 1/3 : FROM busybox', ' ---> abcdef012345', 'Step 2/3 : COPY f /f', ' ---> Using cache', ' ---> 0123456789ab', 'Step 3/3 : RUN make', ' ---> Running in 999999999999', 'compiling', 'linking', 'Removing intermediate container 999999999999', ' ---> fedcba987654', 'Successfully built fedcba987654', 'Successfully tagged app:1'];
  lines.forEach((line, i) => (b = foldBuildMessage(b, { stream: `${line}\n` }, i * 10)));
  assert.deepEqual(b.steps.map((s) => [s.name, s.status]), [['[1/3] FROM busybox', 'done'], ['[2/3] COPY f /f', 'cached'], ['[3/3] RUN make', 'done']]);
  assert.deepEqual(b.steps[2]?.lines, ['compiling', 'linking']);
  assert.equal(b.imageId, 'fedcba987654');
  assert.deepEqual(b.messages, ['Successfully tagged app:1']);
});

test('the classic builder (Podman, through buildah): "STEP n/m:" lines, and the image id alone at the end', () => {
  let b = start('classic');
  for (const line of ['STEP 1/2: FROM busybox', 'STEP 2/2: RUN echo hi', 'hi', 'COMMIT app:1', '--> 0123456789ab', 'Successfully tagged localhost/app:1', 'a'.repeat(64)]) b = foldBuildMessage(b, { stream: `${line}\n` }, 1);
  assert.deepEqual(b.steps.map((s) => [s.name, s.status, s.lines]), [['[1/2] FROM busybox', 'done', []], ['[2/2] RUN echo hi', 'done', ['hi']]]);
  assert.equal(b.imageId, 'a'.repeat(64));
});

test('an error lands on the step that was running, which keeps its lines; a cancel leaves steps as they were', () => {
  let b = start('classic');
  for (const line of ['Step 1/2 : FROM busybox', ' ---> abcdef012345', 'Step 2/2 : RUN false', 'about to fail']) b = foldBuildMessage(b, { stream: `${line}\n` }, 1);
  const failed = finishBuild(b, { status: 'error', message: "The command '/bin/sh -c false' returned a non-zero code: 1" }, 9);
  assert.equal(failed.status, 'error');
  assert.equal(failedStep(failed)?.name, '[2/2] RUN false');
  assert.deepEqual(failedStep(failed)?.lines, ['about to fail']);
  const cancelled = finishBuild(b, { status: 'cancelled' }, 9);
  assert.equal(cancelled.status, 'cancelled');
  assert.equal(failedStep(cancelled), undefined);
  assert.equal(finishBuild(cancelled, { status: 'done' }, 10), cancelled, 'the first ending wins');
});

test('the builder: Builder-Version says, else BuildKit on dockerd and the classic one on Podman', () => {
  assert.equal(chooseBuilder({ experimental: false, podman: false, builderVersion: '2' }).builder, 'buildkit');
  assert.equal(chooseBuilder({ experimental: false, podman: false, builderVersion: '1' }).builder, 'classic');
  assert.equal(chooseBuilder({ experimental: false, podman: true }).builder, 'classic');
  assert.equal(chooseBuilder({ experimental: false, podman: false }).builder, 'buildkit');
});

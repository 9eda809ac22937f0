/**
 * Builds (`b` in the Images pane), in berth's bundle in a real pseudo-terminal, against the
 * sandbox engine. One berth session: a three-stage Dockerfile (a COPY of a 20 MB file, a RUN
 * that writes a file, a final stage) built with BuildKit shows every step with its time; built
 * again (`b` in the Pulls pane) its steps show cached; the image runs and holds the file; a
 * failing RUN shows the step's error and its last lines; a build cancelled mid-RUN ends the
 * engine's build (its process goes) and tags nothing. Beside it: the context berth sends is
 * the one the docker CLI sends for the same directory and .dockerignore. On Podman: the
 * classic builder's stream shown as steps.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, test } from 'node:test';
import { readContext } from '../../src/state/builds/context-tar.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';
import { key, launchBerth, type PtySession } from '../support/pty.ts';

const env = sandboxEnv();
const run = promisify(execFile);
const root = mkdtempSync(path.join(tmpdir(), 'berth-build-'));
const stamp = `made-${process.pid}`;
const tag = `berth-e2e-build${process.pid}:1`;
const failTag = `berth-e2e-fail${process.pid}:1`;
const cancelTag = `berth-e2e-cancel${process.pid}:1`;
const listTag = `berth-e2e-list${process.pid}:1`;
// A sleep no other test runs: its process is the cancelled build's RUN.
const sleepSeconds = 3000 + (process.pid % 500);
let session: PtySession | undefined;

after(async () => {
  await session?.stop();
  for (const t of [tag, failTag, cancelTag, listTag]) await sandboxDocker(['rmi', '-f', t]).catch(() => undefined);
  rmSync(root, { recursive: true, force: true });
});

function dir(name: string, files: Record<string, string | Buffer>): string {
  const at = path.join(root, name);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(at, file)), { recursive: true });
    writeFileSync(path.join(at, file), content);
  }
  return at;
}

/** Opens the build dialog from the Images pane and starts a build of `context` tagged `t`. */
async function build(b: PtySession, context: string, t: string): Promise<void> {
  await b.type('2');
  await b.type('b');
  await b.waitFor('Build an image from');
  b.write(context);
  // The tags start from the selected image's: Ctrl-U clears them.
  await b.type(key.tab, key.tab, '\u0015');
  b.write(t);
  await b.type(key.enter);
  await b.waitFor(`build ${t} from`);
}

/** Whether `check` came true within `ms` (asked every 200 ms). */
async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function sleeping(): Promise<boolean> {
  const { stdout } = await run('ps', ['-eo', 'args']).catch(() => ({ stdout: '' }));
  return stdout.split('\n').some((line) => line.trim() === `sleep ${sleepSeconds}`);
}

/**
 * Each engine registers the tests about it and no others (a skipped test would read as a failure):
 * BuildKit and the CLI's context are dockerd's (the context is checked once), the classic stream
 * is Podman's builder.
 */
function onDocker(name: string, fn: () => Promise<void>): void {
  if (env.engine !== 'podman') test(name, fn);
}
function onPodman(name: string, fn: () => Promise<void>): void {
  if (env.engine === 'podman') test(name, fn);
}

onDocker('BuildKit: every step with its time, cached the second time; the image holds the file; a failing RUN keeps its error and lines; a cancel ends the build and tags nothing', async () => {
  const three = dir('three', {
    'big.bin': randomBytes(20 * 1024 * 1024),
    Dockerfile: `FROM ${env.images.busybox} AS base\nCOPY big.bin /big.bin\nFROM base AS work\nRUN echo ${stamp} > /made.txt && echo wrote-the-file\nFROM work\nRUN cat /made.txt\n`,
  });
  const failing = dir('failing', { Dockerfile: `FROM ${env.images.busybox}\nRUN echo fail-line-1 && echo fail-line-2 && exit 3\n` });
  const cancelled = dir('cancelled', { Dockerfile: `FROM ${env.images.busybox}\nRUN echo sleeping-now && sleep ${sleepSeconds}\n` });

  const b = launchBerth({ env: { DOCKER_HOST: env.dockerHost }, cols: 140, rows: 45 });
  session = b;
  await b.waitFor('● live');

  await build(b, three, tag);
  let screen = await b.waitFor(/✓ build .* built/, 60_000);
  assert.match(screen, /with BuildKit/);
  assert.match(screen, /context 2\dMB, 2 files, sent/);
  assert.match(screen, /✓ \[base 2\/2\] COPY big\.bin \/big\.bin +\d+\.\ds/);
  assert.match(screen, /✓ \[work 1\/1\] RUN echo made-\d+ > \/made\.txt && echo wrote-the-file +\d+\.\ds/);
  assert.match(screen, /✓ \[stage-\d 1\/1\] RUN cat \/made\.txt +\d+\.\ds/);

  // Again, from the Pulls pane, with the same settings: the steps are the engine's cache.
  await b.type('b');
  screen = await b.waitFor((s) => (s.match(/✓ build .* built/g) ?? []).length === 2, 60_000);
  assert.match(screen, /≡ \[base 2\/2\] COPY big\.bin \/big\.bin +cached/);
  assert.match(screen, /≡ \[work 1\/1\] RUN echo made-\d+ .* +cached/);
  assert.equal((await sandboxDocker(['run', '--rm', '--network', 'none', tag, 'cat', '/made.txt'])).trim(), stamp);

  // Enter: the steps view, every step with its lines.
  await b.type(key.enter);
  screen = await b.waitFor('wrote-the-file');
  await b.type(key.escape);

  await build(b, failing, failTag);
  screen = await b.waitFor(/✗ build .* failed/, 60_000);
  assert.match(screen, /✗ \[2\/2\] RUN echo fail-line-1 && echo fail-line-2 && exit 3/);
  assert.match(screen, /exit code: 3/);
  assert.match(screen, /fail-line-2/);

  await build(b, cancelled, cancelTag);
  await b.waitFor('sleeping-now', 60_000);
  assert.ok(await until(sleeping, 10_000), 'the RUN step is running in the engine');
  await b.type('x');
  await b.waitFor(/– build .* cancelled/);
  assert.ok(await until(async () => !(await sleeping()), 20_000), 'the engine ended the build');
  await assert.rejects(sandboxDocker(['image', 'inspect', cancelTag]), 'nothing was tagged');
});

onDocker('.dockerignore: berth sends what the docker CLI sends for the same directory', async () => {
  const at = dir('ignored', {
    'Dockerfile.list': `FROM ${env.images.busybox}\nCOPY . /ctx/\n`,
    '.dockerignore': '*.log\n!keep.log\nnode_modules\n**/*.tmp\nDockerfile.list\nsub/*\n!sub/in\n# a comment\n',
    'a.log': '1',
    'keep.log': '2',
    'node_modules/m/index.js': '3',
    'deep/x.tmp': '4',
    'deep/y.txt': '5',
    'sub/in': '6',
    'sub/out': '7',
    'top.txt': '8',
  });
  const ours = await readContext(at, 'Dockerfile.list');
  const expected = new Set<string>();
  for (const entry of ours.entries) {
    const parts = entry.split('/');
    for (let i = 1; i <= parts.length; i++) expected.add(parts.slice(0, i).join('/'));
  }
  // The classic builder (this CLI has no buildx): the context is the CLI's own either way.
  await run(env.dockerCli, ['build', '-q', '-f', path.join(at, 'Dockerfile.list'), '-t', listTag, at], { env: { ...process.env, DOCKER_HOST: env.dockerHost, DOCKER_BUILDKIT: '0' } });
  const listed = await sandboxDocker(['run', '--rm', '--network', 'none', listTag, 'find', '/ctx', '-mindepth', '1']);
  const theirs = new Set(listed.split('\n').filter(Boolean).map((p) => p.slice('/ctx/'.length)));
  // Both send the Dockerfile though .dockerignore names it (the engine must read it); the engine
  // then drops it from what COPY sees, as .dockerignore asks.
  assert.ok(ours.entries.includes('Dockerfile.list'));
  expected.delete('Dockerfile.list');
  assert.deepEqual([...expected].sort(), [...theirs].sort());
  assert.ok(!theirs.has('a.log') && theirs.has('keep.log') && theirs.has('sub/in') && !theirs.has('sub/out') && !theirs.has('deep/x.tmp'));
});

onPodman('Podman: the classic builder’s stream shown as steps', async () => {
  const classic = dir('classic', { Dockerfile: `FROM ${env.images.busybox}\nRUN echo classic-line\n` });
  const b = launchBerth({ env: { DOCKER_HOST: env.dockerHost }, cols: 140, rows: 45 });
  session = b;
  await b.waitFor('● live');
  await build(b, classic, tag);
  const screen = await b.waitFor(/✓ build .* built/, 60_000);
  assert.match(screen, /with the classic builder/);
  assert.match(screen, /✓ \[1\/2\] FROM /);
  assert.match(screen, /✓ \[2\/2\] RUN echo classic-line +\d+\.\ds/);
});

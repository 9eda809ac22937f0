/**
 * `npm run build:sea`: berth as one executable (Node 24 with the bundle injected) runs where no
 * Node is on PATH, draws the sandbox engine's containers in a real pty, and has the code it
 * loads on demand in the npm bundle (the dialogs) built in.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { e2eScratch, output } from '../support/e2e-scratch.ts';
import { key, PtySession } from '../support/pty.ts';
import { sandboxEnv } from '../support/sandbox-env.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const sandbox = sandboxEnv();
/** A PATH with no node on it: the executable must not need one. */
const EMPTY = 'empty-path';
const { dir: work, container: name, sessions } = e2eScratch('sea', (dir) => mkdirSync(path.join(dir, EMPTY)));
const exe = path.join(work, 'sea', 'berth');
const noNode = path.join(work, EMPTY);

test('build:sea makes one executable that says its version with no node on PATH', async () => {
  await output(process.execPath, ['--import', 'tsx', 'test/tools/build-sea.ts', path.dirname(exe)], { cwd: root, env: process.env });
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  assert.equal((await output(exe, ['--version'], { cwd: work, env: { PATH: noNode } })).trim(), `berth ${pkg.version}`);
});

test('the single executable shows the engine’s containers and opens a dialog', async () => {
  // 160 columns: the status bar then holds every part. At 120, once the engine's version is in
  // (its /version answer may come before the first frame with the row), the API version gives
  // way, and a loaded CI saw a first frame without it.
  const b = new PtySession({ command: exe, env: { PATH: noNode, DOCKER_HOST: sandbox.dockerHost, XDG_CACHE_HOME: path.join(work, 'cache') }, cwd: work, cols: 160 });
  sessions.push(b);
  const screen = await b.waitFor(name, 20_000);
  assert.match(screen, /API 1\.\d+/);
  await b.type('r');
  await b.waitFor('Run a container');
  await b.type(key.escape);
  await b.waitFor((s) => !s.includes('Run a container'));
  // Its app is compiled through berth's code cache as the npm package's is (src/main/boot.ts), once start-up has settled.
  const dir = path.join(work, 'cache', 'berth');
  const cached = () => existsSync(dir) && readdirSync(dir).some((f) => /^v24\.\d+\.\d+-\w+-[0-9a-f]+\.code$/.test(f));
  for (const end = Date.now() + 15_000; !cached() && Date.now() < end; ) await new Promise((r) => setTimeout(r, 100));
  assert.ok(cached(), `a code cache in ${dir}`);
  b.write('q');
  assert.equal((await b.exited).exitCode, 0);
});

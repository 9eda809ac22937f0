/**
 * `npm run build:sea`: berth as one executable (Node 24 with the bundle injected) runs where no
 * Node is on PATH, draws the sandbox engine's containers in a real pty, and has the code it
 * loads on demand in the npm bundle (the dialogs) built in.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { key, PtySession } from '../support/pty.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const sandbox = sandboxEnv();
const name = `sea${process.pid}`;
const work = mkdtempSync(path.join(tmpdir(), 'berth-e2e-sea-'));
const exe = path.join(work, 'berth');
/** A PATH with no node on it: the executable must not need one. */
const noNode = path.join(work, 'empty-path');
const sessions: PtySession[] = [];

function run(command: string, args: string[], env: NodeJS.ProcessEnv, cwd = work): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd, env, timeout: 300_000 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${command} ${args.join(' ')} failed: ${err.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

before(async () => {
  mkdirSync(noNode);
  await sandboxDocker(['run', '-d', '--network', 'none', '--name', name, sandbox.images.busybox, 'sleep', '3600']);
});

after(async () => {
  for (const s of sessions) await s.stop();
  await sandboxDocker(['rm', '-f', name]).catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
});

test('build:sea makes one executable that says its version with no node on PATH', async () => {
  await run(process.execPath, ['--import', 'tsx', 'test/tools/build-sea.ts', work], { ...process.env }, root);
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  assert.equal((await run(exe, ['--version'], { PATH: noNode })).trim(), `berth ${pkg.version}`);
});

test('the single executable shows the engine’s containers and opens a dialog', async () => {
  const b = new PtySession({ command: exe, env: { PATH: noNode, DOCKER_HOST: sandbox.dockerHost, XDG_CACHE_HOME: path.join(work, 'cache') }, cwd: work });
  sessions.push(b);
  const screen = await b.waitFor(name, 20_000);
  assert.match(screen, /API 1\.\d+/);
  await b.type('r');
  await b.waitFor('Run a container');
  await b.type(key.escape);
  await b.waitFor((s) => !s.includes('Run a container'));
  b.write('q');
  assert.equal((await b.exited).exitCode, 0);
});

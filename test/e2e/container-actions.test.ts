/**
 * Pause/resume (`P`), rename (`N`) and kill (`K`) in a real pty against the sandbox dockerd:
 * each acts on the selected container, the list shows the result through the engine's events,
 * a bad signal is refused before anything is sent, and the engine's own refusal (a name in use)
 * stays in the dialog with what was typed.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { key, launchBerth, type PtySession } from '../support/pty.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';

const env = sandboxEnv();
const tag = `act${process.pid}`;
const sessions: PtySession[] = [];
const WAIT_MS = 30_000;
/** The table row of a container (not the tab line, which names the filter). */
const rowOf = (screen: string, name: string) => screen.split('\n').find((line) => /^[0-9a-f]{12} /.test(line) && line.includes(name)) ?? '';

before(async () => {
  await sandboxDocker(['run', '-d', '--network', 'none', '--name', `${tag}-box`, env.images.busybox, 'sleep', '3600']);
  await sandboxDocker(['run', '-d', '--network', 'none', '--name', `${tag}-taken`, env.images.busybox, 'sleep', '3600']);
});

after(async () => {
  for (const s of sessions) await s.stop();
  await sandboxDocker(['rm', '-f', `${tag}-box`, `${tag}-renamed`, `${tag}-taken`]).catch(() => undefined);
  rmSync(copyDir, { recursive: true, force: true });
});

const copyDir = mkdtempSync(path.join(tmpdir(), 'berth-cp-'));

/** Opens the copy-out dialog on the selected container and copies `source` into copyDir. */
async function copyOut(b: PtySession, source: string): Promise<void> {
  await b.type('C');
  await b.waitFor(`Copy out of ${tag}-taken`, WAIT_MS);
  b.write(source);
  await b.type(key.tab, '\u0015');
  b.write(copyDir);
  await b.type(key.enter);
}

test('P pauses and resumes, N renames (the engine’s refusal kept in the dialog), K kills with the signal asked for', async () => {
  const b = launchBerth({ env: { DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: env.clientConfigDir }, cols: 160, rows: 30 });
  sessions.push(b);
  await b.waitFor(`${tag}-box`, WAIT_MS);
  await b.type('a', '/', ...`${tag}-box`, key.enter);
  await b.waitFor((s) => s.includes(`${tag}-box`) && !s.includes(`${tag}-taken`), WAIT_MS);

  await b.type('P');
  await b.waitFor((s) => /\bpaused\b/.test(rowOf(s, `${tag}-box`)), WAIT_MS);
  await b.type('P');
  await b.waitFor((s) => /\brunning\b/.test(rowOf(s, `${tag}-box`)), WAIT_MS);

  // A name in use: the engine says so, in the dialog, and the typed name stays.
  await b.type('N');
  await b.waitFor(`Rename ${tag}-box`, WAIT_MS);
  await b.type('\u0015', ...`${tag}-taken`, key.enter);
  const refused = await b.waitFor(/Conflict|already in use/, WAIT_MS);
  assert.match(refused, new RegExp(`${tag}-taken`));
  await b.type('\u0015', ...`${tag}-renamed`, key.enter);
  await b.waitFor(`renamed ${tag}-box`, WAIT_MS);
  await b.type('/', '\u0015', ...`${tag}-renamed`, key.enter);
  await b.waitFor((s) => /\brunning\b/.test(rowOf(s, `${tag}-renamed`)), WAIT_MS);

  // A signal that is not one is refused before anything is sent; empty is SIGKILL.
  await b.type('K');
  await b.waitFor(`Kill ${tag}-renamed`, WAIT_MS);
  await b.type(...'NOT A SIGNAL', key.enter);
  await b.waitFor(/a signal is a name/, WAIT_MS);
  await b.type('\u0015', key.enter);
  await b.waitFor(`sent SIGKILL to ${tag}-renamed`, WAIT_MS);
  await b.waitFor((s) => /\bexited\b/.test(rowOf(s, `${tag}-renamed`)), WAIT_MS);
  const state = await sandboxDocker(['inspect', '-f', '{{.State.ExitCode}}', `${tag}-renamed`]);
  assert.equal(state.trim(), '137', 'killed by SIGKILL');
  await b.type('q');
  assert.equal((await b.exited).exitCode, 0);
});

test('h on an image row shows its history: each layer, its age, its size and what made it', async () => {
  const b = launchBerth({ env: { DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: env.clientConfigDir }, cols: 160, rows: 30 });
  sessions.push(b);
  await b.waitFor(`${tag}-taken`, WAIT_MS);
  await b.type('2', '/', ...env.images.busybox, key.enter);
  await b.type('h');
  const screen = await b.waitFor((s) => s.includes(`history ${env.images.busybox}`) && /IMAGE\s+CREATED\s+SIZE\s+CREATED BY/.test(s), WAIT_MS);
  const rows = screen.split('\n').filter((line) => /^([0-9a-f]{12}|<missing>)\s+\S/.test(line));
  assert.ok(rows.length >= 1, screen);
  assert.match(rows[0] ?? '', /\d+(\.\d+)?[kMG]?B/, 'a size');
  await b.type(key.escape, 'q');
  assert.equal((await b.exited).exitCode, 0);
});

test('C copies a file and a directory out of the container; a name already there is replaced only after asking; a missing path is the engine’s words', async () => {
  await sandboxDocker(['exec', `${tag}-taken`, 'sh', '-c', 'mkdir -p /data/sub && echo hello > /data/greeting && echo deep > /data/sub/file']);
  const b = launchBerth({ env: { DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: env.clientConfigDir }, cols: 160, rows: 30 });
  sessions.push(b);
  await b.waitFor(`${tag}-taken`, WAIT_MS);
  await b.type('/', ...`${tag}-taken`, key.enter);
  await b.waitFor((s) => rowOf(s, `${tag}-taken`) !== '' && !s.includes(`${tag}-box `), WAIT_MS);

  await copyOut(b, '/data/greeting');
  await b.waitFor(`copied /data/greeting from ${tag}-taken`, WAIT_MS);
  assert.equal(readFileSync(path.join(copyDir, 'greeting'), 'utf8'), 'hello\n');

  // Again, over a changed local copy: asked first; Esc keeps it, Enter replaces it.
  writeFileSync(path.join(copyDir, 'greeting'), 'mine\n');
  await copyOut(b, '/data/greeting');
  await b.waitFor('is already there: Enter replaces it', WAIT_MS);
  assert.equal(readFileSync(path.join(copyDir, 'greeting'), 'utf8'), 'mine\n', 'nothing replaced before the answer');
  await b.type(key.enter);
  // The first copy's notice may still be on the status line: wait for the dialog to go.
  await b.waitFor((s) => !s.includes('Copy out of'), WAIT_MS);
  assert.equal(readFileSync(path.join(copyDir, 'greeting'), 'utf8'), 'hello\n');

  // A directory comes with its tree; a path that is not there is the engine's words.
  await copyOut(b, '/data/nothing-here');
  await b.waitFor(new RegExp(`No such container:path: [0-9a-f]{12}:/data/nothing-here`), WAIT_MS);
  await b.type('\u001b[Z', '\u0015');
  b.write('/data/sub');
  await b.type(key.enter);
  await b.waitFor(`copied /data/sub from ${tag}-taken`, WAIT_MS);
  assert.equal(readFileSync(path.join(copyDir, 'sub', 'file'), 'utf8'), 'deep\n');
  await b.type('q');
  assert.equal((await b.exited).exitCode, 0);
});

/**
 * Issue 37's "commit you can see first" and file browser, in berth's bundle in a real pty against
 * the sandbox engine: `D` lists a file the test wrote, the commit dialog shows it before
 * committing and commits with `--change 'ENV A=1'` (checked on the new image), tagged for the
 * sandbox registry and pushed there through the Pulls pane; in a stopped container's file
 * browser, a file copied in lands marked as added, views as text, and copied out again is the
 * same bytes; copying in over it asks first. Runs on Podman too (test/engine-passes.ts).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { key, launchBerth, type PtySession } from '../support/pty.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';

const env = sandboxEnv();
const tag = `cf${process.pid}`;
const sessions: PtySession[] = [];
const WAIT_MS = 30_000;
const dir = mkdtempSync(path.join(tmpdir(), 'berth-cf-'));
const image = `berth-e2e/${tag}`;
const pushed = `${env.registry.address}/berth-e2e/${tag}:v1`;

before(async () => {
  await sandboxDocker(['run', '-d', '--network', 'none', '--name', `${tag}-src`, env.images.busybox, 'sleep', '3600']);
  await sandboxDocker(['exec', `${tag}-src`, 'sh', '-c', 'echo written > /tmp/berth-note.txt']);
  // Never started: the archive API reads a container's filesystem without a process.
  await sandboxDocker(['create', '--network', 'none', '--name', `${tag}-stopped`, env.images.busybox, 'sleep', '3600']);
});

after(async () => {
  for (const s of sessions) await s.stop();
  await sandboxDocker(['rm', '-f', `${tag}-src`, `${tag}-stopped`]).catch(() => undefined);
  await sandboxDocker(['rmi', '-f', `${image}:v1`, pushed]).catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

async function berthOn(name: string, all = false): Promise<PtySession> {
  const b = launchBerth({ env: { DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: env.clientConfigDir }, cols: 160, rows: 34 });
  sessions.push(b);
  await b.waitFor('● live', WAIT_MS);
  if (all) await b.type('a');
  await b.type('/', ...name, key.enter);
  await b.waitFor((s) => s.includes(`filter "${name}"`) && s.split('\n').some((l) => /^[0-9a-f]{12} /.test(l) && l.includes(name)), WAIT_MS);
  return b;
}

/** The browser's rows (after its two heading lines): `› A name/  12 B`. */
const browserRows = (screen: string) => screen.split('\n').filter((l) => /^[› ] [ ACD] \S/.test(l));

/** Moves the browser's cursor onto the row named `name` (a directory's ends in /). */
async function selectRow(b: PtySession, name: string): Promise<void> {
  const screen = await b.waitFor((s) => browserRows(s).some((l) => l.slice(4).split(/\s{2}/)[0] === name), WAIT_MS);
  const rows = browserRows(screen);
  const at = rows.findIndex((l) => l.slice(4).split(/\s{2}/)[0] === name);
  const from = rows.findIndex((l) => l.startsWith('›'));
  const moves = Array<string>(Math.abs(at - from)).fill(at > from ? 'j' : 'k');
  if (moves.length > 0) await b.type(...moves);
  await b.waitFor((s) => (browserRows(s).find((l) => l.startsWith('›')) ?? '').slice(4).startsWith(name), WAIT_MS);
}

test('D lists the file the test wrote; the commit dialog shows it first and commits with --change ENV A=1, then tags and pushes the image', async () => {
  const b = await berthOn(`${tag}-src`);
  await b.type('D');
  const diff = await b.waitFor((s) => s.includes(`changes in ${tag}-src since its image`) && s.includes('berth-note.txt'), WAIT_MS);
  assert.match(diff, /the engine gives no sizes/);
  assert.match(diff, /^A\s+berth-note\.txt$/m, diff);
  await b.type(key.escape);

  await b.type('c');
  await b.waitFor((s) => s.includes(`Commit ${tag}-src`) && s.includes('berth-note.txt') && /captures: \d+ added/.test(s), WAIT_MS);
  b.write(image);
  await b.type(key.tab);
  b.write('v1');
  // repository, tag, comment, author, then the change.
  await b.type(key.tab, key.tab, key.tab);
  b.write('RUN nothing');
  await b.type(key.enter);
  await b.waitFor('RUN is not one of CMD, ENTRYPOINT', WAIT_MS);
  await b.type('\u0015');
  b.write('ENV A=1');
  // The pause switch stays on; then the chained tag (in the sandbox registry) and the push.
  await b.type(key.tab, key.tab);
  b.write(pushed);
  await b.type(key.tab, ' ', key.enter);
  await b.waitFor(`new image ${image}:v1`, WAIT_MS);
  const envs = JSON.parse(await sandboxDocker(['image', 'inspect', '-f', '{{json .Config.Env}}', `${image}:v1`])) as string[];
  assert.ok(envs.includes('A=1'), envs.join(' '));
  // The push runs in the Pulls pane, with the credentials DOCKER_CONFIG holds for the registry.
  await b.type(key.enter, '3');
  await b.waitFor(/pushed \d/, 60_000);
  await b.type('q');
  assert.equal((await b.exited).exitCode, 0);
});

test('F on a stopped container: copy in (asks before replacing), view the text, copy out byte for byte', async () => {
  // Text (so the viewer shows it) with bytes a sloppy copy would change: CRLF, UTF-8, no final newline.
  const content = Buffer.from('first line\r\nzweite Zeile: äöü ✓\n\tlast', 'utf8');
  const local = path.join(dir, 'berth-in.txt');
  writeFileSync(local, content);
  const b = await berthOn(`${tag}-stopped`, true);
  await b.type('F');
  await b.waitFor((s) => s.includes(`files of ${tag}-stopped: /`) && browserRows(s).length > 3, WAIT_MS);
  await selectRow(b, 'tmp/');
  await b.type(key.enter);
  await b.waitFor(`files of ${tag}-stopped: /tmp`, WAIT_MS);

  await b.type('I');
  await b.waitFor(`Copy into ${tag}-stopped`, WAIT_MS);
  b.write(local);
  await b.type(key.enter);
  await b.waitFor(`into ${tag}-stopped`, WAIT_MS);
  // The browser reads /tmp again: the file is there, marked added since the image.
  await b.waitFor((s) => browserRows(s).some((l) => /^[› ] A berth-in\.txt\s/.test(l)), WAIT_MS);

  // Again: asked first, Enter replaces.
  await b.type('I');
  await b.waitFor(`Copy into ${tag}-stopped`, WAIT_MS);
  b.write(local);
  await b.type(key.enter);
  await b.waitFor('is already there in the container', WAIT_MS);
  await b.type(key.enter);
  await b.waitFor((s) => !s.includes('Copy into'), WAIT_MS);

  await selectRow(b, 'berth-in.txt');
  await b.type(key.enter);
  await b.waitFor((s) => s.includes(`/tmp/berth-in.txt in ${tag}-stopped`) && s.includes('zweite Zeile: äöü ✓'), WAIT_MS);
  await b.type(key.escape);

  const out = mkdtempSync(path.join(dir, 'out-'));
  await b.type('C');
  await b.waitFor(`Copy out of ${tag}-stopped`, WAIT_MS);
  // The path is the selected row's; the cursor is on the local directory.
  await b.type('\u0015');
  b.write(out);
  await b.type(key.enter);
  await b.waitFor(`copied /tmp/berth-in.txt from ${tag}-stopped`, WAIT_MS);
  assert.deepEqual(readFileSync(path.join(out, 'berth-in.txt')), content);
  await b.type(key.escape, 'q');
  assert.equal((await b.exited).exitCode, 0);
});

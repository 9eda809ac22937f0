import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';
import { berthBin, ensureBuilt, key, PtySession } from '../support/pty.ts';

// The logs view as a debugging tool (issue 34), in a real pseudo-terminal against the sandbox
// engine: a container that wrote 200,000 lines, a word only in its first thousand.
const env = sandboxEnv();
const tag = `logs${process.pid}`;
const big = `${tag}-big`;
const wide = `${tag}-wide`;
const longLine = `head-${'x'.repeat(180)}-tail`;
const sessions: PtySession[] = [];
const cwd = mkdtempSync(join(tmpdir(), 'berth-e2e-logs-'));

/** berth in `cwd` (where `w` saves). */
function berth(): PtySession {
  ensureBuilt();
  const session = new PtySession({ command: '/bin/sh', args: ['-c', `cd "${cwd}" && exec "${process.execPath}" "${berthBin}"`], env: { DOCKER_HOST: env.dockerHost } });
  sessions.push(session);
  return session;
}

async function openLogs(b: PtySession, name: string): Promise<void> {
  await b.waitFor(name);
  await b.type('/', ...name, key.enter);
  await b.waitFor(`filter "${name}"`);
  await b.type(key.enter);
  await b.waitFor(`logs ${name}`);
}

before(async () => {
  await sandboxDocker(['run', '-d', '--network', 'none', '--name', big, env.images.busybox, 'sh', '-c', '(seq 1 999; echo zebra-early; seq 1001 200000); sleep 3600']);
  await sandboxDocker(['run', '-d', '--network', 'none', '--name', wide, env.images.busybox, 'sh', '-c', `echo ${longLine}; sleep 3600`]);
  // Wait until the engine holds all of it (the container writes it in well under a second).
  for (;;) {
    const last = (await sandboxDocker(['logs', '--tail', '1', big])).trim();
    if (last === '200000') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});

after(async () => {
  for (const s of sessions) await s.stop();
  await sandboxDocker(['rm', '-f', big, wide]).catch(() => undefined);
  rmSync(cwd, { recursive: true, force: true });
});

test('the logs view says what is loaded, and g reads back to the first of 200,000 lines', async () => {
  const b = berth();
  await openLogs(b, big);
  await b.waitFor(/500 lines loaded · older on ↑/);
  assert.match(b.screen(), /^\s+200000$/m, 'it opens at the tail');
  await b.type('g');
  const screen = await b.waitFor(/lines 1–2,000 loaded/);
  assert.match(screen, /^\s+1$/m, 'the first line of the log is on screen');
  assert.match(screen, /newer on ↓/);
  // Back to the live end.
  await b.type('G');
  await b.waitFor((s) => /^\s+200000$/m.test(s) && s.includes('following'));
});

test('paging up past the loaded top reads the lines before it, keeping the place', async () => {
  const b = berth();
  await openLogs(b, big);
  await b.waitFor(/500 lines loaded · older on ↑/);
  // The 500 loaded lines are 22 screens of 22 rows: 25 PgUps reach the top and ask for more.
  await b.type(...Array.from({ length: 25 }, () => '\u001b[5~'));
  const screen = await b.waitFor(/lines 198,001–200,000 of 200,000 loaded · older on ↑/, 20_000);
  assert.match(screen, /^\s+199501$/m, 'the line that was on top is still on screen');
  await b.type('\u001b[5~');
  await b.waitFor(/^\s+1994\d\d$/m);
});

test('a search reads the whole history and n brings a word written only in the first 1,000 lines', async () => {
  const b = berth();
  await openLogs(b, big);
  await b.waitFor(/older on ↑/);
  await b.type('/', ...'zebra', key.enter);
  await b.waitFor('"zebra" 1 in the whole history');
  assert.doesNotMatch(b.screen(), /zebra-early/, 'not in the loaded tail');
  await b.type('n');
  const screen = await b.waitFor('zebra-early');
  assert.match(screen, /lines 1–[\d,]+ of 200,000 loaded/);
});

test('w saves the whole history, streamed from the engine, byte for byte what docker logs prints', async () => {
  const b = berth();
  await openLogs(b, big);
  await b.waitFor(/older on ↑/);
  await b.type('w');
  const screen = await b.waitFor(/saved 200000 lines to \S+\.log/, 30_000);
  const path = /saved 200000 lines to (\S+\.log)/.exec(screen)?.[1] ?? '';
  assert.ok(readdirSync(cwd).some((f) => path.endsWith(f)), path);
  const expected = await sandboxDocker(['logs', big]);
  assert.ok(readFileSync(path).equals(Buffer.from(expected)), 'the saved file is what docker logs prints');
});

test('z wraps a long line whole; not wrapping, → scrolls it sideways', async () => {
  const b = berth();
  await openLogs(b, wide);
  await b.waitFor('head-xxx');
  assert.doesNotMatch(b.screen(), /-tail/, 'cut at the width');
  await b.type('z');
  await b.waitFor((s) => s.includes('head-x') && s.includes('x-tail'));
  await b.type('z', ...Array.from({ length: 9 }, () => 'l'));
  const screen = await b.waitFor('x-tail');
  assert.doesNotMatch(screen, /head-/, 'the start scrolled off to the left');
});

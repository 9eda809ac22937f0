import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';
import { key, type PtySession } from '../support/pty.ts';
import { berthIn, openLogs } from '../support/logs-e2e.ts';

// The logs view's history (issue 34), in a real pseudo-terminal against the sandbox engine, on
// Docker and on Podman (test/engine-passes.ts): a container that wrote 200,000 lines, a word only
// in its first thousand; paging back, the whole-history search, the save and the pager; a time
// window. Podman 4.3 stamps log lines to the second and splits a line over two entries: both
// are read as the container wrote them. The view's own keys are test/e2e/logs.test.ts.
const env = sandboxEnv();
const tag = `lh${process.pid}`;
const big = `${tag}-big`;
const mid = `${tag}-mid`;
const timed = `${tag}-timed`;
const sessions: PtySession[] = [];
const cwd = mkdtempSync(join(tmpdir(), 'berth-e2e-loghist-'));

/** berth in `cwd` (where `w` saves). */
const berth = (extra: Record<string, string> = {}): PtySession => berthIn(cwd, env.dockerHost, sessions, extra);

before(async () => {
  await sandboxDocker(['run', '-d', '--network', 'none', '--name', big, env.images.busybox, 'sh', '-c', '(seq 1 999; echo zebra-early; seq 1001 200000); sleep 3600']);
  await sandboxDocker(['run', '-d', '--network', 'none', '--name', mid, env.images.busybox, 'sh', '-c', 'seq 1 3000; sleep 3600']);
  // Wait until the engine holds all of it (the container writes it in well under a second).
  for (;;) {
    const last = (await sandboxDocker(['logs', '--tail', '1', big])).trim();
    if (last === '200000') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  while ((await sandboxDocker(['logs', '--tail', '1', mid])).trim() !== '3000') await new Promise((resolve) => setTimeout(resolve, 100));
});

after(async () => {
  for (const s of sessions) await s.stop();
  await sandboxDocker(['rm', '-f', big, mid, timed]).catch(() => undefined);
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
  // The page before the tail needs the count (one read of all 200,000 lines, as the search below):
  // seconds on a quiet machine, more on a loaded one — the same bound as the search's.
  const screen = await b.waitFor(/lines 198,001–200,000 of 200,000 loaded · older on ↑/, 60_000);
  assert.match(screen, /^\s+199501$/m, 'the line that was on top is still on screen');
  await b.type('\u001b[5~');
  await b.waitFor(/^\s+1994\d\d$/m);
});

test('a search reads the whole history and n brings a word written only in the first 1,000 lines', async () => {
  const b = berth();
  await openLogs(b, big);
  await b.waitFor(/older on ↑/);
  await b.type('/', ...'zebra', key.enter);
  // 200,000 lines read through the engine: seconds on a quiet machine, more on a loaded one (a bound, never the wait).
  await b.waitFor('"zebra" 1 in the whole history', 60_000);
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

test('a time window typed as an RFC 3339 time shows only the lines since it; T cycles the last minutes', async () => {
  // Made here, not before the file's tests: `T`'s "last 1 m" must still hold its first line, and
  // the tests above take over a minute on a loaded machine.
  await sandboxDocker(['run', '-d', '--network', 'none', '--name', timed, env.images.busybox, 'sh', '-c', 'echo early-line; sleep 2; echo late-line; sleep 3600']);
  let stamped = '';
  while (!stamped.includes('late-line')) stamped = await sandboxDocker(['logs', '-t', timed]);
  const lateAt = /^(\S+) late-line$/m.exec(stamped)?.[1] ?? '';
  const b = berth();
  await openLogs(b, timed);
  await b.waitFor('late-line');
  assert.match(b.screen(), /early-line/);
  await b.type('@', ...'soon', key.enter);
  await b.waitFor(/since \[until\]: soon█.*"soon" is not a time/);
  await b.type(...Array.from({ length: 4 }, () => '\u007f'), ...lateAt, key.enter);
  let screen = await b.waitFor((s) => s.includes(`window: since ${lateAt}`) && s.includes('late-line'));
  assert.doesNotMatch(screen, /early-line/, 'the line before the window is left out');
  await b.type('T');
  screen = await b.waitFor((s) => s.includes('window: last 1 m') && s.includes('early-line'));
  assert.match(screen, /late-line/);
});

test('O streams the whole history to $PAGER: all 3,000 lines, not just the loaded 500', async () => {
  const paged = join(cwd, 'paged-all.txt');
  const b = berth({ PAGER: `cat > "${paged}"` });
  await openLogs(b, mid);
  await b.waitFor(/500 lines loaded · older on ↑/);
  await b.type('O');
  const expected = Buffer.from(await sandboxDocker(['logs', mid]));
  // cat takes it all and exits (the file is whole once it has); then berth has the keys again.
  for (let i = 0; i < 600 && !(existsSync(paged) && statSync(paged).size >= expected.length); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  assert.ok(readFileSync(paged).equals(expected), 'the pager read what docker logs prints');
  // Once berth has the terminal back (a key typed before is dropped with the pager's): Esc leaves the view.
  await b.typeUntil(key.escape, (s) => !s.includes(`logs ${mid}`) && s.includes(`filter "${mid}"`));
});

/**
 * Keys typed while the pager has the terminal are the pager's, never berth's (issue 47): berth in
 * a real pseudo-terminal against the sandbox engine, `o` in a container's logs view hands the
 * lines to the pager, and what is typed into it — a `p`, a fast `/plain⏎`, the `q` that ends it —
 * goes with 0–30 ms between the keys. Twenty times into a pager that reads the terminal a key at a
 * time (and must get every key, in order), ten times into less. Each time berth must come back to
 * the logs view exactly as it left it: no pull dialog from the `p`, no search prompt from the `/`,
 * not quit by the `q`. Before the one hand-over (src/main/hand-over.ts) Node's stdin kept a read
 * pending while the pager ran, and the first test failed at its first try with the pull dialog
 * open. The headless terminal answers berth's status query, as a real one does: berth drops what
 * was typed up to that answer.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { after, before, test } from 'node:test';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';
import { type PtySession } from '../support/pty.ts';
import { berthIn, openLogs } from '../support/logs-e2e.ts';

const env = sandboxEnv();
const name = `pagerkeys${process.pid}`;
const sessions: PtySession[] = [];
const cwd = mkdtempSync(join(tmpdir(), 'berth-e2e-pager-keys-'));
const TRIES = 20;
/** What is typed into the pager each time: a `p` (less: to the top), a search, and the `q` that quits it. */
const KEYS = ['p', '/', 'p', 'l', 'a', 'i', 'n', '\r', 'q'];

before(async () => {
  await sandboxDocker(['run', '-d', '--network', 'none', '--name', name, env.images.busybox, 'sh', '-c', 'for i in $(seq 1 12); do echo "plain line $i"; done; sleep 3600']);
});

after(async () => {
  for (const s of sessions) await s.stop();
  await sandboxDocker(['rm', '-f', name]).catch(() => undefined);
  rmSync(cwd, { recursive: true, force: true });
});

/** The pause before key `k` of try `i`: 0–30 ms, spread differently each try (the same every run). */
function pause(i: number, k: number): number {
  return (i * 7 + k * 11 + ((i * k) % 5)) % 31;
}

/**
 * A pager that reads the terminal a key at a time, with a process started between two keys (as
 * busy as less drawing a page): it keeps every key it reads, in order, until `q`. While it is
 * between two reads, a pending read of berth's would win the next key.
 */
const SLOW_PAGER = `exec 3</dev/tty; saved=$(stty -g <&3); stty raw -echo <&3; cat >/dev/null; printf '\\r\\nslow pager (END %s)' $(($(cat typed.txt 2>/dev/null | wc -l) + 1)); got=''
while :; do c=$(dd bs=1 count=1 <&3 2>/dev/null); got="$got$c"; [ "$c" = q ] && break; done
stty "$saved" <&3; printf '%s\\n' "$got" >> typed.txt`;

/**
 * `tries` times: `o`, wait for the pager's first page, type KEYS into it with 0–30 ms between
 * them, and wait for berth's logs view to be back exactly as it was.
 */
async function typeIntoPager(b: PtySession, tries: number, slow: boolean): Promise<void> {
  await openLogs(b, name);
  const shown = await b.waitFor('plain line 12');
  for (let i = 0; i < tries; i++) {
    await b.type('o');
    // The slow pager numbers its page: the normal screen still shows the last try's when berth
    // leaves its own, and keys typed on that sight went to a terminal not yet raw (a CR became a
    // newline: a loaded run's "p/plainq").
    const page = slow ? `(END ${i + 1})` : '(END)';
    await b.waitFor((s) => s.includes(page) && !s.includes(`logs ${name}`), 10_000).catch((error: unknown) => {
      throw new Error(`try ${i + 1}: the pager did not start (a key berth took before?): ${String(error)}`);
    });
    for (const [k, typed] of KEYS.entries()) {
      b.write(typed);
      await delay(pause(i, k));
    }
    await b.waitFor((s) => s === shown, 10_000).catch((error: unknown) => {
      throw new Error(`try ${i + 1}: berth is not back in the logs view as it was: ${String(error)}`);
    });
  }
  // A last key for berth, read after everything typed before it: whatever berth might have taken
  // from the pager would have acted by now. `t` shows the timestamps; the view is still the logs view.
  await b.type('t');
  const last = await b.waitFor(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d.*plain line 12/);
  assert.match(last, new RegExp(`logs ${name}`));
  assert.doesNotMatch(last, /Pull an image/, 'no pull dialog');
  assert.equal(await Promise.race([b.exited.then(() => 'exited'), delay(0).then(() => 'running')]), 'running', 'berth still runs');
}

test('keys typed into a pager that reads the terminal a key at a time all reach it and never berth, in twenty tries', async () => {
  const pager = join(cwd, 'slow-pager.sh');
  writeFileSync(pager, SLOW_PAGER);
  const b = berthIn(cwd, env.dockerHost, sessions, { PAGER: `sh "${pager}"` }, { answers: true });
  await typeIntoPager(b, TRIES, true);
  const got = readFileSync(join(cwd, 'typed.txt'), 'utf8').split('\n').slice(0, -1);
  // Which tries differ, whole (a long equal list hides them in the diff).
  const wrong = got.flatMap((line, i) => (line === KEYS.join('') ? [] : [`try ${i + 1}: ${JSON.stringify(line)}`]));
  assert.deepEqual({ tries: got.length, wrong }, { tries: TRIES, wrong: [] }, 'every key went to the pager, in order');
});

test('the same with less (a p, a fast /plain⏎, q): berth comes back as it was, ten tries', async () => {
  const b = berthIn(cwd, env.dockerHost, sessions, { PAGER: 'less', LESS: '' }, { answers: true });
  await typeIntoPager(b, 10, false);
});

/**
 * Ctrl-Z in a real shell: bash (job control on) in a pty starts berth; Ctrl-Z must give the
 * shell its prompt on the normal screen with the terminal modes berth had set undone, and `fg`
 * must bring berth back drawn in full, with its data, taking keys. The same for `kill -TSTP` and
 * `kill -STOP` sent from outside, each followed by `fg` (which continues the job with SIGCONT).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { berthBin, ensureBuilt, PtySession } from '../support/pty.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';

const env = sandboxEnv();
const name = `suspend${process.pid}`;
const PROMPT = 'shell-prompt$ ';
let shell: PtySession | undefined;

before(async () => {
  await sandboxDocker(['run', '-d', '--network', 'none', '--stop-timeout', '1', '--name', name, env.images.busybox, 'sleep', '3600']);
});

after(async () => {
  await shell?.stop();
  await sandboxDocker(['rm', '-f', name]).catch(() => undefined);
});

/** The berth process bash started (its child running the bundle). */
function berthPid(shellPid: number): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === shellPid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(berthBin)) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  throw new Error('berth is not running under the shell');
}

/** The process state letter from /proc: T when stopped. */
function processState(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
}

function berthUp(screen: string): boolean {
  return screen.includes(name) && screen.includes('● live');
}

async function expectShell(s: PtySession, since: number): Promise<string> {
  const screen = await s.waitFor((text) => s.bufferType === 'normal' && /Stopped/.test(text) && text.trimEnd().endsWith(PROMPT.trimEnd()), 15_000);
  const output = s.raw.slice(since);
  const stopped = output.indexOf('Stopped');
  // What berth wrote before the shell said "Stopped": every mode it had set, undone.
  const before = output.slice(0, stopped);
  assert.match(before, /\u001b\[\?2004l/, 'bracketed paste off');
  assert.match(before, /\u001b\[\?25h/, 'cursor shown');
  assert.match(before, /\u001b\[\?1049l/, 'back on the normal screen');
  return screen;
}

async function expectBerthBack(s: PtySession): Promise<void> {
  await s.waitFor((text) => s.bufferType === 'alternate' && berthUp(text), 15_000);
  // It takes keys again.
  await s.type('2');
  await s.waitFor(/\d+ tags?\b/, 10_000);
  await s.type('1');
  await s.waitFor((text) => berthUp(text) && /running: \d+/.test(text), 10_000);
}

test('Ctrl-Z, kill -TSTP and kill -STOP give the shell its terminal; fg brings berth back drawn, with its data', async () => {
  ensureBuilt();
  shell = new PtySession({
    command: '/bin/bash',
    args: ['--noprofile', '--norc', '-i'],
    env: { PS1: PROMPT, DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: env.clientConfigDir, HISTFILE: '/dev/null' },
  });
  const s = shell;
  await s.waitFor(PROMPT.trim());
  s.write(`${process.execPath} ${berthBin}\r`);
  await s.waitFor((text) => s.bufferType === 'alternate' && berthUp(text), 30_000);
  const pid = berthPid(s.pty.pid);

  // Ctrl-Z, as a person presses it.
  let mark = s.raw.length;
  s.write('\u001a');
  const screen = await expectShell(s, mark);
  assert.doesNotMatch(screen, new RegExp(name), 'berth’s screen is gone: the shell’s own is back');
  assert.equal(processState(pid), 'T', 'berth is stopped');
  // The shell works normally meanwhile.
  s.write('echo still-here\r');
  await s.waitFor(/^still-here$/m);
  s.write('fg\r');
  await expectBerthBack(s);

  // kill -TSTP from outside: the same as Ctrl-Z.
  mark = s.raw.length;
  process.kill(pid, 'SIGTSTP');
  await expectShell(s, mark);
  assert.equal(processState(pid), 'T');
  s.write('fg\r');
  await expectBerthBack(s);

  // kill -STOP cannot be caught: berth gets no say, the shell writes over its screen. The
  // SIGCONT of fg is where berth finds out, and it draws everything again.
  process.kill(pid, 'SIGSTOP');
  await s.waitFor(/Stopped/, 15_000);
  s.write('fg\r');
  await s.waitFor((text) => berthUp(text) && !/Stopped/.test(text), 15_000);
  await expectBerthBack(s);

  // And it still quits cleanly into the shell.
  s.write('q');
  await s.waitFor((text) => s.bufferType === 'normal' && text.trimEnd().endsWith(PROMPT.trimEnd()), 15_000);
});

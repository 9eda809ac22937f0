/**
 * The suspend module against a fake terminal: what is given back before the stop, what is taken
 * again after it, and which Ctrl-Z bytes count. The real stop and `fg` are in
 * test/e2e/suspend.test.ts (bash in a pty).
 */
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { afterEach, test } from 'node:test';
import { setImmediate as tick } from 'node:timers/promises';
import { installSuspend, pickCtrlZ } from '../../src/ui/suspend.ts';
import { enterFullscreen, isFullscreen, leaveFullscreen } from '../../src/ui/terminal.ts';

interface FakeTerminal {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  written: () => string;
  clear: () => void;
  rawModes: boolean[];
}

function fakeTerminal(): FakeTerminal {
  const input = new PassThrough();
  input.setEncoding('utf8');
  const rawModes: boolean[] = [];
  const stdin = Object.assign(input, {
    isTTY: true,
    isRaw: true,
    setRawMode(flag: boolean) {
      rawModes.push(flag);
      stdin.isRaw = flag;
      return stdin;
    },
  });
  let out = '';
  const stdout = { isTTY: true, write: (data: string) => ((out += data), true), columns: 80, rows: 24 };
  return {
    stdin: stdin as unknown as NodeJS.ReadStream,
    stdout: stdout as unknown as NodeJS.WriteStream,
    written: () => out,
    clear: () => (out = ''),
    rawModes,
  };
}

const uninstalls: Array<() => void> = [];
afterEach(() => {
  for (const uninstall of uninstalls.splice(0)) uninstall();
});

function setup(enabled = () => true) {
  const term = fakeTerminal();
  enterFullscreen(term.stdout);
  term.clear();
  const seen: Array<{ raw: boolean; fullscreen: boolean; written: string; tstpListeners: number }> = [];
  let repaints = 0;
  const uninstall = installSuspend({
    stdin: term.stdin,
    stdout: term.stdout,
    enabled,
    repaint: () => (repaints += 1),
    stop: () => seen.push({ raw: term.stdin.isRaw, fullscreen: isFullscreen(), written: term.written(), tstpListeners: process.listenerCount('SIGTSTP') }),
  });
  uninstalls.push(() => {
    uninstall();
    leaveFullscreen(term.stdout);
  });
  /** Types into the terminal and reads as Ink does, until nothing is left. */
  const type = (text: string): string[] => {
    term.stdin.unshift(text);
    const chunks: string[] = [];
    let chunk: string | null;
    while ((chunk = term.stdin.read() as string | null) !== null) chunks.push(chunk);
    return chunks;
  };
  return { term, seen, repaints: () => repaints, type };
}

test('Ctrl-Z: the terminal is given back before the stop and taken again after it, then the frame is drawn again', async () => {
  const { term, seen, repaints, type } = setup();
  assert.deepEqual(type('\u001a'), [], 'Ctrl-Z alone is no key for the app');
  await tick();
  assert.equal(seen.length, 1, 'stopped once');
  const atStop = seen[0]!;
  assert.equal(atStop.raw, false, 'cooked mode for the shell');
  assert.equal(atStop.fullscreen, false);
  assert.match(atStop.written, /\u001b\[\?2004l/, 'bracketed paste off');
  assert.match(atStop.written, /\u001b\[\?25h/, 'cursor shown');
  assert.match(atStop.written, /\u001b\[\?1049l/, 'the normal screen');
  assert.equal(atStop.tstpListeners, 0, 'SIGTSTP does its default thing: stop');

  assert.equal(term.stdin.isRaw, true, 'raw again after fg');
  assert.deepEqual(term.rawModes, [false, false, true], 'off for the shell; then set afresh');
  assert.equal(isFullscreen(), true);
  const after = term.written().slice(atStop.written.length);
  assert.match(after, /\u001b\[\?1049h/, 'the alternate screen again');
  assert.match(after, /\u001b\[\?2004h/, 'bracketed paste again');
  assert.match(after, /\u001b\[\?25l/, 'cursor hidden again');
  assert.equal(repaints(), 1);
  assert.equal(process.listenerCount('SIGTSTP'), 1, 'the handler is back for the next time');
});

test('keys around a Ctrl-Z still arrive; one inside a bracketed paste is text', async () => {
  const { seen, type } = setup();
  assert.deepEqual(type('ab\u001acd'), ['abcd']);
  await tick();
  assert.equal(seen.length, 1);
  assert.deepEqual(type('\u001b[200~x\u001ay\u001b[201~'), ['\u001b[200~x\u001ay\u001b[201~']);
  await tick();
  assert.equal(seen.length, 1, 'a pasted Ctrl-Z does not suspend');
});

test('while disabled (a shell in a container has the terminal) Ctrl-Z is passed on', async () => {
  const { seen, type } = setup(() => false);
  assert.deepEqual(type('\u001a'), ['\u001a']);
  await tick();
  assert.equal(seen.length, 0);
});

test('SIGTSTP from outside suspends the same way; a SIGCONT after an outside SIGSTOP redraws', async () => {
  const { seen, repaints, term } = setup();
  process.emit('SIGTSTP', 'SIGTSTP');
  assert.equal(seen.length, 1);
  assert.equal(repaints(), 1);
  // The SIGCONT that ended our own stop: already redrawn.
  process.emit('SIGCONT', 'SIGCONT');
  assert.equal(repaints(), 1);
  // A SIGCONT out of the blue (after kill -STOP, kill -CONT): modes set afresh, frame redrawn.
  term.rawModes.length = 0;
  process.emit('SIGCONT', 'SIGCONT');
  assert.equal(repaints(), 2);
  assert.deepEqual(term.rawModes, [false, true]);
});

test('pickCtrlZ: only outside pastes, and the paste state carries across chunks', () => {
  assert.deepEqual(pickCtrlZ('abc', false), { kept: 'abc', found: false, paste: false });
  assert.deepEqual(pickCtrlZ('a\u001a', false), { kept: 'a', found: true, paste: false });
  assert.deepEqual(pickCtrlZ('\u001b[200~ab', false), { kept: '\u001b[200~ab', found: false, paste: true });
  assert.deepEqual(pickCtrlZ('x\u001ay', true), { kept: 'x\u001ay', found: false, paste: true });
  assert.deepEqual(pickCtrlZ('x\u001b[201~\u001a', true), { kept: 'x\u001b[201~', found: true, paste: false });
  assert.deepEqual(pickCtrlZ('\u001b[201~', true), { kept: '\u001b[201~', found: false, paste: false });
});

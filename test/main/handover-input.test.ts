/**
 * The pure parts of handing the terminal to a container: the detach keys watched in what is
 * typed, the line editing of a run without a TTY, and which screen a program left the terminal on.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DetachWatch } from '../../src/main/detach-keys.ts';
import { LineInput } from '../../src/main/line-input.ts';
import { ScreenSwitches } from '../../src/main/screen-switches.ts';

const bytes = (text: string) => Buffer.from(text, 'latin1');

test('Ctrl-P Ctrl-Q detaches and is never sent; a Ctrl-P that is not followed by Ctrl-Q goes on', () => {
  const watch = new DetachWatch();
  assert.deepEqual(watch.feed(bytes('ls\r')), { send: bytes('ls\r'), detached: false });
  assert.deepEqual(watch.feed(bytes('a\u0010b')), { send: bytes('a\u0010b'), detached: false });
  assert.deepEqual(watch.feed(bytes('x\u0010')), { send: bytes('x'), detached: false }, 'held: it may start the sequence');
  assert.deepEqual(watch.feed(bytes('\u0011rest')), { send: bytes(''), detached: true }, 'completed across two reads');
  assert.deepEqual(watch.feed(bytes('\u0010\u0010\u0011')), { send: bytes('\u0010'), detached: true });
  assert.deepEqual(watch.feed(bytes('\u0010')), { send: bytes(''), detached: false });
  assert.deepEqual(watch.feed(bytes('q')), { send: bytes('\u0010q'), detached: false });
});

test('without a TTY: echoed, edited, sent a line at a time; Ctrl-D on an empty line closes stdin; Ctrl-C interrupts', () => {
  let echoed = '';
  const input = new LineInput({ write: (text) => (echoed += text) });
  assert.deepEqual(input.feed(bytes('helo')), { send: bytes(''), close: false, interrupt: false });
  assert.deepEqual(input.feed(Buffer.from('\u007flo wörld\r', 'utf8')), { send: Buffer.from('hello wörld\n'), close: false, interrupt: false });
  assert.equal(echoed, 'helo\b \blo wörld\r\n');
  assert.deepEqual(input.feed(bytes('part\u0004')), { send: bytes('part'), close: false, interrupt: false }, 'Ctrl-D after text sends it, as a cooked terminal does');
  assert.deepEqual(input.feed(bytes('\u0003')), { send: bytes(''), close: false, interrupt: true });
  assert.deepEqual(input.feed(bytes('\u0004')), { send: bytes(''), close: true, interrupt: false });
  assert.deepEqual(input.feed(bytes('late\r')), { send: bytes(''), close: false, interrupt: false }, 'nothing after stdin is closed');
});

test('which screen the container left: its own switches, even cut between two chunks', () => {
  const screens = new ScreenSwitches();
  assert.equal(screens.onAlternate, true, 'berth hands the container the alternate screen');
  screens.see(bytes('vim draws\u001b[?1049h...'));
  screens.see(bytes('bye\u001b[?10'));
  assert.equal(screens.onAlternate, true);
  screens.see(bytes('49l$ prompt'));
  assert.equal(screens.onAlternate, false, 'vim went back to the normal screen and the shell wrote there');
  screens.see(bytes('\u001b[?47h'));
  assert.equal(screens.onAlternate, true);
});

/**
 * frame-now.ts reaches into Ink (its instance map and throttled render). Ink is pinned; this
 * fails if an upgrade moves either, rather than letting first keys quietly wait again.
 */
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { test } from 'node:test';
import { Text, render } from 'ink';
import { pendingFrame } from '../../src/ui/frame-now.ts';

/** Enough of a terminal for Ink: writes are kept, size is fixed. */
class FakeTerminal extends EventEmitter {
  readonly frames: string[] = [];
  readonly columns = 40;
  readonly rows = 10;
  readonly isTTY = true;
  write(chunk: string): boolean {
    this.frames.push(chunk);
    return true;
  }
}

test('a frame asked for within the throttle is drawn at once on flush, not at its end', () => {
  const stdout = new FakeTerminal() as unknown as NodeJS.WriteStream;
  const terminal = stdout as unknown as FakeTerminal;
  const app = render(<Text>first</Text>, { stdout, patchConsole: false, exitOnCtrlC: false, maxFps: 1 });
  try {
    const throttled = pendingFrame(stdout);
    assert.ok(throttled, 'Ink’s throttled render is reachable');
    assert.match(terminal.frames.join(''), /first/);
    app.rerender(<Text>second</Text>);
    // maxFps 1: without a flush the second frame would wait a second.
    assert.doesNotMatch(terminal.frames.join(''), /second/);
    throttled.flush();
    assert.match(terminal.frames.join(''), /second/);
  } finally {
    app.unmount();
  }
});

test('no Ink instance on a stream: nothing to flush', () => {
  assert.equal(pendingFrame(new FakeTerminal() as unknown as NodeJS.WriteStream), undefined);
});

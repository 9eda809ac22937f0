/**
 * The suspend module against a fake hand-over of the terminal: the stop happens while the terminal
 * is given away (Ink's suspendTerminal does the giving and the taking back, and draws the frame
 * again), with SIGTSTP's default action in force; signals from outside do the same. The real stop,
 * `fg` and what the terminal shows are in test/e2e/suspend.test.ts (bash in a pty); the key that
 * asks for it (Ctrl-Z, from any screen) in test/ui/keys/reduce.test.ts.
 */
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { installSuspend, type Suspender } from '../../src/main/suspend.ts';
import type { TerminalControl } from '../../src/ui/terminal-handle.tsx';

const installed: Suspender[] = [];
afterEach(() => {
  for (const s of installed.splice(0)) s.uninstall();
});

/** A terminal control that records what happens in what order. */
function setup(enabled = () => true) {
  const log: string[] = [];
  let given = false;
  const control = {
    suspend: (async (callback?: () => void | Promise<void>) => {
      log.push('give');
      given = true;
      const resume = async () => {
        given = false;
        log.push('take and redraw');
      };
      if (!callback) return { resume, [Symbol.asyncDispose]: resume };
      try {
        await callback();
      } finally {
        await resume();
      }
      return undefined;
    }) as TerminalControl['suspend'],
  };
  const suspender = installSuspend({
    terminal: () => control,
    enabled,
    stop: () => log.push(`stop (terminal given: ${given}, SIGTSTP handlers: ${process.listenerCount('SIGTSTP')})`),
  });
  installed.push(suspender);
  return { log, suspender };
}

test('suspend: the terminal is given away, the process stops with SIGTSTP at its default, then the terminal is taken back and drawn', async () => {
  const { log, suspender } = setup();
  await suspender.suspend();
  assert.deepEqual(log, ['give', 'stop (terminal given: true, SIGTSTP handlers: 0)', 'take and redraw']);
  assert.equal(process.listenerCount('SIGTSTP'), 1, 'the handler is back for the next time');
});

test('while disabled (a shell in a container has the terminal) nothing is suspended', async () => {
  const { log, suspender } = setup(() => false);
  await suspender.suspend();
  process.emit('SIGTSTP', 'SIGTSTP');
  assert.deepEqual(log, []);
});

test('SIGTSTP from outside suspends the same way; a SIGCONT after an outside SIGSTOP takes the terminal again', async () => {
  const { log } = setup();
  process.emit('SIGTSTP', 'SIGTSTP');
  await new Promise<void>((resolve) => setImmediate(resolve));
  assert.deepEqual(log, ['give', 'stop (terminal given: true, SIGTSTP handlers: 0)', 'take and redraw']);
  // The SIGCONT that ended our own stop: already redrawn.
  process.emit('SIGCONT', 'SIGCONT');
  await new Promise<void>((resolve) => setImmediate(resolve));
  assert.equal(log.length, 3);
  // A SIGCONT out of the blue (after kill -STOP, kill -CONT): modes set afresh, frame redrawn.
  process.emit('SIGCONT', 'SIGCONT');
  await new Promise<void>((resolve) => setImmediate(resolve));
  assert.deepEqual(log.slice(3), ['give', 'take and redraw']);
});

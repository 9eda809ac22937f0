/**
 * The one hand-over of the terminal (src/main/hand-over.ts) against a fake Ink control and fake
 * streams: one program at a time, nothing handed over while berth ends, what the terminal is told
 * when berth takes it back, and the keys typed until the terminal's status answer thrown away
 * (those after it kept for berth). That the keys really go to the other program, in a real pty
 * with a pager, is test/e2e/pager-keys.test.ts.
 */
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { createHandOver, discardTyped, RESET_AFTER_HANDOVER, type HandOverOptions } from '../../src/main/hand-over.ts';
import { AnswerWatch, STATUS_ANSWER, STATUS_QUERY } from '../../src/main/terminal-answer.ts';
import type { TerminalControl } from '../../src/ui/terminal-handle.tsx';

test('the status answer is found whole or cut between reads, and what follows it is kept', () => {
  const watch = new AnswerWatch();
  assert.deepEqual(watch.feed('pl\u001b[0'), { found: false });
  assert.deepEqual(watch.feed('nq'), { found: true, rest: 'q' });
  assert.deepEqual(watch.feed(`x${STATUS_ANSWER}`), { found: true, rest: '' });
  assert.deepEqual(watch.feed('\u001b[1n\u001b\u001b[0n/j'), { found: true, rest: '/j' }, 'a false start, then an Esc that starts it again');
  assert.deepEqual(watch.feed('\u001b[A\u001b[5n'), { found: false }, 'an arrow key and a query are not the answer');
});

/** A tty-like stdin: raw mode recorded, text pushed in as a terminal would send it. */
function fakeTty(): { stdin: NodeJS.ReadStream; raw: boolean[] } {
  const raw: boolean[] = [];
  const stream = new PassThrough({ encoding: 'utf8' });
  const stdin = Object.assign(stream, { isTTY: true as const, setRawMode: (on: boolean) => (raw.push(on), stdin) }) as unknown as NodeJS.ReadStream;
  return { stdin, raw };
}

function fakeOut(): { stdout: NodeJS.WriteStream; written: () => string } {
  let text = '';
  const stdout = { write: (chunk: string) => ((text += chunk), true) } as unknown as NodeJS.WriteStream;
  return { stdout, written: () => text };
}

test('what was typed until the answer is dropped, what follows it is left for berth; raw mode first', async () => {
  const { stdin, raw } = fakeTty();
  const { stdout, written } = fakeOut();
  stdin.write('typed for less: /word\rq');
  const done = discardTyped(stdin, stdout, 5_000);
  // The terminal answers once it has seen the query.
  assert.equal(written(), STATUS_QUERY);
  stdin.write(`late${STATUS_ANSWER.slice(0, 2)}`);
  stdin.write(`${STATUS_ANSWER.slice(2)}jk`);
  assert.equal(await done, true, 'the answer came');
  assert.deepEqual(raw, [true]);
  assert.equal(stdin.read(), 'jk');
});

test('a terminal that never answers: everything is dropped, and berth goes on after the wait', async () => {
  const { stdin } = fakeTty();
  const { stdout } = fakeOut();
  stdin.write('p');
  assert.equal(await discardTyped(stdin, stdout, 30), false, 'no answer came');
  assert.equal(stdin.read(), null);
});

/** A fake Ink control that records the giving and taking back, and a hand-over over it. */
function setup(over: Partial<HandOverOptions> = {}) {
  const log: string[] = [];
  const control: TerminalControl = {
    suspend: (async (callback?: () => void | Promise<void>) => {
      log.push('ink lets go');
      try {
        await callback?.();
      } finally {
        log.push('ink takes back');
      }
      return undefined;
    }) as TerminalControl['suspend'],
  };
  const { stdout, written } = fakeOut();
  // Not a TTY: the answer is not waited for (its reading is the test above).
  const stdin = new PassThrough() as unknown as NodeJS.ReadStream;
  const handOver = createHandOver({ terminal: () => control, running: () => true, stdin, stdout, ...over });
  return { log, handOver, written };
}

test('one program at a time: a second hand-over while one runs is refused, and the first comes back with its result', async () => {
  const { log, handOver, written } = setup();
  let finish: (code: number) => void = () => undefined;
  let started: () => void = () => undefined;
  const running = new Promise<void>((resolve) => (started = resolve));
  const first = handOver.run(async (io) => {
    log.push(`program runs (berth busy: ${handOver.active})`);
    io.stdout.write('program output|');
    started();
    return new Promise<number>((resolve) => (finish = resolve));
  });
  await running;
  assert.equal(handOver.ready, false);
  assert.equal(await handOver.run(() => Promise.resolve('second')), undefined, 'refused');
  finish(3);
  assert.equal(await first, 3);
  assert.deepEqual(log, ['ink lets go', 'program runs (berth busy: true)', 'ink takes back']);
  assert.ok(written().startsWith(`program output|${RESET_AFTER_HANDOVER}\u001b[?1049h\u001b[H`), 'the modes reset and berth\'s screen taken back, cursor at the top');
  assert.equal(handOver.active, false);
  assert.equal(await handOver.run(() => Promise.resolve('again')), 'again', 'free again');
});

test('what berth had read and not yet taken before the hand-over is dropped: the program never gets it', async () => {
  const stdin = new PassThrough({ encoding: 'utf8' });
  stdin.write('jq');
  const { handOver } = setup({ stdin: stdin as unknown as NodeJS.ReadStream });
  assert.equal(await handOver.run((io) => Promise.resolve(io.stdin.readableLength)), 0);
});

test('a program that fails: the terminal is taken back first, then the failure is the caller\'s', async () => {
  const { log, handOver } = setup();
  await assert.rejects(
    handOver.run(() => Promise.reject(new Error('no such pager'))),
    /no such pager/,
  );
  assert.deepEqual(log, ['ink lets go', 'ink takes back']);
  assert.equal(handOver.ready, true);
});

test('a preparation the engine refuses never lets go of the screen', async () => {
  const { log, handOver } = setup();
  await assert.rejects(handOver.runPrepared(() => Promise.reject(new Error('attach refused')), () => Promise.resolve('ran')), /attach refused/);
  assert.deepEqual(log, []);
  assert.equal(handOver.ready, true);
});

test('nothing is handed over while berth ends or before Ink is up, and nothing is said when berth ended meanwhile', async () => {
  assert.equal(await setup({ running: () => false }).handOver.run(() => Promise.resolve('ran')), undefined);
  assert.equal(await setup({ terminal: () => undefined }).handOver.run(() => Promise.resolve('ran')), undefined);
  let running = true;
  const { handOver, written } = setup({ running: () => running });
  const result = await handOver.run(async () => {
    running = false;
    return 'ran';
  });
  assert.equal(result, undefined);
  assert.equal(written(), '', 'the terminal is berth\'s exit path\'s to restore, not the hand-over\'s');
});

/**
 * The one way component tests draw berth and wait on it: Ink renders into ink-testing-library's
 * terminal, and the tests wait on what happens, never on a clock.
 *
 * - `press` writes each key as its own read (as a person types) and lets React and Ink finish
 *   with it: keys are applied to the app store synchronously as they are read, and the frame
 *   follows within the same turn or the next few of the event loop (effects run on the
 *   scheduler's next macrotask). `tick` is that wait alone. A key is written only once Ink
 *   reads stdin: it starts to in an effect, after the first frame, and a key written before
 *   would be lost.
 * - `waitFor` resolves on the first frame that matches: for what arrives from outside the key
 *   path (an engine's answer, a timer of berth's own). Its timeout only bounds a hung test.
 * - `frames` is every frame drawn, for assertions over all of them (a secret never shown).
 * - The test's own events (a request that reached a fake engine, a pull that started) are
 *   promises of the fakes, bounded like `waitFor` (bounded.ts).
 *
 * Given the tree's KeyStream, `press` and `write` also wait until Ink has handed over what was
 * written: Ink holds an Esc that ends a read for 20 ms (the rest of an escape sequence may
 * follow), so its key arrives on Ink's timer, not within a few turns.
 */
import assert from 'node:assert/strict';
import type { Key } from 'ink';
import { render } from 'ink-testing-library';
import type { ReactElement } from 'react';
import type { KeyStream } from '../../src/app/input/key-stream.ts';
import { BOUND_MS, bounded } from './bounded.ts';

/**
 * Turns of the event loop a key may take to reach the screen: Ink holds a lone Esc one turn (it
 * may start a sequence), React's scheduler runs effects on the next, and what they set is drawn
 * in the one after. No clock is involved, so a busy machine takes no more turns than an idle one.
 */
const TURNS = 3;

/** A few turns of the event loop (setImmediate): what a key needs to reach the screen. */
export function tick(turns = TURNS): Promise<void> {
  let wait = Promise.resolve();
  for (let i = 0; i < turns; i++) wait = wait.then(() => new Promise<void>((resolve) => setImmediate(resolve)));
  return wait;
}

export type FrameCondition = string | RegExp | ((frame: string) => boolean);

function matcher(condition: FrameCondition): (frame: string) => boolean {
  if (typeof condition === 'function') return condition;
  if (typeof condition === 'string') return (frame) => frame.includes(condition);
  return (frame) => condition.test(frame);
}

export interface Drawn {
  /** The last frame drawn. */
  frame(): string;
  /** Every frame drawn so far, in order. */
  readonly frames: readonly string[];
  /** Types keys, each a read of its own, and lets each reach the screen. */
  press(...keys: string[]): Promise<void>;
  /** Writes `data` as one read (a burst, a paste) and lets it reach the screen. */
  write(data: string): Promise<void>;
  /** Resolves with the first frame (the current one included) that satisfies the condition. */
  waitFor(condition: FrameCondition, timeoutMs?: number): Promise<string>;
  /** Runs `check` on the current frame and on every frame drawn until `until` resolves; the first failure ends it. */
  watch(until: Promise<unknown>, check: (frame: string) => void): Promise<void>;
  rerender(node: ReactElement): void;
  unmount(): void;
}

/** What a KeyStream has been handed by Ink so far: how many events, and whether the last was Esc. */
function observe(keys: KeyStream): { events: () => number; lastWasEscape: () => boolean; changed: (listener: () => void) => () => void } {
  let events = 0;
  let escape = false;
  const listeners = new Set<() => void>();
  const heard = (isEscape: boolean) => {
    events += 1;
    escape = isEscape;
    for (const listener of [...listeners]) listener();
  };
  const feed = keys.feed.bind(keys);
  const paste = keys.paste.bind(keys);
  keys.feed = (input: string, key: Key) => {
    feed(input, key);
    heard(key.escape && input === '');
  };
  keys.paste = (text: string) => {
    paste(text);
    heard(false);
  };
  return {
    events: () => events,
    lastWasEscape: () => escape,
    changed: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const PASTE_START = '\u001b[200~';
const PASTE_END = '\u001b[201~';

/** Whether a bracketed paste is still open after `data`, given whether one was open before it. */
function pasteOpenAfter(data: string, open: boolean): boolean {
  const start = data.lastIndexOf(PASTE_START);
  const end = data.lastIndexOf(PASTE_END);
  if (start === -1 && end === -1) return open;
  return start > end;
}

/** Whether a read ends in an Esc that starts nothing: Ink hands that one over on its timer. */
function endsInLoneEscape(data: string): boolean {
  return data.endsWith('\u001b') && !data.endsWith('\u001b\u001b');
}

export function renderInk(node: ReactElement, options: { keys?: KeyStream } = {}): Drawn {
  const seen = options.keys ? observe(options.keys) : undefined;
  const instance = render(node);
  const listeners = new Set<(frame: string) => void>();
  const { stdout } = instance;
  const write = stdout.write.bind(stdout);
  // ink-testing-library's terminal keeps the frames; this hears each one as it is written. Ink's
  // render flush (waitUntilRenderFlush, after every key) writes '' and waits for its callback,
  // which that terminal never calls: no frame, and the callback is called.
  stdout.write = ((frame: string, callback?: () => void) => {
    if (frame === '') {
      callback?.();
      return true;
    }
    write(frame);
    for (const listener of [...listeners]) listener(frame);
    return true;
  }) as typeof stdout.write;
  const frame = () => instance.lastFrame() ?? '';
  // Ink attaches its 'readable' listener in an effect after the first frame (useInput's raw mode).
  const { stdin } = instance;
  const listening = new Promise<void>((resolve) => {
    if (stdin.listenerCount('readable') > 0) return resolve();
    const heard = (event: string | symbol) => {
      if (event !== 'readable') return;
      stdin.off('newListener', heard);
      resolve();
    };
    stdin.on('newListener', heard);
  });
  // Bounded: a tree that never reads keys fails the test that types into it rather than hanging it.
  let reading: Promise<void> | undefined;
  const read = () => (reading ??= bounded(listening, 'Ink reading the keys'));
  /** A bracketed paste written in several reads: Ink hands it over once, when it ends. */
  let inPaste = false;
  /** Writes one read and waits until Ink has handed it over (when the keys are observed) and the frame followed. */
  const send = async (data: string) => {
    await read();
    const wasInPaste = inPaste;
    inPaste = pasteOpenAfter(data, inPaste);
    // Inside a paste that goes on in the next read, nothing is handed over yet.
    if (!seen || inPaste || (wasInPaste && !data.includes(PASTE_END))) {
      stdin.write(data);
      await tick();
      return;
    }
    const before = seen.events();
    const handed = () => seen.events() > before && (!endsInLoneEscape(data) || seen.lastWasEscape());
    let off: (() => void) | undefined;
    const done = new Promise<void>((resolve) => {
      off = seen.changed(() => {
        if (handed()) resolve();
      });
    });
    try {
      stdin.write(data);
      if (!handed()) await bounded(done, `Ink handing over ${JSON.stringify(data)}`);
    } finally {
      off?.();
    }
    await tick();
  };
  const drawn: Drawn = {
    frame,
    get frames() {
      return stdout.frames;
    },
    async press(...keys) {
      for (const key of keys) await send(key);
    },
    async write(data) {
      await send(data);
    },
    async waitFor(condition, timeoutMs = BOUND_MS) {
      const test = matcher(condition);
      if (test(frame())) return frame();
      let listener: (() => void) | undefined;
      const matched = new Promise<string>((resolve) => {
        listener = () => {
          if (test(frame())) resolve(frame());
        };
        listeners.add(listener);
      });
      try {
        return await bounded(matched, `no frame matched ${String(condition)}`, timeoutMs);
      } catch (error) {
        // The frame it gave up on says what went wrong.
        if (error instanceof assert.AssertionError) error.message += `; the last:\n${frame()}`;
        throw error;
      } finally {
        if (listener) listeners.delete(listener);
      }
    },
    async watch(until, check) {
      check(frame());
      // A failed check ends the watch at once, thrown here rather than into Ink's write.
      let fail: (error: unknown) => void = () => undefined;
      const failed = new Promise<never>((_, reject) => (fail = reject));
      const listener = () => {
        try {
          check(frame());
        } catch (error) {
          fail(error);
        }
      };
      listeners.add(listener);
      try {
        await Promise.race([until, failed]);
      } finally {
        listeners.delete(listener);
      }
    },
    rerender: (next) => instance.rerender(next),
    unmount: () => instance.unmount(),
  };
  return drawn;
}

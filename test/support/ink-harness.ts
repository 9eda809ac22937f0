/**
 * The one way component tests draw berth and wait on it: Ink renders into ink-testing-library's
 * terminal, and the tests wait on what happens, never on a clock.
 *
 * - `press` writes each key as its own read (as a person types) and lets React and Ink finish
 *   with it: keys are applied to the app store synchronously as they are read, and the frame
 *   follows within the same turn or the next few of the event loop (effects run on the
 *   scheduler's next macrotask). `tick` is that wait alone.
 * - `waitFor` resolves on the first frame that matches: for what arrives from outside the key
 *   path (an engine's answer, a timer of berth's own). Its timeout only bounds a hung test.
 * - `frames` is every frame drawn, for assertions over all of them (a secret never shown).
 */
import assert from 'node:assert/strict';
import { render } from 'ink-testing-library';
import type { ReactElement } from 'react';

/** Turns of the event loop a key may take to reach the screen (store → React → effects → Ink). */
const TURNS = 3;

/** One macrotask: what React's scheduler and Ink's writes need to run. */
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
  /** Runs `check` on the current frame and on every frame drawn until `until` resolves. */
  watch(until: Promise<unknown>, check: (frame: string) => void): Promise<void>;
  rerender(node: ReactElement): void;
  unmount(): void;
}

export function renderInk(node: ReactElement): Drawn {
  const instance = render(node);
  const listeners = new Set<(frame: string) => void>();
  const { stdout } = instance;
  const write = stdout.write.bind(stdout);
  // ink-testing-library's terminal keeps the frames; this hears each one as it is written.
  stdout.write = (frame: string) => {
    write(frame);
    for (const listener of [...listeners]) listener(frame);
  };
  const frame = () => instance.lastFrame() ?? '';
  const drawn: Drawn = {
    frame,
    get frames() {
      return stdout.frames;
    },
    async press(...keys) {
      for (const key of keys) {
        instance.stdin.write(key);
        await tick();
      }
    },
    async write(data) {
      instance.stdin.write(data);
      await tick();
    },
    waitFor(condition, timeoutMs = 5000) {
      const test = matcher(condition);
      if (test(frame())) return Promise.resolve(frame());
      return new Promise<string>((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          listeners.delete(listener);
        };
        const listener = () => {
          if (!test(frame())) return;
          done();
          resolve(frame());
        };
        const timer = setTimeout(() => {
          done();
          reject(new assert.AssertionError({ message: `no frame matched ${String(condition)} within ${timeoutMs} ms; the last:\n${frame()}` }));
        }, timeoutMs);
        listeners.add(listener);
      });
    },
    async watch(until, check) {
      check(frame());
      // A failed check is thrown here, not into Ink's write.
      let failed: { error: unknown } | undefined;
      const listener = () => {
        if (failed) return;
        try {
          check(frame());
        } catch (error) {
          failed = { error };
        }
      };
      listeners.add(listener);
      try {
        await until;
      } finally {
        listeners.delete(listener);
      }
      if (failed) throw failed.error;
    },
    rerender: (next) => instance.rerender(next),
    unmount: () => instance.unmount(),
  };
  return drawn;
}

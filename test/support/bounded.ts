/**
 * The bound of a hung test: nothing else stops one (node --test runs without a timeout here), so
 * each wait on an event has one. A bound is never the wait itself: a test goes on the moment the
 * event happens, and fails, naming what it waited for, only if it never does.
 */
import assert from 'node:assert/strict';

/**
 * The default bound: what a hung wait costs, never what a passing one waits. Generous, because a
 * busy machine (a CI run beside other work, load 30–50 on two cores) takes seconds to draw a
 * frame that takes milliseconds when it is quiet; 5 s failed passing tests there.
 */
export const BOUND_MS = 15_000;

/** `promise`, or an assertion failure naming `what` if it has not settled within `timeoutMs`. */
export function bounded<T>(promise: Promise<T>, what: string, timeoutMs = BOUND_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new assert.AssertionError({ message: `${what}: not within ${timeoutMs} ms` })), timeoutMs);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

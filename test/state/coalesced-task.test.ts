import assert from 'node:assert/strict';
import { afterEach, beforeEach, mock, test } from 'node:test';
import { CoalescedTask } from '../../src/state/coalesced-task.ts';

/** A job whose runs the test ends by hand, counting starts. */
function manualJob() {
  const ends: Array<() => void> = [];
  let starts = 0;
  return {
    job: () => {
      starts += 1;
      return new Promise<void>((resolve) => ends.push(resolve));
    },
    starts: () => starts,
    /** Ends the oldest run still going. */
    finish: () => ends.shift()?.(),
  };
}

/** Lets resolved promises' callbacks run. */
const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
afterEach(() => mock.timers.reset());

test('a burst of requests within the delay is one run', async () => {
  const work = manualJob();
  const task = new CoalescedTask(work.job, 25);
  task.request();
  mock.timers.tick(10);
  task.request();
  task.request();
  assert.equal(work.starts(), 0, 'nothing before the delay');
  mock.timers.tick(15);
  assert.equal(work.starts(), 1);
  work.finish();
  await flush();
  mock.timers.tick(100);
  assert.equal(work.starts(), 1, 'no second run without a new request');
});

test('requests during a run collapse into exactly one more run, after it', async () => {
  const work = manualJob();
  const task = new CoalescedTask(work.job, 25);
  task.request();
  mock.timers.tick(25);
  assert.equal(work.starts(), 1);
  task.request();
  task.request();
  task.request();
  mock.timers.tick(100);
  assert.equal(work.starts(), 1, 'never two at once');
  work.finish();
  await flush();
  mock.timers.tick(0);
  assert.equal(work.starts(), 2);
  work.finish();
  await flush();
  mock.timers.tick(100);
  assert.equal(work.starts(), 2);
});

test('runNow with nothing running runs at once and resolves when the run is over', async () => {
  const work = manualJob();
  const task = new CoalescedTask(work.job, 25);
  task.request(); // a pending request is taken over by runNow
  let done = false;
  const ran = task.runNow().then(() => (done = true));
  assert.equal(work.starts(), 1);
  await flush();
  assert.equal(done, false);
  work.finish();
  await ran;
  mock.timers.tick(100);
  assert.equal(work.starts(), 1, 'the pending request was that run');
});

test('runNow during a run resolves only after a run that started after it has ended', async () => {
  const work = manualJob();
  const task = new CoalescedTask(work.job, 25);
  void task.runNow();
  assert.equal(work.starts(), 1);
  let done = false;
  const asked = task.runNow().then(() => (done = true));
  work.finish(); // the run that was going when runNow was asked
  await flush();
  assert.equal(done, false, 'that run may have read its data before the caller’s change');
  mock.timers.tick(0);
  assert.equal(work.starts(), 2, 'the run it asked for');
  await flush();
  assert.equal(done, false);
  work.finish();
  await asked;
  assert.equal(done, true);
});

test('a failing run is reported, and the caller of runNow still hears it is over', async () => {
  const errors: unknown[] = [];
  const task = new CoalescedTask(() => Promise.reject(new Error('boom')), 25, (error) => errors.push(error));
  await task.runNow();
  assert.equal(errors.length, 1);
});

test('stop: nothing runs any more, and callers waiting for a run are let go', async () => {
  const work = manualJob();
  const task = new CoalescedTask(work.job, 25);
  void task.runNow();
  const waiting = task.runNow();
  task.request();
  task.stop();
  await waiting;
  work.finish();
  await flush();
  mock.timers.tick(100);
  assert.equal(work.starts(), 1);
  await task.runNow();
  assert.equal(work.starts(), 1);
});

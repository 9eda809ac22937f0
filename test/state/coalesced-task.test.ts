/**
 * CoalescedTask on a fake clock: jobs are promises the test settles by hand, so "while a run is
 * in progress" is a state the test holds, not a race it hopes to hit.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, mock, test } from 'node:test';
import { CoalescedTask } from '../../src/state/coalesced-task.ts';

/** A job whose runs the test ends one by one. */
function manualJob() {
  const runs: Array<{ resolve: () => void; reject: (error: unknown) => void }> = [];
  const job = () =>
    new Promise<void>((resolve, reject) => {
      runs.push({ resolve, reject });
    });
  return { job, runs };
}

/** Lets promise callbacks run (no timers involved). */
async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

/** Tracks whether a promise has settled, without awaiting it. */
function watch(promise: Promise<void>): { settled: () => boolean } {
  let settled = false;
  void promise.then(() => (settled = true));
  return { settled: () => settled };
}

beforeEach(() => mock.timers.enable({ apis: ['setTimeout', 'Date'] }));
afterEach(() => mock.timers.reset());

test('requests within the delay collapse into one run', async () => {
  const { job, runs } = manualJob();
  const task = new CoalescedTask(job, 25);
  task.request();
  task.request();
  mock.timers.tick(10);
  task.request();
  assert.equal(runs.length, 0, 'nothing before the delay');
  mock.timers.tick(15);
  await flush();
  assert.equal(runs.length, 1);
  runs[0]?.resolve();
  await flush();
  mock.timers.tick(100);
  assert.equal(runs.length, 1, 'no run without a request');
});

test('requests during a run collapse into exactly one run after it', async () => {
  const { job, runs } = manualJob();
  const task = new CoalescedTask(job, 25);
  void task.runNow();
  assert.equal(runs.length, 1);
  task.request();
  task.request();
  task.request();
  runs[0]?.resolve();
  await flush();
  mock.timers.tick(0);
  await flush();
  assert.equal(runs.length, 2, 'one follow-up run');
  runs[1]?.resolve();
  await flush();
  mock.timers.tick(100);
  assert.equal(runs.length, 2);
});

test('a slower request collapses everything within its delay into one run', async () => {
  const { job, runs } = manualJob();
  const task = new CoalescedTask(job, 25);
  task.request(1000);
  mock.timers.tick(300);
  task.request(1000);
  task.request(1000);
  mock.timers.tick(600);
  await flush();
  assert.equal(runs.length, 0, 'a later slow request does not push the run back, nor run it sooner');
  mock.timers.tick(100);
  await flush();
  assert.equal(runs.length, 1, 'one run, 1000 ms after the first request');
  runs[0]?.resolve();
  await flush();
  mock.timers.tick(2000);
  assert.equal(runs.length, 1);
});

test('a quicker request brings a slow pending run forward, and both are served by it', async () => {
  const { job, runs } = manualJob();
  const task = new CoalescedTask(job, 25);
  task.request(1000);
  mock.timers.tick(200);
  task.request();
  mock.timers.tick(24);
  await flush();
  assert.equal(runs.length, 0);
  mock.timers.tick(1);
  await flush();
  assert.equal(runs.length, 1, 'run 25 ms after the quick request, not 1000 ms after the slow one');
  runs[0]?.resolve();
  await flush();
  mock.timers.tick(2000);
  await flush();
  assert.equal(runs.length, 1, 'the slow request was served by that run');
});

test('slow requests during a run: the follow-up run waits their delay; a quick one among them: at once', async () => {
  const { job, runs } = manualJob();
  const task = new CoalescedTask(job, 25);
  void task.runNow();
  task.request(1000);
  task.request(1000);
  runs[0]?.resolve();
  await flush();
  mock.timers.tick(999);
  await flush();
  assert.equal(runs.length, 1, 'still waiting the slow delay');
  mock.timers.tick(1);
  await flush();
  assert.equal(runs.length, 2);
  // During that run: a slow request and a quick one.
  task.request(1000);
  task.request();
  runs[1]?.resolve();
  await flush();
  mock.timers.tick(0);
  await flush();
  assert.equal(runs.length, 3, 'the follow-up at once');
  runs[2]?.resolve();
  await flush();
  mock.timers.tick(2000);
  assert.equal(runs.length, 3);
});

test('runNow while idle runs at once and resolves when the run ends', async () => {
  const { job, runs } = manualJob();
  const task = new CoalescedTask(job, 25);
  const done = watch(task.runNow());
  assert.equal(runs.length, 1, 'no delay');
  await flush();
  assert.equal(done.settled(), false);
  runs[0]?.resolve();
  await flush();
  assert.equal(done.settled(), true);
});

test('runNow during a run resolves when the follow-up run ends, not the run it arrived during', async () => {
  const { job, runs } = manualJob();
  const task = new CoalescedTask(job, 25);
  const first = watch(task.runNow());
  const second = watch(task.runNow());
  const third = watch(task.runNow());
  runs[0]?.resolve();
  await flush();
  assert.equal(first.settled(), true);
  assert.equal(second.settled(), false, 'the first run started before the request: its answer may be older');
  assert.equal(runs.length, 2, 'the follow-up starts without waiting for a timer');
  runs[1]?.resolve();
  await flush();
  assert.equal(second.settled(), true);
  assert.equal(third.settled(), true, 'both waiting callers share the one follow-up run');
  assert.equal(runs.length, 2);
});

test('runNow cancels a pending delayed run and runs once', async () => {
  const { job, runs } = manualJob();
  const task = new CoalescedTask(job, 25);
  task.request();
  const done = watch(task.runNow());
  assert.equal(runs.length, 1);
  mock.timers.tick(25);
  await flush();
  assert.equal(runs.length, 1, 'the delayed run was folded into this one');
  runs[0]?.resolve();
  await flush();
  assert.equal(done.settled(), true);
});

test('a failing run reports the error and still resolves runNow', async () => {
  const { job, runs } = manualJob();
  const errors: unknown[] = [];
  const task = new CoalescedTask(job, 25, (error) => errors.push(error));
  const done = watch(task.runNow());
  runs[0]?.reject(new Error('boom'));
  await flush();
  assert.equal(done.settled(), true);
  assert.deepEqual(
    errors.map((e) => (e as Error).message),
    ['boom'],
  );
});

test('stop releases whoever waits and prevents further runs', async () => {
  const { job, runs } = manualJob();
  const task = new CoalescedTask(job, 25);
  void task.runNow();
  const waiting = watch(task.runNow());
  task.stop();
  await flush();
  assert.equal(waiting.settled(), true, 'a stopped task does not leave callers hanging');
  runs[0]?.resolve();
  await flush();
  mock.timers.tick(100);
  assert.equal(runs.length, 1, 'no follow-up after stop');
  const late = watch(task.runNow());
  task.request();
  await flush();
  mock.timers.tick(100);
  assert.equal(late.settled(), true);
  assert.equal(runs.length, 1);
});

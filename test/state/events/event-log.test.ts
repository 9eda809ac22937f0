import assert from 'node:assert/strict';
import { afterEach, beforeEach, mock, test } from 'node:test';
import { BurstPace } from '../../../src/state/burst-pace.ts';
import { EventLog, LOG_SIZE, logged } from '../../../src/state/events/event-log.ts';
import { eventRows } from '../../../src/app/rows/event-rows.ts';

beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
afterEach(() => mock.timers.reset());

test('an event in a line: time from timeNano, the actor’s name, the telling attributes', () => {
  const event = logged(
    { Type: 'container', Action: 'die', Actor: { ID: 'a'.repeat(64), Attributes: { name: 'web', image: 'nginx:1', exitCode: '137', 'com.docker.compose.project': 'x' } }, time: 1, timeNano: 1_700_000_000_123_456_789 },
    7,
    0,
  );
  assert.deepEqual(event, { seq: 7, at: 1_700_000_000_123, type: 'container', action: 'die', actor: 'web', details: 'image=nginx:1 exitCode=137' });
  assert.equal(logged({ Type: 'image', Action: 'pull', Actor: { ID: 'busybox:latest' } }, 1, 5).actor, 'busybox:latest');
});

test('newest first, bounded, published once a burst; rows are cleaned and filtered', () => {
  const pace = new BurstPace(150, 400);
  const log = new EventLog(pace);
  for (let i = 0; i < LOG_SIZE + 5; i++) log.record({ Type: 'container', Action: 'start', Actor: { ID: String(i), Attributes: { name: `c${i}` } } });
  assert.equal(log.store.getState().events.length, 0, 'not yet');
  mock.timers.tick(150);
  const { events } = log.store.getState();
  assert.equal(events.length, LOG_SIZE);
  assert.equal(events[0]?.actor, `c${LOG_SIZE + 4}`);
  log.record({ Type: 'container', Action: 'die', Actor: { ID: 'x', Attributes: { name: 'evil\u001b]0;title\u0007' } } });
  mock.timers.tick(150);
  const rows = eventRows(log.store.getState().events, 'die');
  assert.equal(rows.length, 1);
  assert.doesNotMatch(rows[0]?.cells.actor ?? '', /\u001b|\u0007/);
  log.clear();
  assert.equal(log.store.getState().events.length, 0);
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { splitAction } from '../../../src/app/rows/event-rows.ts';

test('an action with an argument keeps the word in ACTION and gives the argument to DETAILS', () => {
  assert.deepEqual(splitAction('exec_start: sh -c echo hi', 'image=busybox'), { action: 'exec_start', details: 'sh -c echo hi · image=busybox' });
  assert.deepEqual(splitAction('health_status: healthy', ''), { action: 'health_status', details: 'healthy' });
  assert.deepEqual(splitAction('kill', 'signal=15'), { action: 'kill', details: 'signal=15' }, 'a plain action as it was');
  assert.deepEqual(splitAction('exec_die: ', 'x=1'), { action: 'exec_die', details: 'x=1' });
});

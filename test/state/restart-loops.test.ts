/**
 * Which containers' events the list sync treats as a restart loop's (state/restart-loops.ts):
 * listed as restarting, or seen dying twice within the memory.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ContainerSummary } from '../../src/engine/types.ts';
import { RestartLoops } from '../../src/state/restart-loops.ts';

const listed = (id: string, State: string): ContainerSummary => ({ Id: id, Names: [`/${id}`], Image: 'busybox', State, Status: '', Created: 1 });

test('a container the list shows restarting is in a loop, whatever the event', () => {
  const loops = new RestartLoops(60_000);
  const items = [listed('a', 'restarting'), listed('b', 'running')];
  assert.equal(loops.looping('a', 'start', items, 0), true);
  assert.equal(loops.looping('b', 'start', items, 0), false);
  assert.equal(loops.looping('c', 'create', items, 0), false, 'not listed at all');
});

test('two deaths within the memory make a loop, and its next start too; one death, or two far apart, do not', () => {
  const loops = new RestartLoops(60_000);
  const none: ContainerSummary[] = [];
  assert.equal(loops.looping('a', 'die', none, 1000), false, 'a first death shows at once');
  assert.equal(loops.looping('a', 'start', none, 1100), false, 'its restart too');
  assert.equal(loops.looping('a', 'die', none, 5000), true, 'the second death within a minute');
  assert.equal(loops.looping('a', 'start', none, 5200), true, 'and the start after it');
  assert.equal(loops.looping('a', 'start', none, 70_000), false, 'a minute on, nothing remembered');
  assert.equal(loops.looping('b', 'die', none, 0), false);
  assert.equal(loops.looping('b', 'die', none, 61_000), false, 'two deaths a minute apart');
  // Podman says "died".
  assert.equal(loops.looping('p', 'died', none, 0), false);
  assert.equal(loops.looping('p', 'died', none, 100), true);
});

test('deaths of a thousand and more containers are forgotten oldest first', () => {
  const loops = new RestartLoops(60_000);
  for (let i = 0; i < 1500; i++) loops.looping(`c${i}`, 'die', [], i);
  assert.equal(loops.looping('c1499', 'die', [], 1600), true, 'a recent one is still remembered');
  assert.equal(loops.looping('c0', 'die', [], 1600), false, 'the oldest was forgotten');
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { initialNavigation, reduceNavigation, selectedIndex, topOverlay, type NavigationAction, type NavigationState } from '../../src/ui/navigation.ts';

function run(...actions: NavigationAction[]): NavigationState {
  return actions.reduce(reduceNavigation, initialNavigation());
}

test('moving selects by id and clamps at both ends', () => {
  const ids = ['a', 'b', 'c'];
  assert.equal(run({ type: 'move', ids, delta: 1 }).views.containers.selectedId, 'b');
  assert.equal(run({ type: 'move', ids, delta: 10 }).views.containers.selectedId, 'c');
  assert.equal(run({ type: 'move', ids, delta: -5 }).views.containers.selectedId, 'a');
  assert.equal(run({ type: 'move-to', ids, position: 'bottom' }).views.containers.selectedId, 'c');
});

test('the selection keeps its id when rows reorder, and lands nearby when its row goes', () => {
  const state = run({ type: 'move', ids: ['a', 'b', 'c'], delta: 1 });
  assert.equal(selectedIndex(state.views.containers, ['b', 'a', 'c']), 0);
  const gone = reduceNavigation(state, { type: 'sync-selection', pane: 'containers', ids: ['a', 'c'] });
  assert.equal(gone.views.containers.selectedId, 'c');
  const empty = reduceNavigation(state, { type: 'sync-selection', pane: 'containers', ids: [] });
  assert.equal(selectedIndex(empty.views.containers, []), -1);
});

test('panes cycle both ways and each keeps its own selection and filter', () => {
  let s = run({ type: 'move', ids: ['a', 'b'], delta: 1 }, { type: 'cycle-pane', delta: 1 });
  assert.equal(s.pane, 'images');
  s = reduceNavigation(s, { type: 'set-filter', text: 'busy' });
  s = reduceNavigation(s, { type: 'cycle-pane', delta: -1 });
  assert.equal(s.pane, 'containers');
  assert.equal(s.views.containers.selectedId, 'b');
  assert.equal(s.views.containers.filter, '');
  assert.equal(s.views.images.filter, 'busy');
  assert.equal(reduceNavigation(s, { type: 'cycle-pane', delta: -1 }).pane, 'pulls');
});

test('filter editing, keeping and clearing', () => {
  let s = run({ type: 'start-filter' }, { type: 'set-filter', text: 'web' });
  assert.equal(s.filtering, true);
  s = reduceNavigation(s, { type: 'end-filter' });
  assert.equal(s.filtering, false);
  assert.equal(s.views.containers.filter, 'web');
  s = reduceNavigation(s, { type: 'clear-filter' });
  assert.equal(s.views.containers.filter, '');
  assert.equal(run({ type: 'focus-pane', pane: 'pulls' }, { type: 'start-filter' }).filtering, false);
});

test('overlays stack and close from the top', () => {
  let s = run({ type: 'open', overlay: { kind: 'logs', containerId: 'a', name: 'web' } }, { type: 'open', overlay: { kind: 'help' } });
  assert.equal(topOverlay(s)?.kind, 'help');
  s = reduceNavigation(s, { type: 'close' });
  assert.equal(topOverlay(s)?.kind, 'logs');
  s = reduceNavigation(reduceNavigation(s, { type: 'close' }), { type: 'close' });
  assert.equal(topOverlay(s), undefined);
});

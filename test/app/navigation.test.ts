import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  clearFilter,
  closeOverlay,
  cyclePane,
  endFilter,
  expireNotice,
  followSelection,
  moveSelection,
  moveSelectionTo,
  openOverlay,
  selectedIndex,
  setFilter,
  startFilter,
  withNotice,
} from '../../src/app/navigation.ts';
import { initialAppState, paneView, topOverlay, type AppState, type PaneId } from '../../src/app/types.ts';

const order: readonly PaneId[] = ['containers', 'images', 'pulls'];
const start = () => initialAppState({ columns: 100, rows: 30 }, 'containers');

test('moving selects by id and clamps at both ends', () => {
  const ids = ['a', 'b', 'c'];
  assert.equal(paneView(moveSelection(start(), ids, 1), 'containers').selectedId, 'b');
  assert.equal(paneView(moveSelection(start(), ids, 10), 'containers').selectedId, 'c');
  assert.equal(paneView(moveSelection(start(), ids, -5), 'containers').selectedId, 'a');
  assert.equal(paneView(moveSelectionTo(start(), ids, 'bottom'), 'containers').selectedId, 'c');
  const s = start();
  assert.equal(moveSelection(s, [], 1), s, 'no rows: nothing to move');
});

test('the selection keeps its id when rows reorder, and lands nearby when its row goes', () => {
  const state = moveSelection(start(), ['a', 'b', 'c'], 1);
  assert.equal(selectedIndex(paneView(state, 'containers'), ['b', 'a', 'c']), 0);
  const gone = followSelection(state, 'containers', ['a', 'c']);
  assert.equal(paneView(gone, 'containers').selectedId, 'c');
  assert.equal(followSelection(gone, 'containers', ['a', 'c']), gone, 'nothing changed: the same state');
  const empty = followSelection(state, 'containers', []);
  assert.equal(selectedIndex(paneView(empty, 'containers'), []), -1);
});

test('panes cycle both ways and each keeps its own selection and filter', () => {
  let s: AppState = cyclePane(moveSelection(start(), ['a', 'b'], 1), order, 1);
  assert.equal(s.pane, 'images');
  s = setFilter(s, 'busy');
  s = cyclePane(s, order, -1);
  assert.equal(s.pane, 'containers');
  assert.equal(paneView(s, 'containers').selectedId, 'b');
  assert.equal(paneView(s, 'containers').filter, '');
  assert.equal(paneView(s, 'images').filter, 'busy');
  assert.equal(cyclePane(s, order, -1).pane, 'pulls');
});

test('filter editing, keeping and clearing', () => {
  let s = setFilter(startFilter(start()), 'web');
  assert.equal(s.filtering, true);
  s = endFilter(s);
  assert.equal(s.filtering, false);
  assert.equal(paneView(s, 'containers').filter, 'web');
  s = clearFilter(s);
  assert.equal(paneView(s, 'containers').filter, '');
});

test('overlays stack with fresh ids and close by id', () => {
  const [withFirst, first] = openOverlay(start(), (id) => ({ kind: 'help', id, top: 0 }));
  const [withHelp, help] = openOverlay(withFirst, (id) => ({ kind: 'help', id, top: 0 }));
  assert.notEqual(first.id, help.id);
  assert.equal(topOverlay(withHelp)?.id, help.id);
  const closed = closeOverlay(withHelp, help.id);
  assert.equal(topOverlay(closed)?.id, first.id);
  assert.equal(closeOverlay(closed, help.id), closed, 'closing one that is gone changes nothing');
});

test('a notice ends when its own timer fires, not when an older one does', () => {
  const [first, one] = withNotice(start(), 'one');
  const [second, two] = withNotice(first, 'two');
  assert.equal(expireNotice(second, one.seq).notice?.text, 'two');
  assert.equal(expireNotice(second, two.seq).notice, undefined);
});

/**
 * Search in the views that scroll text (views/text-search.ts), through the app reducer on an
 * inspect view: `/` asks, what is typed is text (n and q included), Enter goes to the first line
 * holding it, n and N go round, smartcase, Esc in the prompt leaves it and the view stays.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { reduceApp } from '../../../src/app/keys/reduce.ts';
import { initialAppState, topOverlay, type AppState, type InspectOverlay } from '../../../src/app/types.ts';
import { holds, nextLine, occurrences, searchStatus } from '../../../src/app/views/text-search.ts';
import { press } from '../../house/screens.ts';
import { uiContext } from '../../support/ui-context.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';

const ctx = uiContext({ engine: initialEngineState('x') });
const lines = Array.from({ length: 120 }, (_, i) => (i % 40 === 7 ? `  "com.example.Label": "needle-${i}",` : `  "Key${i}": ${i},`));

function inspectOver(): AppState {
  const base = initialAppState({ columns: 100, rows: 30 }, 'containers');
  const overlay: InspectOverlay = { kind: 'inspect', id: 1, target: 'container', objectId: 'c1', title: 'c1', lines, top: 0 };
  return { ...base, overlays: [overlay] };
}

function typed(state: AppState, ...names: string[]): AppState {
  return names.reduce((s, name) => reduceApp(s, { kind: 'key', press: press(name) }, ctx).state, state);
}

const shown = (state: AppState) => topOverlay(state) as InspectOverlay;

test('/ then text then Enter goes to the first line holding it; n and N go round the matches', () => {
  const asking = typed(inspectOver(), '/');
  assert.equal(shown(asking).search?.prompt, '');
  // n, N and q typed into the prompt are text, not keys.
  const found = typed(asking, ...'NEEDLE'.toLowerCase(), 'return');
  assert.deepEqual(shown(found).search, { find: 'needle', at: 7 });
  const second = typed(found, 'n');
  assert.equal(shown(second).search?.at, 47);
  assert.ok(shown(second).top <= 47 && shown(second).top + 20 > 47, 'the match is on screen');
  assert.equal(shown(typed(second, 'n', 'n')).search?.at, 7, 'round the end');
  assert.equal(shown(typed(found, 'N')).search?.at, 87, 'N goes back round the top');
  assert.equal(searchStatus(shown(second).search, lines), '/needle 2/3');
});

test('a capital makes the search tell case apart; nothing found says so and keeps the view', () => {
  assert.ok(holds('a Label', 'label'));
  assert.ok(!holds('a label', 'Label'));
  assert.deepEqual(occurrences('abcABCabc', 'abc'), [0, 3, 6]);
  assert.deepEqual(occurrences('abcABCabc', 'ABC'), [3]);
  assert.equal(nextLine(['x', 'y'], 'z', 0, 1), undefined);
  const none = reduceApp(typed(inspectOver(), '/', 'z', 'z', 'z'), { kind: 'key', press: press('return') }, ctx);
  assert.equal(shown(none.state).kind, 'inspect');
  assert.match(none.state.notice?.text ?? '', /no line holds “zzz”/);
});

test('Esc in the prompt leaves it (the view stays); Esc again closes the view', () => {
  const left = typed(inspectOver(), '/', 'a', 'escape');
  assert.equal(shown(left).kind, 'inspect');
  assert.equal(shown(left).search, undefined);
  assert.equal(typed(left, 'escape').overlays.length, 0);
});

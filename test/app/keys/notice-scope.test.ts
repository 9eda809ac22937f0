/**
 * Notices through the app reducer: one said on a screen does not follow onto the next (another
 * pane, a view opened or closed); one said by the change itself, or on the same screen, stays.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { notify } from '../../../src/app/commands.ts';
import { plainFlags, type KeyPress } from '../../../src/app/input/press.ts';
import { noticeForScreen } from '../../../src/app/keys/notice-scope.ts';
import { reduceApp } from '../../../src/app/keys/reduce.ts';
import { initialAppState, topOverlay, type AppState } from '../../../src/app/types.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import { uiContext } from '../../support/ui-context.ts';
import { container } from '../../support/ui-harness.tsx';

const ctx = uiContext({ engine: { ...initialEngineState('x'), containers: { loaded: true, stale: false, items: [container('a'.repeat(12), 'web')] }, images: { loaded: true, stale: false, items: [] } } });
const press = (name: string): KeyPress => (name === 'return' ? { name, input: '', key: { ...plainFlags, return: true } } : name === 'escape' ? { name, input: '', key: { ...plainFlags, escape: true } } : { name, input: name, key: plainFlags });
const keys = (state: AppState, ...names: string[]) => names.reduce((s, name) => reduceApp(s, { kind: 'key', press: press(name) }, ctx).state, state);
const said = (state: AppState, text: string) => notify(state, text).state;
const start = () => keys(initialAppState({ columns: 100, rows: 20 }), 'j');

test('a notice does not follow onto another pane, nor into a view, nor out of it', () => {
  assert.equal(keys(said(start(), 'copied the id'), '2').notice, undefined, 'another pane');
  const opened = keys(said(start(), 'copied the id'), 'return');
  assert.equal(topOverlay(opened)?.kind, 'logs');
  assert.equal(opened.notice, undefined, 'a view opened');
  const inView = said(opened, 'copied 3 lines');
  assert.equal(keys(inView, 'escape').notice, undefined, 'the view closed');
});

test('on the same screen a notice stays until its time is up; one said by the change stays', () => {
  assert.equal(keys(said(start(), 'copied the id'), 'j').notice?.text, 'copied the id');
  // J in a logs view with nothing selected says why, on that screen.
  const opened = keys(start(), 'return', 'J');
  assert.match(opened.notice?.text ?? '', /press v first/);
  // Said on the new screen: the Incidents pane's "nothing to acknowledge".
  const switched = keys(said(start(), 'old'), '9', 'A');
  assert.equal(switched.notice?.text, 'no incident waits for acknowledging');
  // Said by the change itself (a dialog closing with what it did): the new notice stays.
  const before = said(start(), 'old');
  const after = said({ ...before, pane: 'images' }, 'started web');
  assert.equal(noticeForScreen(before, after).notice?.text, 'started web');
});

test("a background notice (an incident elsewhere) waits while the user's own is shown, then is said", () => {
  const act = (state: AppState, action: Parameters<typeof reduceApp>[1]) => reduceApp(state, action, ctx);
  const incident = { kind: 'action' as const, action: { type: 'notify' as const, text: '⚠ other: exited 3', tone: 'error' as const, background: true as const } };
  const mine = said(start(), 'web (abc) exited with code 4');
  const held = act(mine, incident);
  assert.equal(held.state.notice?.text, 'web (abc) exited with code 4', 'the answer to what the user did stays');
  assert.deepEqual(held.commands, [], 'no timer: it waits for the shown one');
  const expired = act(held.state, { kind: 'action', action: { type: 'notice-expired', seq: mine.notice?.seq ?? -1 } });
  assert.equal(expired.state.notice?.text, '⚠ other: exited 3', 'said once the user’s notice had its time');
  assert.equal(expired.state.waitingNotice, undefined);
  assert.equal(expired.commands.length, 1, 'with a timer of its own');
  // With nothing shown, or over another background notice, it is said at once.
  assert.equal(act(start(), incident).state.notice?.text, '⚠ other: exited 3');
  assert.equal(act(expired.state, { ...incident, action: { ...incident.action, text: '⚠ third: exited 1' } }).state.notice?.text, '⚠ third: exited 1');
  // The user's newer notice: what waits still waits.
  const newer = said(held.state, 'detached');
  assert.equal(act(newer, { kind: 'action', action: { type: 'notice-expired', seq: mine.notice?.seq ?? -1 } }).state.notice?.text, 'detached');
});

/**
 * The stats view's processes (`docker top` every TOP_EVERY_MS): an answer with the same processes
 * as the one shown leaves the state as it was, so an idle container's view draws no frame for it
 * (bench B10); a changed cell, or an error, is shown.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ContainerSummary } from '../../../src/engine/types.ts';
import { plainFlags } from '../../../src/app/input/press.ts';
import { reduceApp } from '../../../src/app/keys/reduce.ts';
import { initialAppState, topOverlay } from '../../../src/app/types.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import { uiContext } from '../../support/ui-context.ts';

const container: ContainerSummary = { Id: 'c'.repeat(64), Names: ['/web'], State: 'running', Status: 'Up 1 minute' };
const ctx = uiContext({ engine: { ...initialEngineState('x'), containers: { loaded: true, stale: false, items: [container] } } });
const top = (time: string) => ({ titles: ['UID', 'PID', 'TIME', 'CMD'], processes: [['root', '1', time, 'sleep 300']] });

test('the same processes again change nothing; a changed cell or an error does', () => {
  const opened = reduceApp(initialAppState({ columns: 100, rows: 30 }), { kind: 'key', press: { name: 'm', input: 'm', key: plainFlags } }, ctx).state;
  const overlay = topOverlay(opened);
  assert.equal(overlay?.kind, 'stats');
  const loaded = (state: typeof opened, action: { top?: ReturnType<typeof top>; error?: string }) => reduceApp(state, { kind: 'action', action: { type: 'view', overlay: overlay?.id ?? -1, result: { kind: 'processes', ...action } } }, ctx).state;
  const first = loaded(opened, { top: top('00:00:00') });
  assert.notEqual(first, opened);
  assert.equal(loaded(first, { top: top('00:00:00') }), first, 'the same answer: the very same state, no frame');
  const later = loaded(first, { top: top('00:00:01') });
  assert.notEqual(later, first, 'a process’s time moved');
  const failed = loaded(later, { error: 'No such container' });
  const shown = topOverlay(failed);
  assert.equal(shown?.kind === 'stats' ? shown.topError : undefined, 'No such container');
  assert.notEqual(loaded(failed, { top: top('00:00:01') }), failed, 'an answer after an error is shown, even if the processes are the same');
});

/**
 * Marks: the pure functions (app/marks.ts) and the keys that make them (Space, V, Ctrl-A, Esc)
 * through the app reducer, over a fixed list of containers that changes under them.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Command } from '../../src/app/commands.ts';
import type { UiContext } from '../../src/app/context.ts';
import { plainFlags, type KeyFlags, type KeyPress } from '../../src/app/input/press.ts';
import { contextsFor } from '../../src/app/keys/contexts.ts';
import { reduceApp } from '../../src/app/keys/reduce.ts';
import { clearMarks, keepPresent, markAll, markRange, marksOf, summaryWithMarks, toggleMark, unmarkKeys } from '../../src/app/marks.ts';
import { initialAppState, type AppState } from '../../src/app/types.ts';
import type { ContainerSummary } from '../../src/engine/types.ts';
import { initialEngineState } from '../../src/state/engine-state.ts';
import { rowKey } from '../../src/state/sources.ts';
import { uiContext } from '../support/ui-context.ts';
import { container } from '../support/ui-harness.tsx';

const P = 'containers';
const base = initialAppState({ columns: 100, rows: 20 });

test('Space toggles, the order of marking is kept, and the last mark is where a range starts', () => {
  let s = toggleMark(base, P, 'a');
  s = toggleMark(s, P, 'c');
  assert.deepEqual(marksOf(s, P), ['a', 'c']);
  s = toggleMark(s, P, 'a');
  assert.deepEqual(marksOf(s, P), ['c']);
  s = toggleMark(s, P, 'c');
  assert.deepEqual(marksOf(s, P), [], 'unmarking the last leaves none');
  assert.equal(s.views[P]?.marks, undefined, 'no empty array kept');
});

test('a range runs from the last mark to the row, either way, and leaves the row as the last mark', () => {
  const shown = ['a', 'b', 'c', 'd', 'e'];
  const down = markRange(toggleMark(base, P, 'b'), P, shown, 'd');
  assert.deepEqual(marksOf(down, P), ['b', 'c', 'd']);
  const up = markRange(toggleMark(base, P, 'd'), P, shown, 'a');
  assert.deepEqual(new Set(marksOf(up, P)), new Set(['a', 'b', 'c', 'd']));
  assert.equal(marksOf(up, P).at(-1), 'a', 'the row is the last mark');
  assert.deepEqual(marksOf(markRange(base, P, shown, 'c'), P), ['c'], 'without a mark: the row alone');
  assert.deepEqual(marksOf(markRange(toggleMark(base, P, 'x'), P, shown, 'c'), P), ['x', 'c'], 'the last mark filtered out: the row alone');
});

test('mark all adds what is shown to the marks there are; clear and unmark drop them', () => {
  const s = markAll(toggleMark(base, P, 'z'), P, ['a', 'b', 'z']);
  assert.deepEqual(marksOf(s, P), ['z', 'a', 'b']);
  assert.deepEqual(marksOf(unmarkKeys(s, ['a', 'z']), P), ['b']);
  assert.deepEqual(marksOf(clearMarks(s, P), P), []);
  assert.equal(clearMarks(base, P), base, 'nothing to clear: the same state');
});

test('marks of things no longer present go, and are counted; none gone keeps the same array', () => {
  const marks = ['a', 'b', 'c'];
  assert.deepEqual(keepPresent(marks, new Set(['a', 'c', 'd'])), { kept: ['a', 'c'], gone: 1 });
  assert.equal(keepPresent(marks, new Set(marks)).kept, marks);
});

test('the tab counts the marks after the pane’s words', () => {
  assert.equal(summaryWithMarks('running: 5', base, P), 'running: 5');
  assert.equal(summaryWithMarks('running: 5', toggleMark(base, P, 'a'), P), 'running: 5 · 1 marked');
});

// ---- the keys, through the reducer ------------------------------------------------------

const ids = ['a', 'b', 'c', 'd', 'e'].map((c) => c.repeat(12).padEnd(64, '0'));
const items = (list: readonly string[]): ContainerSummary[] => list.map((id, i) => container(id, `web-${ids.indexOf(id)}`, { Created: 100 - i }));
const contextWith = (list: readonly string[], extra: Partial<UiContext['engine']['containers']> = {}): UiContext =>
  uiContext({ engine: { ...initialEngineState('x'), containers: { loaded: true, stale: false, items: items(list), ...extra }, images: { loaded: true, stale: false, items: [] } } });
const ctx = contextWith(ids);
const keyOf = (id: string) => rowKey(ctx.engine.connection.endpoint, id);

const named: Record<string, Partial<KeyFlags>> = { escape: { escape: true }, down: { downArrow: true }, return: { return: true } };
function press(name: string): KeyPress {
  if (name === 'ctrl+a') return { name, input: 'a', key: { ...plainFlags, ctrl: true } };
  const flags = named[name];
  return flags ? { name, input: '', key: { ...plainFlags, ...flags } } : { name, input: name, key: plainFlags };
}

function keys(state: AppState, context: UiContext, ...names: string[]): { state: AppState; commands: Command[] } {
  const commands: Command[] = [];
  let s = state;
  for (const name of names) {
    const out = reduceApp(s, { kind: 'key', press: press(name) }, context);
    s = out.state;
    commands.push(...out.commands);
  }
  return { state: s, commands };
}

test('Space marks the row under the cursor, V the range from there, Ctrl-A every row the filter shows', () => {
  const { state } = keys(base, ctx, ' ', 'down', 'down', 'V');
  assert.deepEqual(marksOf(state, P), [ids[0], ids[1], ids[2]].map((id) => keyOf(id!)));
  const filtered = keys(base, ctx, '/', 'w', 'e', 'b', '-', '4', 'return', 'ctrl+a').state;
  assert.deepEqual(marksOf(filtered, P), [keyOf(ids[4]!)], 'only what the filter shows');
});

test('Esc clears the filter first, then the marks; the marks outlive the filter', () => {
  const marked = keys(base, ctx, ' ', '/', 'w', 'e', 'b', '-', '4', 'return').state;
  assert.ok(contextsFor(marked).includes('filtered') && !contextsFor(marked).includes('marked'));
  const once = keys(marked, ctx, 'escape').state;
  assert.equal(once.views[P]?.filter, '');
  assert.deepEqual(marksOf(once, P), [keyOf(ids[0]!)], 'the marks stay when the filter goes');
  assert.ok(contextsFor(once).includes('marked'));
  const twice = keys(once, ctx, 'escape').state;
  assert.deepEqual(marksOf(twice, P), []);
});

test('a marked container that goes away is unmarked, and a notice says so; a list not to be trusted drops nothing', () => {
  const marked = keys(base, ctx, ' ', 'down', ' ').state;
  const shrunk = contextWith(ids.slice(1));
  const after = reduceApp(marked, { kind: 'action', action: { type: 'sources-changed' } }, shrunk);
  assert.deepEqual(marksOf(after.state, P), [keyOf(ids[1]!)]);
  assert.match(after.state.notice?.text ?? '', /1 marked container went away: unmarked \(1 still marked\)/);
  const partial = reduceApp(marked, { kind: 'action', action: { type: 'sources-changed' } }, contextWith(ids.slice(1), { partial: true }));
  assert.equal(marksOf(partial.state, P).length, 2, 'a list read in part keeps every mark');
});

test('a bulk stop looks its marks up in a stale list (a busy engine misses its ping), and in a list read in part that holds every mark', () => {
  const marked = keys(base, ctx, ' ', 'down', ' ').state;
  const overlayOf = (s: AppState) => {
    const top = s.overlays.at(-1);
    return top?.kind === 'dialog' ? top.dialog : undefined;
  };
  const stale = keys(marked, contextWith(ids, { stale: true }), 's').state;
  const dialog = overlayOf(stale);
  assert.equal(dialog?.type, 'bulk', `a bulk dialog, not a refusal (notice: ${stale.notice?.text ?? 'none'})`);
  assert.deepEqual(
    (dialog as { entries?: ReadonlyArray<{ key: string }> }).entries?.map((e) => e.key),
    [keyOf(ids[0]!), keyOf(ids[1]!)],
  );
  // The running ones listed first, the rest on their way (B21 pressed s then): every mark is there.
  const partial = keys(marked, contextWith(ids, { partial: true }), 's').state;
  assert.equal(overlayOf(partial)?.type, 'bulk', `every mark in the part listed (notice: ${partial.notice?.text ?? 'none'})`);
  // A mark the part lacks may be in the rest: that waits.
  const lacking = keys(marked, contextWith(ids.slice(1), { partial: true }), 's').state;
  assert.equal(overlayOf(lacking), undefined);
  assert.match(lacking.notice?.text ?? '', /cannot be looked up while the list is loading/);
});

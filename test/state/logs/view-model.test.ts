import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import fc from 'fast-check';

import { LogBuffer } from '../../../src/state/logs/log-buffer.ts';
import { findMatches } from '../../../src/state/logs/search.ts';
import type { LogLine } from '../../../src/state/logs/types.ts';
import { initialLogViewState, maxTop, reduceLogView } from '../../../src/state/logs/view-model.ts';
import type { LineMatcher, LogViewAction, LogViewContext, LogViewState } from '../../../src/state/logs/view-model.ts';

const ctx = (length: number, height: number, matcher?: LineMatcher): LogViewContext => ({ length, height, matcher });
const at = (top: number, extra: Partial<LogViewState> = {}): LogViewState => ({ follow: false, top, showTimestamps: false, ...extra });
const following = (top: number): LogViewState => ({ follow: true, top, showTimestamps: false });

/** A matcher over fixed texts, as the UI would bind `findMatches` to its buffer. */
function matcherFor(texts: readonly string[]): LineMatcher {
  const lines = texts.map((text): LogLine => ({ stream: 'stdout', text }));
  return (query, start, end) => findMatches(lines, query, { start, end });
}

void describe('maxTop', () => {
  void it('is the top that puts the last line on the bottom row, or 0', () => {
    assert.equal(maxTop(100, 10), 90);
    assert.equal(maxTop(5, 10), 0);
    assert.equal(maxTop(0, 10), 0);
    assert.equal(maxTop(10, 0), 9);
    assert.equal(maxTop(Number.NaN, 10), 0);
  });
});

void describe('reduceLogView', () => {
  void it('starts following, timestamps off unless asked', () => {
    assert.deepEqual(initialLogViewState(), { follow: true, top: 0, showTimestamps: false });
    assert.equal(initialLogViewState({ showTimestamps: true }).showTimestamps, true);
  });

  // [name, state, action, ctx, expected]
  const cases: Array<[string, LogViewState, LogViewAction, LogViewContext, LogViewState]> = [
    ['following: new lines keep the bottom in view', following(80), { type: 'lines-appended', added: 10, dropped: 0 }, ctx(100, 10), following(90)],
    ['following: fewer lines than rows stay at 0', following(0), { type: 'lines-appended', added: 3, dropped: 0 }, ctx(3, 10), following(0)],
    ['reading: new lines leave top alone', at(40), { type: 'lines-appended', added: 10, dropped: 0 }, ctx(100, 10), at(40)],
    ['reading: evicted lines move top up by as many', at(40), { type: 'lines-appended', added: 10, dropped: 10 }, ctx(100, 10), at(30)],
    ['reading: top clamps at 0 when its line was evicted', at(4), { type: 'lines-appended', added: 10, dropped: 10 }, ctx(100, 10), at(0)],
    ['scroll up leaves follow', following(90), { type: 'scroll', by: -3 }, ctx(100, 10), at(87)],
    ['scroll up at the top still leaves follow', following(0), { type: 'scroll', by: -1 }, ctx(5, 10), at(0)],
    ['scroll down stops at the bottom without following', at(85), { type: 'scroll', by: 20 }, ctx(100, 10), at(90)],
    ['scroll up stops at 0', at(2), { type: 'scroll', by: -20 }, ctx(100, 10), at(0)],
    ['scroll down while following stays following', following(90), { type: 'scroll', by: 1 }, ctx(100, 10), following(90)],
    ['page down', at(10), { type: 'page', direction: 1 }, ctx(100, 10), at(20)],
    ['page up', at(10), { type: 'page', direction: -1 }, ctx(100, 10), at(0)],
    ['page up leaves follow', following(90), { type: 'page', direction: -1 }, ctx(100, 10), at(80)],
    ['g goes to the top and stops following', following(90), { type: 'top' }, ctx(100, 10), at(0)],
    ['G goes to the bottom and follows', at(3), { type: 'bottom' }, ctx(100, 10), following(90)],
    ['f turns follow on at the bottom', at(3), { type: 'toggle-follow' }, ctx(100, 10), following(90)],
    ['f turns follow off in place', following(90), { type: 'toggle-follow' }, ctx(100, 10), at(90)],
    ['t shows timestamps in UTC first', at(3), { type: 'toggle-timestamps' }, ctx(100, 10), at(3, { showTimestamps: true, stampZone: 'utc' })],
    ['t then shows local time', at(3, { showTimestamps: true, stampZone: 'utc' }), { type: 'toggle-timestamps' }, ctx(100, 10), at(3, { showTimestamps: true, stampZone: 'local' })],
    ['t then shows time relative to now', at(3, { showTimestamps: true, stampZone: 'local' }), { type: 'toggle-timestamps' }, ctx(100, 10), at(3, { showTimestamps: true, stampZone: 'relative' })],
    ['t after relative turns them off', at(3, { showTimestamps: true, stampZone: 'relative' }), { type: 'toggle-timestamps' }, ctx(100, 10), at(3, { showTimestamps: false, stampZone: undefined })],
    ['resize while following keeps the bottom', following(90), { type: 'resize' }, ctx(100, 20), following(80)],
    ['resize while reading clamps', at(95), { type: 'resize' }, ctx(100, 20), at(80)],
    ['resize while reading keeps a valid top', at(40), { type: 'resize' }, ctx(100, 5), at(40)],
    ['garbage numbers are treated as 0', at(5), { type: 'scroll', by: Number.NaN }, ctx(Number.NaN, -3), at(0)],
  ];
  for (const [name, state, action, context, expected] of cases) {
    void it(name, () => assert.deepEqual(reduceLogView(state, action, context), expected));
  }

  void it('returns the same object when nothing changes', () => {
    const s = at(0);
    assert.equal(reduceLogView(s, { type: 'scroll', by: -1 }, ctx(100, 10)), s);
    assert.equal(reduceLogView(s, { type: 'scroll', by: 0 }, ctx(100, 10)), s);
    assert.equal(reduceLogView(s, { type: 'next-match' }, ctx(100, 10)), s);
    assert.equal(reduceLogView(s, { type: 'clear-search' }, ctx(100, 10)), s);
    assert.equal(reduceLogView(s, { type: 'lines-appended', added: 0, dropped: 0 }, ctx(100, 10)), s);
    const f = following(90);
    assert.equal(reduceLogView(f, { type: 'bottom' }, ctx(100, 10)), f);
    assert.equal(reduceLogView(f, { type: 'resize' }, ctx(100, 10)), f);
  });

  void describe('search', () => {
    // Lines 3, 15, 50 and 95 contain "err".
    const texts = Array.from({ length: 100 }, (_, i) => ([3, 15, 50, 95].includes(i) ? `err ${i}` : `ok ${i}`));
    const context = ctx(100, 10, matcherFor(texts));

    void it('selects the first match at or below the top and centres it', () => {
      const next = reduceLogView(at(20), { type: 'search', query: 'ERR' }, context);
      assert.deepEqual(next, at(45, { search: { query: 'ERR', matches: [3, 15, 50, 95], current: 50 } }));
    });

    void it('leaves the view alone when the match is already visible', () => {
      const next = reduceLogView(at(10), { type: 'search', query: 'err' }, context);
      assert.deepEqual(next, at(10, { search: { query: 'err', matches: [3, 15, 50, 95], current: 15 } }));
    });

    void it('stops following to show the match', () => {
      const next = reduceLogView(following(90), { type: 'search', query: 'err' }, context);
      assert.deepEqual(next, at(90, { search: { query: 'err', matches: [3, 15, 50, 95], current: 95 } }));
    });

    void it('wraps to the first match when none is below the top', () => {
      const next = reduceLogView(at(96), { type: 'search', query: 'err' }, ctx(110, 10, matcherFor(texts)));
      assert.equal(next.search?.current, 3);
      assert.equal(next.top, 0);
    });

    void it('keeps following when nothing matches', () => {
      const next = reduceLogView(following(90), { type: 'search', query: 'nope' }, context);
      assert.deepEqual(next, { ...following(90), search: { query: 'nope', matches: [] } });
    });

    void it('uses the matches the action brings, sorted and in range', () => {
      const next = reduceLogView(at(0), { type: 'search', query: 'x', matches: [40, 7, 7, 500, -1] }, ctx(100, 10));
      assert.deepEqual(next.search, { query: 'x', matches: [7, 40], current: 7 });
    });

    void it('an empty query clears the search', () => {
      const s = at(5, { search: { query: 'err', matches: [15], current: 15 } });
      assert.deepEqual(reduceLogView(s, { type: 'search', query: '' }, context), at(5));
      assert.deepEqual(reduceLogView(s, { type: 'clear-search' }, context), at(5));
    });

    void it('n and N step through matches and wrap', () => {
      let s = reduceLogView(at(0), { type: 'search', query: 'err' }, context);
      const visited: Array<number | undefined> = [s.search?.current];
      for (let i = 0; i < 4; i++) {
        s = reduceLogView(s, { type: 'next-match' }, context);
        visited.push(s.search?.current);
        assert.ok(s.top <= (s.search?.current ?? -1) && (s.search?.current ?? -1) < s.top + 10, 'match visible');
      }
      assert.deepEqual(visited, [3, 15, 50, 95, 3]);
      s = reduceLogView(s, { type: 'prev-match' }, context);
      assert.equal(s.search?.current, 95);
      assert.equal(s.follow, false);
    });

    void it('without a selected match, n starts at the top of the screen and N at its bottom', () => {
      const s = at(40, { search: { query: 'err', matches: [3, 15, 50, 95] } });
      assert.equal(reduceLogView(s, { type: 'next-match' }, context).search?.current, 50);
      assert.equal(reduceLogView(s, { type: 'prev-match' }, context).search?.current, 15);
    });

    void it('keeps matches in step with evicted and appended lines', () => {
      // 10 lines evicted, 10 appended: old 3 is gone, the others shift by 10, new line 97 matches.
      const after = [...texts.slice(10), ...Array.from({ length: 10 }, (_, i) => (i === 7 ? 'err new' : 'ok new'))];
      const s = at(40, { search: { query: 'err', matches: [3, 15, 50, 95], current: 50 } });
      const next = reduceLogView(s, { type: 'lines-appended', added: 10, dropped: 10 }, ctx(100, 10, matcherFor(after)));
      assert.deepEqual(next, at(30, { search: { query: 'err', matches: [5, 40, 85, 97], current: 40 } }));
    });

    void it('forgets the selected match once it is evicted', () => {
      const s = at(0, { search: { query: 'err', matches: [3, 15], current: 3 } });
      const next = reduceLogView(s, { type: 'lines-appended', added: 5, dropped: 5 }, ctx(100, 10));
      assert.deepEqual(next.search, { query: 'err', matches: [10] });
    });

    void it('buffer-cleared empties matches but keeps the query', () => {
      const s = at(40, { search: { query: 'err', matches: [50], current: 50 } });
      assert.deepEqual(reduceLogView(s, { type: 'buffer-cleared' }, ctx(0, 10)), at(0, { search: { query: 'err', matches: [] } }));
    });
  });

  void describe('properties', () => {
    type Step =
      | { kind: 'append'; texts: string[] }
      | { kind: 'clear' }
      | { kind: 'height'; height: number }
      | { kind: 'action'; action: LogViewAction };

    const uiAction: fc.Arbitrary<LogViewAction> = fc.oneof(
      fc.record({ type: fc.constant('scroll' as const), by: fc.integer({ min: -30, max: 30 }) }),
      fc.record({ type: fc.constant('page' as const), direction: fc.constantFrom(1 as const, -1 as const) }),
      fc.constantFrom<LogViewAction>(
        { type: 'top' },
        { type: 'bottom' },
        { type: 'toggle-follow' },
        { type: 'toggle-timestamps' },
        { type: 'next-match' },
        { type: 'prev-match' },
        { type: 'clear-search' },
      ),
      fc.record({ type: fc.constant('search' as const), query: fc.constantFrom('', 'a', 'b', 'ab', 'zz') }),
    );
    const step: fc.Arbitrary<Step> = fc.oneof(
      { weight: 4, arbitrary: fc.array(fc.constantFrom('a', 'b', 'ab', 'ba', 'x', ''), { maxLength: 25 }).map((texts) => ({ kind: 'append' as const, texts })) },
      { weight: 1, arbitrary: fc.constant({ kind: 'clear' as const }) },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 15 }).map((height) => ({ kind: 'height' as const, height })) },
      { weight: 6, arbitrary: uiAction.map((action) => ({ kind: 'action' as const, action })) },
    );

    void it('keeps its invariants, its place while reading, and its matches in step with the buffer', () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 15 }), fc.array(step, { maxLength: 60 }), (capacity, initialHeight, steps) => {
          const buffer = new LogBuffer(capacity);
          const matcher: LineMatcher = (query, start, end) => findMatches(buffer, query, { start, end });
          let height = initialHeight;
          let state = initialLogViewState();

          for (const s of steps) {
            const before = state;
            const topLine = buffer.at(before.top);
            let action: LogViewAction;
            let evicted = 0;
            if (s.kind === 'append') {
              const lines = s.texts.map((text): LogLine => ({ stream: 'stdout', text }));
              evicted = buffer.append(lines);
              action = { type: 'lines-appended', added: lines.length, dropped: evicted };
            } else if (s.kind === 'clear') {
              buffer.clear();
              action = { type: 'buffer-cleared' };
            } else if (s.kind === 'height') {
              height = s.height;
              action = { type: 'resize' };
            } else {
              action = s.action;
            }
            state = reduceLogView(state, action, ctx(buffer.length, height, matcher));

            const bottom = Math.max(0, buffer.length - Math.max(1, height));
            assert.ok(Number.isInteger(state.top) && state.top >= 0 && state.top <= bottom, `top ${state.top} outside [0, ${bottom}]`);
            if (state.follow) assert.equal(state.top, bottom, 'following means showing the bottom');

            if (state.search !== undefined) {
              assert.deepEqual(state.search.matches, findMatches(buffer, state.search.query));
              const current = state.search.current;
              if (current !== undefined) assert.ok(state.search.matches.includes(current));
            }

            if (action.type === 'lines-appended' && !before.follow && topLine !== undefined && before.top >= evicted) {
              assert.equal(buffer.at(state.top), topLine, 'the line at the top stays put while reading');
            }
            if (action.type === 'scroll' && action.by < 0) assert.equal(state.follow, false);
            if (action.type === 'scroll' && !before.follow) assert.equal(state.follow, false);
            if ((action.type === 'next-match' || action.type === 'prev-match' || action.type === 'search') && state.search?.current !== undefined) {
              const c = state.search.current;
              assert.ok(c >= state.top && c < state.top + Math.max(1, height), 'selected match is visible');
            }
          }
        }),
        { numRuns: 500 },
      );
    });
  });
});

void describe('reduceLogView: older pages and jumps', () => {
  const words = ['x', 'hit', 'x', 'x', 'hit', 'x'];
  const matcher: LineMatcher = (query, start, end) => findMatches(words.map((text) => ({ text })), query, { start, end });

  void it('keeps the same line on top when an older page goes in, and moves matches with their lines', () => {
    const state: LogViewState = { follow: false, top: 0, showTimestamps: false, search: { query: 'hit', matches: [1], current: 1 } };
    const next = reduceLogView(state, { type: 'lines-prepended', added: 3, droppedBack: 0 }, ctx(6, 2, matcher));
    assert.equal(next.top, 3);
    assert.deepEqual(next.search?.matches, [1, 4]);
    assert.equal(next.search?.current, 4);
  });

  void it('a jump shows its focus line, searched again, and without a focus follows the end', () => {
    const state: LogViewState = { follow: true, top: 0, showTimestamps: false, search: { query: 'hit', matches: [], current: undefined } };
    const jumped = reduceLogView(state, { type: 'window-replaced', focus: 4 }, ctx(6, 2, matcher));
    assert.equal(jumped.follow, false);
    assert.equal(jumped.search?.current, 4);
    assert.ok(jumped.top <= 4 && jumped.top + 2 > 4, 'the focus is on screen');
    const live = reduceLogView(jumped, { type: 'window-replaced' }, ctx(6, 2, matcher));
    assert.equal(live.follow, true);
    assert.equal(live.top, maxTop(6, 2));
  });
});

void describe('reduceLogView: wrap and sideways scroll', () => {
  void it('scrolls sideways only while not wrapping, never before the first column', () => {
    const state = initialLogViewState();
    const right = reduceLogView(state, { type: 'scroll-columns', by: 10 }, ctx(5, 3));
    assert.equal(right.left, 10);
    assert.equal(reduceLogView(right, { type: 'scroll-columns', by: -30 }, ctx(5, 3)).left, 0);
    const wrapped = reduceLogView(right, { type: 'toggle-wrap' }, ctx(5, 3));
    assert.equal(wrapped.wrap, true);
    assert.equal(wrapped.left, 0);
    assert.equal(reduceLogView(wrapped, { type: 'scroll-columns', by: 10 }, ctx(5, 3)), wrapped);
  });
});

/**
 * Where the cursor goes when its row leaves the list (a container stopped in the running-only
 * view): any key sequence, with the engine's news between the keys, through the app reducer as
 * berth runs it (a key, or a change of the sources, each followed by the selection settling).
 * The same keys and the same rows going must end on the same row whether the news came one
 * change at a time or in one list, and whether or not new containers appeared meanwhile.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import type { UiContext } from '../../../src/app/context.ts';
import { plainFlags, type KeyFlags, type KeyPress } from '../../../src/app/input/press.ts';
import { reduceApp } from '../../../src/app/keys/reduce.ts';
import { initialAppState, paneView, type AppState } from '../../../src/app/types.ts';
import type { ContainerSummary } from '../../../src/engine/types.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import { sortContainers } from '../../../src/state/lists.ts';
import { idOfKey } from '../../../src/state/sources.ts';
import { uiContext } from '../../support/ui-context.ts';

const named: Record<string, Partial<KeyFlags>> = { down: { downArrow: true }, up: { upArrow: true }, pagedown: { pageDown: true }, pageup: { pageUp: true }, home: { home: true }, end: { end: true } };
const KEYS = ['j', 'k', 'down', 'up', 'g', 'G', 'pagedown', 'pageup'];

function press(name: string): KeyPress {
  const flags = named[name];
  return flags ? { name, input: '', key: { ...plainFlags, ...flags } } : { name, input: name, key: plainFlags };
}

/** The engine's news: a container stops (leaves the running-only view), or a new one starts. */
type News = { kind: 'stop'; n: number } | { kind: 'new'; n: number };
type Step = { kind: 'key'; name: string } | { kind: 'news'; news: News[] };

const ID = (n: number) => `c${String(n).padStart(3, '0')}`.padEnd(64, '0');
/** Ten running at first, c000 the newest; c009 never stops, so there is always a row to land on. */
const FIRST = 10;

function ctxOf(running: ReadonlySet<number>): UiContext {
  // Newest first, as the sync loop sorts the engine's list: new containers (higher numbers) at the top.
  const items: readonly ContainerSummary[] = sortContainers([...running].map((n) => ({ Id: ID(n), Names: [`/web-${n}`], Image: 'busybox', State: 'running', Status: 'Up 3 minutes', Created: n < FIRST ? 1000 - n : 2000 + n })));
  return uiContext({ engine: { ...initialEngineState('unix:///fuzz.sock'), containers: { loaded: true, stale: false, items }, images: { loaded: true, stale: false, items: [] } } });
}

/**
 * Runs the steps; `oneByOne` delivers each piece of news as its own change, else each step's news
 * as one. `skipNew` leaves out the new containers (the "unrelated" news).
 */
function run(steps: readonly Step[], oneByOne: boolean, skipNew = false): string[] {
  const running = new Set(Array.from({ length: FIRST }, (_, n) => n));
  let state: AppState = { ...initialAppState({ columns: 100, rows: 14 }), pane: 'containers' };
  state = reduceApp(state, { kind: 'action', action: { type: 'sources-changed' } }, ctxOf(running)).state;
  const selections: string[] = [];
  const settle = () => {
    state = reduceApp(state, { kind: 'action', action: { type: 'sources-changed' } }, ctxOf(running)).state;
  };
  for (const step of steps) {
    if (step.kind === 'key') {
      state = reduceApp(state, { kind: 'key', press: press(step.name) }, ctxOf(running)).state;
    } else {
      for (const news of step.news) {
        if (news.kind === 'new' && skipNew) continue;
        if (news.kind === 'stop') running.delete(news.n);
        else running.add(news.n);
        if (oneByOne) settle();
      }
      if (!oneByOne) settle();
    }
    const selected = idOfKey(paneView(state, 'containers').selectedId ?? '');
    assert.ok(
      [...running].some((n) => ID(n) === selected),
      `the cursor is on a row shown (${selected.slice(0, 4)})`,
    );
    selections.push(selected.slice(0, 4));
  }
  return selections;
}

/** Steps whose news never brings a row back: each container stops at most once, and new ones are new. */
const steps: fc.Arbitrary<Step[]> = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...KEYS).map((name): Step => ({ kind: 'key', name })) },
      {
        weight: 2,
        arbitrary: fc.array(fc.oneof(fc.integer({ min: 0, max: FIRST - 2 }).map((n): News => ({ kind: 'stop', n })), fc.constant<News>({ kind: 'new', n: -1 })), { minLength: 1, maxLength: 5 }).map((news): Step => ({ kind: 'news', news })),
      },
    ),
    { minLength: 1, maxLength: 25 },
  )
  .map((drawn) => {
    // Number the new containers in order, and keep only each container's first stop.
    let next = 100;
    const stopped = new Set<number>();
    return drawn.map((step) => {
      if (step.kind === 'key') return step;
      const news = step.news.flatMap((n): News[] => {
        if (n.kind === 'new') return [{ kind: 'new', n: next++ }];
        if (stopped.has(n.n)) return [];
        stopped.add(n.n);
        return [n];
      });
      return { kind: 'news', news };
    });
  });

test('the same keys and the same rows going end on the same row, one change at a time or in one list', () => {
  fc.assert(
    fc.property(steps, (s) => {
      assert.deepEqual(run(s, false), run(s, true));
    }),
    { numRuns: 100 },
  );
});

test('where the cursor lands when its row goes does not depend on new containers appearing meanwhile', () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...KEYS), { maxLength: 8 }), steps, (keys, s) => {
      // Keys first, then only news: new rows would change what a later key walks over.
      const news = s.filter((step) => step.kind === 'news');
      const all = [...keys.map((name): Step => ({ kind: 'key', name })), ...news];
      assert.equal(run(all, false).at(-1), run(all, false, true).at(-1));
    }),
    { numRuns: 100 },
  );
});

test('a stopped container’s row hands the cursor to the next row it had below it', () => {
  // c000…c009 running, the cursor on c002 (two down); c002 stops while a new container appears at the top.
  const s: Step[] = [
    { kind: 'key', name: 'j' },
    { kind: 'key', name: 'j' },
    { kind: 'news', news: [{ kind: 'new', n: 100 }, { kind: 'stop', n: 2 }] },
  ];
  assert.deepEqual(run(s, true), ['c001', 'c002', 'c003']);
  assert.deepEqual(run(s, false), ['c001', 'c002', 'c003']);
});

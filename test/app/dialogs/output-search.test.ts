/**
 * `/`, `n` and `N` in the output of the run, exec and compose dialogs (dialogs/output-search.ts),
 * pure: the prompt takes every printable key as text, Enter finds from the top of the output on
 * screen down, n and N go round and scroll the match into view, the match is marked where the
 * view draws it and the output's last row says which of how many; Esc leaves the prompt and the
 * dialog stays; nothing found, or n before any search, says so.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { DialogReply } from '../../../src/app/commands.ts';
import { exec, type ExecDialog } from '../../../src/app/dialogs/exec.ts';
import type { DialogContext, DialogViewContext } from '../../../src/app/dialogs/machine.ts';
import { outputRows, type RunDialog } from '../../../src/app/dialogs/run.ts';
import { hintLine, type DialogBlock } from '../../../src/app/dialogs/view.ts';
import { defaultKeymap } from '../../../src/app/keys/keymap.ts';
import { reduceApp } from '../../../src/app/keys/reduce.ts';
import { initialAppState, topOverlay, type AppState } from '../../../src/app/types.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import { press as house } from '../../house/screens.ts';
import { uiContext } from '../../support/ui-context.ts';
import { dialogContexts, drive, keyIn, moduleOf, presses, resultIn, type KnownDialog } from '../../support/dialog-driver.ts';

/** 100 lines; "needle" on lines 5, 50 (stderr) and 97. */
const lines = Array.from({ length: 100 }, (_, i) => ({ text: [5, 50, 97].includes(i) ? `a needle at ${i}` : `line ${i}`, stream: i === 50 ? ('stderr' as const) : ('stdout' as const) }));
const output = { length: lines.length, at: (i: number) => lines[i] };
const ctx: DialogContext = { overlay: 7, engine: initialEngineState('x'), bodyHeight: 20, output, keymap: defaultKeymap };
const viewCtx: DialogViewContext = {
  overlay: 7,
  width: 100,
  height: 20,
  engine: ctx.engine,
  pulls: { pulls: [] },
  keymap: defaultKeymap,
  output: (from, to) => lines.slice(from, to),
  outputLength: lines.length,
};

function asRun(state: KnownDialog): RunDialog {
  assert.equal(state.type, 'run');
  return state as RunDialog;
}

/** A run whose 100 lines of output came, at its bottom. */
function ran(): KnownDialog {
  let { state } = drive({ type: 'run', image: 'busybox' }, '{enter}', ctx);
  for (const r of [{ kind: 'created', id: 'c1', warnings: [] }, { kind: 'started' }, { kind: 'output', lines: 100 }] as DialogReply[]) state = resultIn(state, r, ctx).state;
  return state;
}

function typed(state: KnownDialog, keys: string) {
  let last = { state } as ReturnType<typeof keyIn>;
  for (const p of presses(keys)) last = keyIn(last.state, p, ctx);
  return last;
}

/** The output block the run's view draws. */
function outputOf(state: KnownDialog): Extract<DialogBlock, { kind: 'output' }> {
  const block = moduleOf('run').view(state, viewCtx).blocks.find((b) => b.kind === 'output');
  assert.ok(block?.kind === 'output');
  return block;
}

/** The lines on screen, from the first drawn: line numbers of `line N` / `a needle at N`. */
const shownNumbers = (state: KnownDialog) => outputOf(state).lines.map((l) => Number(/(\d+)$/.exec(l.text)?.[1]));

describe('search in a dialog’s output', () => {
  test('/ asks (n, N and q typed are text), Enter finds from the top of the screen, n and N go round and scroll the match into view', () => {
    const asking = typed(ran(), '/').state;
    assert.deepEqual(asRun(asking).search, { prompt: '' });
    assert.deepEqual(dialogContexts(asking), ['prompt', 'line', 'anywhere'], 'the prompt has the keys');
    assert.equal(asRun(typed(asking, 'nNq').state).search?.prompt, 'nNq');
    // At the bottom, 12 lines on screen (13 rows less the search's): 88…99, so 97 is first.
    const found = typed(asking, 'needle{enter}').state;
    assert.deepEqual(asRun(found).search, { find: 'needle', at: 97 });
    assert.equal(asRun(found).scrollBack, 0, 'on screen already: nothing moves');
    const wrapped = typed(found, 'n').state;
    assert.equal(asRun(wrapped).search?.at, 5, 'round the end');
    assert.deepEqual(shownNumbers(wrapped).slice(0, 3), [3, 4, 5], 'two lines before the match');
    const stderr = typed(wrapped, 'n').state;
    assert.equal(asRun(stderr).search?.at, 50);
    assert.ok(shownNumbers(stderr).includes(50));
    assert.equal(asRun(typed(stderr, 'N').state).search?.at, 5, 'N goes back');
    assert.equal(asRun(typed(found, 'N').state).search?.at, 50, 'N from the first match');
    // The view: the match marked (the current one told apart), stderr as drawn, where it stands.
    const drawn = outputOf(stderr);
    const match = drawn.lines.find((l) => l.current === true);
    assert.deepEqual(match, { text: '! a needle at 50', tone: 'stderr', find: 'needle', current: true });
    assert.equal(drawn.status, '/needle 2/3 · n/N next/previous');
    assert.equal(drawn.lines.length, outputRows(asRun(stderr), 20) - 1, 'the search’s line is the last row');
    assert.match(hintLine(moduleOf('run').view(stderr, viewCtx).hints, defaultKeymap), /scroll · G \d+ lines below · \/ search$/);
  });

  test('the prompt shows what is typed; Esc in it leaves the search and the dialog stays; Esc again closes it', () => {
    const asking = typed(ran(), '/ne').state;
    assert.equal(outputOf(asking).status, '/ne▏');
    assert.equal(hintLine(moduleOf('run').view(asking, viewCtx).hints, defaultKeymap), 'Enter search · Esc no search');
    const left = typed(asking, '{esc}');
    assert.equal(left.close, undefined);
    assert.equal(asRun(left.state).search, undefined);
    assert.equal(typed(left.state, '{esc}').close, true);
    // Scrolled to the top with a search on, the first line is still reached.
    const top = typed(typed(ran(), '/needle{enter}').state, 'g').state;
    assert.equal(shownNumbers(top)[0], 0);
  });

  test('nothing found says so and keeps the text; n before any search says what starts one; a capital tells case apart', () => {
    const none = typed(ran(), '/zzz{enter}');
    assert.deepEqual(none.notify, { text: 'no line holds “zzz”', tone: 'error' });
    assert.deepEqual(asRun(none.state).search, { find: 'zzz' });
    assert.equal(none.close, undefined);
    assert.deepEqual(typed(ran(), 'n').notify, { text: 'nothing searched yet: / first', tone: 'info' });
    assert.deepEqual(asRun(typed(ran(), '/Needle{enter}').state).search, { find: 'Needle' });
  });

  test('compose and exec search their output the same way (exec marks stderr, compose does not)', () => {
    let compose = drive({ type: 'compose', project: { name: 'shop', configFiles: [] } }, '{enter}', ctx).state;
    compose = resultIn(compose, { kind: 'compose-output', lines: 100 }, ctx).state;
    const bang = typed(compose, '/!{enter}');
    assert.match(bang.notify?.text ?? '', /no line holds “!”/, 'compose draws stderr as stdout');
    assert.equal((typed(compose, '/needle{enter}n').state as { search?: { at?: number } }).search?.at, 5);

    const request = { type: 'exec' as const, containerId: 'c1', name: 'web', image: 'busybox', history: [], debugImage: 'busybox' };
    let state = exec.open(request, ctx).state;
    const key = (s: ExecDialog, keys: string) => {
      let last = { state: s } as ReturnType<typeof exec.key>;
      for (const press of presses(keys)) last = exec.key(last.state, { press, action: defaultKeymap.resolveIn([...exec.contexts(last.state), 'anywhere'], press.name) }, ctx);
      return last;
    };
    state = key(state, 'ls{enter}').state;
    state = exec.result(state, { kind: 'output', lines: 100 }, ctx).state;
    state = exec.result(state, { kind: 'exited', exitCode: 0 }, ctx).state;
    assert.deepEqual(key(state, '/!{enter}').state.search, { find: '!', at: 50 });
  });

  test('through the app: q typed in the prompt is text; on the output q still asks to quit', () => {
    const app = uiContext({ engine: ctx.engine, outputLines: () => output });
    const over = (dialog: KnownDialog): AppState => ({ ...initialAppState({ columns: 100, rows: 30 }), overlays: [{ kind: 'dialog', id: 7, dialog }], serial: 7 });
    const keyed = (state: AppState, ...names: string[]) => names.reduce((s, name) => reduceApp(s, { kind: 'key', press: house(name) }, app).state, state);
    const asking = keyed(over(ran()), '/', 'q');
    const top = topOverlay(asking);
    assert.ok(top?.kind === 'dialog');
    assert.deepEqual(asRun(top.dialog as KnownDialog).search, { prompt: 'q' });
    // The run form's text counts as typed here (no `opened` on this overlay): q asks first.
    assert.equal(reduceApp(over(ran()), { kind: 'key', press: house('q') }, app).state.quitQuestion?.key, 'quit');
    assert.equal(keyed(over(ran()), '/', 'q').quitQuestion, undefined);
    // Found through the runner's lines (the app's context hands them to the dialog).
    const found = topOverlay(keyed(over(ran()), '/', ...'needle', 'return'));
    assert.ok(found?.kind === 'dialog');
    assert.deepEqual(asRun(found.dialog as KnownDialog).search, { find: 'needle', at: 97 });
  });
});

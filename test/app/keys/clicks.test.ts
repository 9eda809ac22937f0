/**
 * Mouse clicks (config.json `mouse: true`): the decoder makes a left-button press a `click` at its
 * cell; the reducer reads it as what is drawn there (keys/clicks.ts) — a tab, a row of the list
 * (again: Enter), a footer key — and a release, a drag or another button does nothing.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeKeys } from '../../../src/app/input/key-decoder.ts';
import { plainFlags } from '../../../src/app/input/press.ts';
import { footerItems } from '../../../src/app/keys/footer.ts';
import { contextsFor } from '../../../src/app/keys/contexts.ts';
import { reduceApp } from '../../../src/app/keys/reduce.ts';
import { rowKeys } from '../../../src/app/panes/pane.ts';
import { paneEntry } from '../../../src/app/panes/index.ts';
import { tabLabels } from '../../../src/app/tabs.ts';
import { summaryWithMarks } from '../../../src/app/marks.ts';
import { initialAppState, paneView, topOverlay, type AppState } from '../../../src/app/types.ts';
import { sampleContext } from '../../house/screens.ts';

const ctx = sampleContext();
const click = (state: AppState, x: number, y: number) => reduceApp(state, { kind: 'key', press: { name: 'click', input: `${x + 1};${y + 1}`, key: plainFlags } }, ctx);

test('the decoder: a left-button press is a click at its cell; a release, a drag and the right button are nothing; the wheel still scrolls', () => {
  assert.deepEqual(decodeKeys('[<0;12;5M', plainFlags), [{ name: 'click', input: '12;5', key: plainFlags }]);
  assert.deepEqual(decodeKeys('[<0;12;5m', plainFlags), []);
  assert.deepEqual(decodeKeys('[<32;12;5M', plainFlags), []);
  assert.deepEqual(decodeKeys('[<2;12;5M', plainFlags), []);
  assert.ok(decodeKeys('[<64;12;5M', plainFlags).every((p) => p.name === 'wheelup'));
});

test('a click on a tab focuses its pane, at any width (the tabs as drawn: named, one cell apart, or their key alone)', () => {
  for (const columns of [160, 120, 80, 50]) {
    const state = initialAppState({ columns, rows: 30 }, 'containers');
    const summary = summaryWithMarks(paneEntry('containers').summary(state, ctx), state, 'containers');
    const tabs = tabLabels(ctx.keymap, 'containers', summary, columns);
    let x = 0;
    for (const t of tabs) {
      if (t.id === 'volumes') break;
      x += t.text.length;
    }
    assert.equal(click(state, x + 1, 1).state.pane, 'volumes', `at ${columns}`);
    assert.equal(click(state, columns - 1, 1).state.pane, 'containers', 'the summary is no tab');
  }
});

test('a click on a row selects it; on the selected row it is Enter (its logs open)', () => {
  const state = initialAppState({ columns: 120, rows: 30 }, 'containers');
  const keys = rowKeys(paneEntry('containers'), state, ctx);
  assert.ok(keys.length >= 3);
  // Status bar, tabs, the list's header: the rows start on the fourth line.
  const second = click(state, 5, 4).state;
  assert.equal(paneView(second, 'containers').selectedId, keys[1]);
  const opened = click(second, 5, 4).state;
  assert.equal(topOverlay(opened)?.kind, 'logs');
  const below = click(state, 5, 25).state;
  assert.equal(paneView(below, 'containers').selectedId, keys[0], 'below the rows: nothing (the selection stays on the first row)');
  assert.equal(below.overlays.length, 0);
});

test('a click on a footer key is that key pressed', () => {
  const state = initialAppState({ columns: 120, rows: 30 }, 'containers');
  const items = footerItems(ctx.keymap, contextsFor(state), 120);
  const help = items.findIndex((i) => i.key === '?');
  const x = items.slice(0, help).reduce((n, i) => n + i.text.length + 2, 0);
  assert.equal(topOverlay(click(state, x + 1, 28).state)?.kind, 'help', 'the footer is the last row berth draws');
});

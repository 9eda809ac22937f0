/**
 * The rows a table pane draws are made again only when what they are made from changes (the
 * pane's rows, the sources, the clock, the columns): a key that only moves the selection over
 * 10,000 containers makes no cells and hands the table the same arrays (B11).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { UiContext } from '../../../src/app/context.ts';
import { paneOptions, withPaneOptions, type PaneDefinition, type TableView } from '../../../src/app/panes/pane.ts';
import { columnNeeds, type Column } from '../../../src/app/table.ts';
import { initialAppState } from '../../../src/app/types.ts';
import { drawnRows, prepareNext, type Made } from '../../../src/ui/panes/table-pane.tsx';

interface Row {
  id: string;
}

function viewCounting(columnsOf: () => readonly Column<string>[]): { view: TableView<Row>; calls: () => number } {
  let calls = 0;
  const view: TableView<Row> = {
    kind: 'table',
    columns: () => columnsOf(),
    cells: (row, _state, _ctx, nowMs) => {
      calls++;
      return { key: row.id, cells: { name: `${row.id}@${nowMs}` } };
    },
    message: () => undefined,
  };
  return { view, calls: () => calls };
}

const name: Column<string> = { key: 'name', title: 'NAME', min: 4, priority: 1 };
const rows: Row[] = Array.from({ length: 1000 }, (_, i) => ({ id: `c${i}` }));
const ctx = {} as UiContext;

test('the same rows, sources, clock and columns: no cells made, the same arrays handed back', () => {
  // The columns are made afresh at each call, as the panes do: equal ones count as the same.
  const { view, calls } = viewCounting(() => [name]);
  const made: { current: Made<Row> | undefined } = { current: undefined };
  const state = initialAppState();
  const first = drawnRows(made, view, state, ctx, rows, 1000);
  assert.equal(calls(), rows.length);
  // Another state (a selection moved): nothing made again.
  const second = drawnRows(made, view, { ...state }, ctx, rows, 1000);
  assert.equal(calls(), rows.length);
  assert.equal(second.drawn, first.drawn);
  assert.equal(second.columns, first.columns);
});

test('a new clock, new sources or new rows make the cells again', () => {
  const { view, calls } = viewCounting(() => [name]);
  const made: { current: Made<Row> | undefined } = { current: undefined };
  const state = initialAppState();
  const first = drawnRows(made, view, state, ctx, rows, 1000);
  const later = drawnRows(made, view, state, ctx, rows, 2000);
  assert.equal(calls(), 2 * rows.length);
  assert.notEqual(later.drawn, first.drawn);
  assert.equal(later.drawn[0]?.cells.name, 'c0@2000');
  drawnRows(made, view, state, {} as UiContext, rows, 2000);
  assert.equal(calls(), 3 * rows.length);
  const fewer = drawnRows(made, view, state, {} as UiContext, rows.slice(0, 10), 2000);
  assert.equal(fewer.drawn.length, 10);
});

test('other columns make the cells again', () => {
  let columns: readonly Column<string>[] = [name];
  const { view, calls } = viewCounting(() => columns);
  const made: { current: Made<Row> | undefined } = { current: undefined };
  const state = initialAppState();
  drawnRows(made, view, state, ctx, rows, 1000);
  columns = [name, { key: 'image', title: 'IMAGE', min: 5, priority: 2 }];
  const wider = drawnRows(made, view, state, ctx, rows, 1000);
  assert.equal(calls(), 2 * rows.length);
  assert.equal(wider.columns, columns);
});

test('cells made again that are the same objects keep the last array', () => {
  const kept = new Map<string, { key: string; cells: Record<string, string> }>();
  const view: TableView<Row> = {
    kind: 'table',
    columns: () => [name],
    cells: (row) => {
      let drawn = kept.get(row.id);
      if (!drawn) kept.set(row.id, (drawn = { key: row.id, cells: { name: row.id } }));
      return drawn;
    },
    message: () => undefined,
  };
  const made: { current: Made<Row> | undefined } = { current: undefined };
  const state = initialAppState();
  const first = drawnRows(made, view, state, ctx, rows, 1000);
  const again = drawnRows(made, view, state, {} as UiContext, rows, 5000);
  assert.equal(again.drawn, first.drawn);
});

test('a new rows array of rows already drawn (a filter typed, then cleared) asks only for the rows not drawn yet', () => {
  const { view, calls } = viewCounting(() => [name]);
  const made: { current: Made<Row> | undefined } = { current: undefined };
  const state = initialAppState();
  const all = drawnRows(made, view, state, ctx, rows, 1000);
  const some = drawnRows(made, view, state, ctx, rows.filter((_, i) => i % 7 === 0), 1000);
  assert.equal(calls(), rows.length);
  assert.equal(some.drawn[1], all.drawn[7]);
  drawnRows(made, view, state, ctx, [...rows], 1000);
  assert.equal(calls(), rows.length);
  // A row object not drawn before is asked for; the others are not.
  const fresh = { id: 'new' };
  const withNew = drawnRows(made, view, state, ctx, [fresh, ...rows], 1000);
  assert.equal(calls(), rows.length + 1);
  assert.equal(withNew.drawn[0]?.cells.name, 'new@1000');
  // Another clock: every row is asked for again.
  drawnRows(made, view, state, ctx, rows.slice(0, 10), 2000);
  assert.equal(calls(), rows.length + 11);
  assert.equal(made.current?.drawn[0]?.cells.name, 'c0@2000');
});

test('the next view made ahead (a): switching to it makes no cells, and it is made once per rows array', () => {
  const { view, calls } = viewCounting(() => [name]);
  const running = rows.slice(0, 50);
  const pane: PaneDefinition<Row> = {
    id: 'demo',
    title: 'Demo',
    rows: (state) => (paneOptions(state, 'demo', { all: false }).all ? rows : running),
    key: (row) => row.id,
    filterable: false,
    pinsSelection: true,
    summary: () => '',
    view,
    nextView: (state) => withPaneOptions(state, 'demo', { all: !paneOptions(state, 'demo', { all: false }).all }),
  };
  const made: { current: Made<Row> | undefined } = { current: undefined };
  const shown = initialAppState();
  const first = drawnRows(made, view, shown, ctx, running, 1000);
  assert.equal(calls(), running.length);
  const ahead = prepareNext(made, pane, view, shown, ctx, 1000);
  assert.equal(ahead, rows);
  // Only the rows not drawn yet (the running ones are among all).
  assert.equal(calls(), rows.length);
  // Made ahead again for the same rows: nothing made.
  assert.equal(prepareNext(made, pane, view, shown, ctx, 1000, ahead), rows);
  assert.equal(calls(), rows.length);
  // The shown view drawn again hands back its own drawing, and the switch finds the other made.
  assert.equal(drawnRows(made, view, shown, ctx, running, 1000).drawn, first.drawn);
  const all = withPaneOptions(shown, 'demo', { all: true });
  const switched = drawnRows(made, view, all, ctx, pane.rows(all, ctx), 1000);
  assert.equal(calls(), rows.length);
  assert.equal(switched.drawn.length, rows.length);
  // Its columns were measured ahead too (the same needs object handed back).
  assert.equal(columnNeeds(switched.columns, switched.drawn), columnNeeds(switched.columns, switched.drawn));
  // A pane with no next view makes nothing ahead.
  assert.equal(prepareNext(made, { ...pane, nextView: undefined }, view, shown, ctx, 1000), undefined);
});

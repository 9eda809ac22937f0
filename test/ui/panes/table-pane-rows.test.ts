/**
 * The rows a table pane draws are made again only when what they are made from changes (the
 * pane's rows, the sources, the clock, the columns): a key that only moves the selection over
 * 10,000 containers makes no cells and hands the table the same arrays (B11).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { UiContext } from '../../../src/app/context.ts';
import type { TableView } from '../../../src/app/panes/pane.ts';
import type { Column } from '../../../src/app/table.ts';
import { initialAppState } from '../../../src/app/types.ts';
import { drawnRows, type Made } from '../../../src/ui/panes/table-pane.tsx';

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

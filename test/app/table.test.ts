import assert from 'node:assert/strict';
import { test } from 'node:test';
import { columnNeeds, WidthHold, WIDTH_HOLD_MS, type Column, type TableRow } from '../../src/app/table.ts';

type Key = 'name' | 'created';
const columns: readonly Column<Key>[] = [
  { key: 'name', title: 'NAME', min: 4, priority: 0 },
  { key: 'created', title: 'CREATED', min: 7, priority: 1 },
];
const row = (name: string, created: string): TableRow<Key> => ({ key: name, cells: { name, created } });

test('a column needs its widest cell, in terminal cells, and a new row is measured afresh', () => {
  const rows = [row('web', '9 minutes ago'), row('db', '9 minutes ago')];
  assert.equal(columnNeeds(columns, rows).get('created'), 13);
  const later = [row('web', '10 minutes ago'), rows[1]!];
  assert.equal(columnNeeds(columns, later).get('created'), 14);
  const needs = columnNeeds(columns, [row('网站', 'About an hour ago')]);
  assert.equal(needs.get('created'), 17);
  assert.equal(needs.get('name'), 4, 'two wide characters take four cells');
});

test('a rows array measured before for the same columns gets its needs back; other columns are measured', () => {
  const rows = [row('web', '9 minutes ago')];
  const needs = columnNeeds(columns, rows);
  assert.equal(columnNeeds(columns, rows), needs, 'all, running, all again: the same answer');
  const nameOnly: readonly Column<Key>[] = [columns[0]!];
  assert.deepEqual([...columnNeeds(nameOnly, rows)], [['name', 3]], 'a column chooser’s change is measured afresh');
});

test('a column widens at once and narrows only after a minute in which nothing needed its width', () => {
  const hold = new WidthHold();
  const at = (status: number, now: number) => hold.widths(new Map([['status', status], ['name', 4]]), now).get('status');
  assert.equal(at(28, 0), 28);
  assert.equal(at(37, 1_000), 37, 'a restart’s "Less than a second ago": wider at once');
  assert.equal(at(28, 2_000), 37, 'a second later the cells need less: the width is held');
  assert.equal(at(37, 30_000), 37, 'the next crash needs it again: held from here');
  assert.equal(at(29, 30_000 + WIDTH_HOLD_MS - 1), 37);
  assert.equal(at(29, 30_000 + WIDTH_HOLD_MS), 29, 'a minute with nothing as wide: it narrows');
  assert.equal(at(28, 30_000 + WIDTH_HOLD_MS + 1), 29, 'and holds its new width as before');
});

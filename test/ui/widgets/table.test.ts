import assert from 'node:assert/strict';
import { test } from 'node:test';
import { columnNeeds, updateCells, type Column, type TableRow } from '../../../src/ui/widgets/table.tsx';

type Key = 'name' | 'created';
const columns: readonly Column<Key>[] = [
  { key: 'name', title: 'NAME', min: 4, priority: 0 },
  { key: 'created', title: 'CREATED', min: 7, priority: 1 },
];
const row = (name: string, created: string): TableRow<Key> => ({ key: name, cells: { name, created } });

test('updateCells rewrites a kept row in place and the widths follow its new texts', () => {
  const rows = [row('web', '9 minutes ago'), row('db', '9 minutes ago')];
  assert.equal(columnNeeds(columns, rows).get('created'), 13);
  const kept = rows[0]!;
  updateCells(kept, { created: '10 minutes ago' });
  assert.equal(rows[0], kept, 'the same row object');
  assert.equal(kept.cells.created, '10 minutes ago');
  assert.equal(columnNeeds(columns, rows).get('created'), 14, 'measured again, not the cached 13');
  updateCells(kept, { created: 'About an hour ago', name: '网站' });
  const needs = columnNeeds(columns, rows);
  assert.equal(needs.get('created'), 17);
  assert.equal(needs.get('name'), 4, 'two wide characters take four cells');
});

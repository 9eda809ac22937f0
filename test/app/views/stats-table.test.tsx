import assert from 'node:assert/strict';
import { test } from 'node:test';
import { stripVTControlCharacters } from 'node:util';
import { Table } from '@alcalzone/ink-table';
import { render } from 'ink-testing-library';
import { figuresTable, lineText } from '../../../src/app/views/stats-table.ts';

const columns = [
  { title: 'CPU', cell: '0.00%' },
  { title: 'MEM USAGE / LIMIT', cell: '1.2MiB / 23.5GiB' },
  { title: 'MEM %', cell: '0.01%' },
  { title: 'NET I/O', cell: '0B / 0B' },
  { title: 'BLOCK I/O', cell: '4.1kB / 0B' },
  { title: 'PIDS', cell: '1' },
];

test('the figures table reads as ink-table drew it: the same five lines', () => {
  const instance = render(<Table data={[Object.fromEntries(columns.map((c) => [c.title, c.cell]))]} />);
  const drawn = stripVTControlCharacters(instance.lastFrame() ?? '').split('\n');
  instance.unmount();
  assert.deepEqual(figuresTable(columns).map(lineText), drawn);
});

test('a column as wide as its title or its figure, whichever is wider', () => {
  const lines = figuresTable([
    { title: 'CPU', cell: '123.45%' },
    { title: 'PIDS', cell: '…' },
  ]).map(lineText);
  assert.deepEqual(lines, ['┌─────────┬──────┐', '│ CPU     │ PIDS │', '├─────────┼──────┤', '│ 123.45% │ …    │', '└─────────┴──────┘']);
});

test('the box is bold runs of its own, the titles and figures runs between', () => {
  const [, titles, , figures] = figuresTable(columns);
  assert.deepEqual(titles?.filter((r) => r.look === 'title').map((r) => r.text.trim()), columns.map((c) => c.title));
  assert.deepEqual(figures?.filter((r) => r.look === 'cell').map((r) => r.text.trim()), columns.map((c) => c.cell));
  assert.ok(figures?.filter((r) => r.look === 'frame').every((r) => r.text === '│'));
});

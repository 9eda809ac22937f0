import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ContainerSummary } from '../../../src/engine/types.ts';
import { groupByProject } from '../../../src/app/rows/compose-groups.ts';
import { containerRows } from '../../../src/app/rows/container-rows.ts';

const c = (id: string, name: string, state: string, project?: string, service?: string): ContainerSummary => ({
  Id: id.padEnd(64, '0'),
  Names: [`/${name}`],
  State: state,
  Status: state,
  Labels: project ? { 'com.docker.compose.project': project, 'com.docker.compose.service': service ?? '' } : {},
});

const items = [
  c('a1', 'shop-web-1', 'running', 'shop', 'web'),
  c('b1', 'loose', 'running'),
  c('a2', 'shop-db-1', 'running', 'shop', 'db'),
  c('a3', 'shop-worker-1', 'exited', 'shop', 'worker'),
  c('c1', 'blog-app-1', 'running', 'blog', 'app'),
];

test('projects by name, each header then its containers by service; loose containers last; counts over every container', () => {
  const rows = groupByProject(containerRows(items, { showAll: false, filter: '' }), items, []);
  assert.deepEqual(rows.map((r) => r.cells.name), ['▾ blog', 'blog-app-1', '▾ shop', 'shop-db-1', 'shop-web-1', '▾ no project', 'loose']);
  const shop = rows[2];
  assert.equal(shop?.cells.state, '2/3', 'the exited worker counts though it is not listed');
  assert.equal(shop?.cells.status, '2 running, 1 stopped');
  assert.equal(shop?.cells.image, 'db, web');
  assert.deepEqual(shop?.group?.members.map((m) => m.name), ['shop-web-1', 'shop-db-1', 'shop-worker-1']);
});

test('a folded project is its header alone; a filter that matches none of a project shows no header', () => {
  const folded = groupByProject(containerRows(items, { showAll: true, filter: '' }), items, ['shop']);
  assert.deepEqual(folded.map((r) => r.cells.name), ['▾ blog', 'blog-app-1', '▸ shop', '▾ no project', 'loose']);
  const filtered = groupByProject(containerRows(items, { showAll: true, filter: 'blog' }), items, []);
  assert.deepEqual(filtered.map((r) => r.cells.name), ['▾ blog', 'blog-app-1']);
});

test('containers without a project have their own header, not the last project\'s: counted, foldable, no project to act on', () => {
  const more = [...items, c('b2', 'scratch', 'exited')];
  const rows = groupByProject(containerRows(more, { showAll: false, filter: '' }), more, []);
  const header = rows.find((r) => r.cells.name === '▾ no project');
  assert.ok(header, 'a "no project" header');
  assert.equal(rows.indexOf(header), rows.findIndex((r) => r.cells.name === 'loose') - 1, 'right above the loose containers');
  assert.equal(header.cells.state, '1/2', 'the exited one counts though it is not listed');
  assert.equal(header.cells.status, '1 running, 1 stopped');
  assert.equal(header.group?.loose, true);
  assert.notEqual(header.id, rows.find((r) => r.cells.name === '▾ shop')?.id);
  const folded = groupByProject(containerRows(more, { showAll: true, filter: '' }), more, [header.group?.project ?? 'x']);
  assert.deepEqual(folded.map((r) => r.cells.name).slice(-2), ['shop-worker-1', '▸ no project'], 'folded to its header');
  const none = groupByProject(containerRows(items, { showAll: false, filter: 'shop' }), items, []);
  assert.ok(!none.some((r) => r.group?.loose), 'no header when no loose container is listed');
});

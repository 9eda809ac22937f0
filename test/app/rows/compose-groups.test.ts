import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ContainerSummary } from '../../../src/engine/types.ts';
import { groupByProject } from '../../../src/app/rows/compose-groups.ts';
import { containerRows } from '../../../src/app/rows/container-rows.ts';
import { groupStatsCells } from '../../../src/app/rows/group-stats.ts';
import { containers } from '../../../src/app/panes/containers.ts';
import { withPaneOptions } from '../../../src/app/panes/pane.ts';
import { initialAppState } from '../../../src/app/types.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import type { StatsFigures } from '../../../src/state/stats/figures.ts';
import { uiContext } from '../../support/ui-context.ts';

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

test("a project's header sums its running members' CPU and memory; … until each has a figure; - when none runs", () => {
  const figures = (cpuPercent: number | undefined, memUsed: number) => ({ cpuPercent, memUsed, memLimit: 8 * 2 ** 30, netRx: 0, netTx: 0, blockRead: 0, blockWrite: 0, at: 0 });
  const members = [
    { id: 'web', state: 'running' },
    { id: 'db', state: 'running' },
    { id: 'worker', state: 'exited' },
  ];
  const both = new Map([
    ['web', figures(1.25, 10 * 2 ** 20)],
    ['db', figures(2.5, 22 * 2 ** 20)],
    // A stopped member's last figures are not the project's now.
    ['worker', figures(50, 2 ** 30)],
  ]);
  assert.deepEqual(groupStatsCells(members, both), { cpu: '3.75%', mem: '32MiB', memPercent: '', net: '', block: '', pids: '' });
  const oneMissing = new Map([['web', figures(1.25, 10 * 2 ** 20)]]);
  assert.deepEqual([groupStatsCells(members, oneMissing).cpu, groupStatsCells(members, oneMissing).mem], ['…', '…']);
  const firstSample = new Map([...both, ['db', figures(undefined, 22 * 2 ** 20)]]);
  assert.deepEqual([groupStatsCells(members, firstSample).cpu, groupStatsCells(members, firstSample).mem], ['…', '32MiB'], 'CPU needs two samples, memory one');
  assert.deepEqual([groupStatsCells([{ id: 'worker', state: 'exited' }], both).cpu, groupStatsCells([], both).mem], ['-', '-']);
});

test('grouped with the resource columns: the header shows the sums, and a folded project still has its members measured', () => {
  const ctx = (byId: ReadonlyMap<string, StatsFigures>) => uiContext({ engine: { ...initialEngineState('unix:///fake.sock'), containers: { items, loaded: true, stale: false, refreshedAt: 0 } }, stats: { byId, version: 1 } });
  const state = withPaneOptions(initialAppState(), 'containers', { grouped: true, stats: true, folded: ['shop'] });
  const id = (short: string) => short.padEnd(64, '0');
  const measured = ctx(new Map([
    [id('a1'), { cpuPercent: 1, memUsed: 2 ** 20, netRx: 0, netTx: 0, blockRead: 0, blockWrite: 0, at: 0 }],
    [id('a2'), { cpuPercent: 2, memUsed: 2 ** 20, netRx: 0, netTx: 0, blockRead: 0, blockWrite: 0, at: 0 }],
  ]));
  const rows = containers.rows(state, measured);
  const shop = rows.find((r) => r.cells.name === '▸ shop');
  assert.ok(shop, 'the folded header');
  const cells = containers.view.kind === 'table' ? containers.view.cells(shop, state, measured, 0).cells : {};
  assert.equal(cells.cpu, '3.00%');
  assert.equal(cells.mem, '2MiB');
  const demanded = containers.demands?.(state, measured).stats ?? [];
  assert.ok([id('a1'), id('a2')].every((m) => demanded.includes(m)), 'the folded project\'s running members are measured');
  assert.ok(!demanded.includes(id('a3')), 'not its exited one');
});

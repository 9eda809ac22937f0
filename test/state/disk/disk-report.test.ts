/** The disk view's figures (state/disk/disk-report.ts, app/rows/disk-rows.ts): docker system df's rules and its printing. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dockerReclaimable, dockerSize } from '../../../src/app/format/docker-size.ts';
import { itemTable, sectionTable } from '../../../src/app/rows/disk-rows.ts';
import { diskReport } from '../../../src/state/disk/disk-report.ts';

test('sizes print as go-units HumanSize does (%.4g, decimal units, no space)', () => {
  const cases: Array<[number, string]> = [
    [0, '0B'],
    [1, '1B'],
    [999, '999B'],
    [1000, '1kB'],
    [4096, '4.096kB'],
    [1_048_576, '1.049MB'],
    [3_000_000, '3MB'],
    [123_456_789, '123.5MB'],
    [999_950, '1000kB'],
    [1_500_000_000, '1.5GB'],
    [-1, 'N/A'],
  ];
  for (const [bytes, shown] of cases) assert.equal(dockerSize(bytes), shown, String(bytes));
  assert.equal(dockerReclaimable(500, 1500), '500B (33%)');
  assert.equal(dockerReclaimable(0, 0), '0B');
});

const df = {
  LayersSize: 1000,
  Images: [
    { Id: 'sha256:small', RepoTags: ['small:1'], Size: 200, SharedSize: 100, Containers: 0 },
    { Id: 'sha256:big', RepoTags: ['big:1', 'big:latest'], Size: 800, SharedSize: 100, Containers: 2 },
    { Id: 'sha256:none', RepoTags: [], Size: 100, SharedSize: -1, Containers: 0 },
  ],
  Containers: [
    { Id: 'c1', Names: ['/up'], State: 'running', SizeRw: 10, SizeRootFs: 810 },
    { Id: 'c2', Names: ['/down'], State: 'exited', SizeRw: 30, SizeRootFs: 830 },
    { Id: 'c3', Names: ['/zero'], State: 'exited', SizeRootFs: 800 },
  ],
  Volumes: [
    { Name: 'a', UsageData: { Size: 5, RefCount: 1 } },
    { Name: 'b', UsageData: { Size: 50, RefCount: 0 } },
    { Name: 'nfs', UsageData: { Size: -1, RefCount: 0 } },
  ],
  BuildCache: [
    { ID: 'k1', Type: 'regular', Size: 7, InUse: true, Shared: false },
    { ID: 'k2', Type: 'regular', Size: 70, InUse: false, Shared: false },
    { ID: 'k3', Type: 'regular', Size: 700, InUse: false, Shared: true },
  ],
};

test('each kind: its total and reclaimable part as docker system df works them out, items biggest first', () => {
  const report = diskReport(df);
  // Images: the layers; reclaimable less what used images hold beyond what they share (800 - 100).
  assert.deepEqual(report.images.line, { size: 1000, reclaimable: 300 });
  assert.deepEqual(report.images.items.map((i) => [i.id, i.unique]), [['sha256:big', 700], ['sha256:small', 100], ['sha256:none', 100]]);
  assert.deepEqual(report.images.items[2]?.tags, ['<none>:<none>']);
  // Containers: writable layers; a SizeRw left out beside a SizeRootFs is 0 (Go's omitempty).
  assert.deepEqual(report.containers.line, { size: 40, reclaimable: 30 });
  assert.deepEqual(report.containers.items.map((c) => [c.name, c.sizeRw]), [['down', 30], ['up', 10], ['zero', 0]]);
  // Volumes: -1 (not measured) counts nothing and sorts last.
  assert.deepEqual(report.volumes.line, { size: 55, reclaimable: 50 });
  assert.deepEqual(report.volumes.items.map((v) => v.name), ['b', 'a', 'nfs']);
  // Build cache: shared records count nothing; reclaimable, those not in use.
  assert.deepEqual(report.buildCache.line, { size: 77, reclaimable: 70 });
  assert.deepEqual(report.total, { size: 1172, reclaimable: 450 });
});

test('the tables: docker system df’s rows (TOTAL, ACTIVE), and -v’s per kind, each item with what remove acts on', () => {
  const report = diskReport(df);
  assert.deepEqual(
    sectionTable(report).rows.map((r) => r.cells),
    [
      ['Images', '3', '1', '1kB', '300B (30%)'],
      ['Containers', '3', '1', '40B', '30B (75%)'],
      ['Local Volumes', '3', '1', '55B', '50B (90%)'],
      ['Build Cache', '3', '1', '77B', '70B'],
    ],
  );
  const volumes = itemTable(report, 'volume');
  assert.deepEqual(volumes.rows.map((r) => r.cells), [['b', '0', '50B'], ['a', '1', '5B'], ['nfs', '0', 'N/A']]);
  assert.deepEqual(volumes.rows[1]?.target, { kind: 'volume', name: 'a', users: 1 });
  const images = itemTable(report, 'image');
  assert.deepEqual(images.rows[0]?.cells, ['big:1, big:latest', 'big', '800B', '100B', '700B', '2']);
  assert.deepEqual(images.rows[0]?.target, { kind: 'image', imageId: 'sha256:big', tag: 'big:1' });
  assert.equal(itemTable(report, 'build-cache').rows[0]?.target, undefined);
});

test('engine strings are sanitised in the rows', () => {
  const report = diskReport({ Volumes: [{ Name: 'evil\u001b[2Jname', UsageData: { Size: 1, RefCount: 0 } }] });
  assert.ok(!itemTable(report, 'volume').rows[0]?.cells[0]?.includes('\u001b'));
});

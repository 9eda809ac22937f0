/**
 * The layer explorer's pure parts on hand-made archives: both layouts (legacy `manifest.json`,
 * and OCI with its index after the blobs and a gzip layer), whiteouts and opaque directories,
 * the A/C/D of each layer, and dive's wasted bytes and efficiency as dive counts them
 * (dive-figures.ts says how).
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import * as zlib from 'node:zlib';
import { diveFigures } from '../../../src/state/layers/dive-figures.ts';
import { readImageArchive } from '../../../src/state/layers/image-archive.ts';
import { analyseLayers } from '../../../src/state/layers/layer-analysis.ts';
import { LayerTreeBuilder, type LayerTree } from '../../../src/state/layers/layer-tree.ts';
import { createTar, type TarEntry } from '../../sandbox/tar.ts';

const file = (name: string, size: number, fill = 0x61): TarEntry => ({ type: 'file', name, data: Buffer.alloc(size, fill) });
const dir = (name: string): TarEntry => ({ type: 'dir', name });

const LAYERS: TarEntry[][] = [
  [dir('data'), file('data/five', 5000), file('data/three', 3000), dir('etc'), file('etc/hello', 10)],
  [dir('data'), file('data/five', 5000, 0x62)],
  [dir('data'), file('data/.wh.three', 0)],
];
const CONFIG = { history: [{ created_by: 'ADD rootfs' }, { created_by: 'ENV A=1', empty_layer: true }, { created_by: 'RUN rewrite five' }, { created_by: 'RUN rm three' }] };

/** Splits a buffer into odd-sized chunks, as a socket might deliver it. */
async function* chunked(buffer: Buffer, size = 777): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < buffer.length; at += size) yield buffer.subarray(at, at + size);
}

const json = (name: string, value: unknown): TarEntry => ({ type: 'file', name, data: Buffer.from(JSON.stringify(value)) });
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

function legacyArchive(): Buffer {
  const tars = LAYERS.map((l) => createTar(l));
  const ids = tars.map((t) => sha(t));
  const config = Buffer.from(JSON.stringify(CONFIG));
  return createTar([
    ...ids.flatMap((id, i) => [dir(id), { type: 'file' as const, name: `${id}/layer.tar`, data: tars[i] ?? Buffer.alloc(0) }]),
    { type: 'file', name: `${sha(config)}.json`, data: config },
    json('manifest.json', [{ Config: `${sha(config)}.json`, RepoTags: ['x:1'], Layers: ids.map((id) => `${id}/layer.tar`) }]),
  ]);
}

/** zstd where this Node has it (berth's floor, 22.19, does); else the layer stays a plain tar. */
const zstd = (zlib as { zstdCompressSync?: (data: Buffer) => Buffer }).zstdCompressSync;

/** OCI: the blobs first (the second layer gzip'd, the third zstd'd), the index and the manifest last; the layer blobs in the archive out of order. */
function ociArchive(): Buffer {
  const blobs = LAYERS.map((l, i) => (i === 1 ? zlib.gzipSync(createTar(l)) : i === 2 && zstd ? zstd(createTar(l)) : createTar(l)));
  const config = Buffer.from(JSON.stringify(CONFIG));
  const manifest = Buffer.from(JSON.stringify({ config: { digest: `sha256:${sha(config)}` }, layers: blobs.map((b) => ({ digest: `sha256:${sha(b)}` })) }));
  const blob = (data: Buffer): TarEntry => ({ type: 'file', name: `blobs/sha256/${sha(data)}`, data });
  return createTar([
    dir('blobs'),
    dir('blobs/sha256'),
    ...[2, 0, 1].map((i) => blob(blobs[i] ?? Buffer.alloc(0))),
    blob(config),
    blob(manifest),
    json('oci-layout', { imageLayoutVersion: '1.0.0' }),
    json('index.json', { schemaVersion: 2, manifests: [{ digest: `sha256:${sha(manifest)}` }] }),
  ]);
}

for (const [name, archive] of [
  ['legacy', legacyArchive],
  ['OCI, a gzip and a zstd layer, the manifest last', ociArchive],
] as const) {
  test(`a ${name} archive: the layers in the manifest's order, each step, A/C/D with sizes, dive's figures`, async () => {
    const seen: string[] = [];
    let progress = 0;
    const read = await readImageArchive(chunked(archive()), { layer: (l) => seen.push(l.path), progress: (b) => (progress = b) });
    assert.equal(seen.length, 3, 'each layer reported as it was read');
    assert.equal(progress, read.bytes);
    assert.deepEqual(
      read.steps.map((s) => s?.createdBy),
      ['ADD rootfs', 'RUN rewrite five', 'RUN rm three'],
    );
    const analysis = analyseLayers(read.layers, read.steps);
    const marks = analysis.layers.map((l) => l.changes.map((c) => `${c.kind[0]?.toUpperCase()} ${c.path} ${c.size}`));
    assert.deepEqual(marks, [['A /data 0', 'A /data/five 5000', 'A /data/three 3000', 'A /etc 0', 'A /etc/hello 10'], ['C /data/five 5000'], ['D /data/three 3000']]);
    assert.deepEqual(analysis.biggest.map((b) => [b.path, b.size, b.layer]), [
      ['/data/five', 5000, 1],
      ['/etc/hello', 10, 0],
    ]);
    assert.equal(analysis.imageBytes, 5010);
    // dive: five 5000+5000, three 3000 (in layer 1) + 0 (a file's whiteout): wasted 13000.
    assert.equal(analysis.dive.wastedBytes, 13_000);
    assert.equal(analysis.dive.efficiency, (5000 + 0 + 10) / (10_000 + 3000 + 10));
    assert.deepEqual(
      analysis.dive.inefficiencies.map((i) => [i.path, i.cumulative, i.copies.length]),
      [
        ['/data/five', 10_000, 2],
        ['/data/three', 3000, 2],
      ],
    );
  });
}

function tree(entries: readonly [string, string, number][]): LayerTree {
  const builder = new LayerTreeBuilder();
  for (const [path, type, size] of entries) builder.add({ path: Buffer.from(path), type, size });
  return builder.done();
}

test('whiteouts and opaque directories: what a later layer hides, and dive counting a directory it deleted', () => {
  const layers = [
    tree([
      ['./d/', '5', 0],
      ['./d/a', '0', 100],
      ['./d/b', '0', 200],
      ['./o/', '5', 0],
      ['./o/x', '0', 50],
      ['./f', '0', 7],
    ]),
    tree([
      ['./.wh.d', '0', 0],
      ['./o/', '5', 0],
      ['./o/.wh..wh..opq', '0', 0],
      ['./o/y', '0', 5],
    ]),
  ];
  assert.deepEqual(layers[1]?.opaque, ['o']);
  const analysis = analyseLayers(
    layers.map((t, i) => ({ path: String(i), tree: t, blobBytes: 0 })),
    [],
  );
  const second = analysis.layers[1]?.changes.map((c) => `${c.kind} ${c.path} ${c.size}`);
  assert.deepEqual(second, ['deleted /o/* 50', 'deleted /d 300', 'added /o/y 5']);
  assert.deepEqual(
    analysis.biggest.map((b) => b.path),
    ['/f', '/o/y'],
  );
  // dive: /d is no leaf in the first layer (it has children), so its whiteout is its only copy,
  // counted as the 300 bytes under it; the opaque marker is not in dive's tree at all.
  const dive = diveFigures(layers);
  assert.equal(dive.wastedBytes, 0);
  assert.equal(dive.efficiency, 1);
});

test("dive stops a layer's walk at a whiteout of a path the layers below lack, and counts a file's whiteout as 0", () => {
  const layers = [tree([['f', '0', 40]]), tree([['a/.wh.missing', '0', 0], ['b/g', '0', 100], ['.wh.f', '0', 0]])];
  const dive = diveFigures(layers);
  // The walk: /.wh.f is first by name (".wh.f" < "a"): counted 0; then a/.wh.missing stops it, so b/g is not counted.
  assert.deepEqual(
    dive.inefficiencies.map((i) => [i.path, i.cumulative]),
    [['/f', 40]],
  );
  assert.equal(dive.wastedBytes, 40);
  assert.equal(dive.efficiency, 0 / 40);
});

test('an archive that is not a tar fails in words, and a layer that is not gzip in gzip clothing too', async () => {
  await assert.rejects(readImageArchive(chunked(Buffer.alloc(2048, 0x41))), /not a tar stream/);
  const broken = createTar([{ type: 'file', name: 'blobs/sha256/aa', data: Buffer.concat([Buffer.from([0x1f, 0x8b]), Buffer.alloc(600, 1)]) }]);
  await assert.rejects(readImageArchive(chunked(broken)));
});

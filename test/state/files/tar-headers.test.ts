/**
 * Listing a directory whose names are not UTF-8 (issue 48), from tars written the way Go's
 * archive/tar writes them for the engine: such a name goes in a PAX `path` record, as its bytes.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { encodePathBytes } from '../../../src/engine/path-bytes.ts';
import { firstLevel } from '../../../src/state/files/tar-listing.ts';

function header(name: Buffer, type: string, size: number): Buffer {
  const block = Buffer.alloc(512);
  name.copy(block, 0, 0, Math.min(name.length, 100));
  block.write('0000644\0', 100, 'latin1');
  block.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'latin1');
  block.write('00000000000\0', 136, 'latin1');
  block.write(type, 156, 'latin1');
  block.write('ustar\u000000', 257, 'latin1');
  block.fill(0x20, 148, 156);
  let sum = 0;
  for (const b of block) sum += b;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  return block;
}

const pad = (body: Buffer) => Buffer.concat([body, Buffer.alloc((512 - (body.length % 512)) % 512)]);

function pax(path: Buffer): Buffer {
  const tail = Buffer.concat([Buffer.from(' path='), path, Buffer.from('\n')]);
  let length = tail.length + 1;
  while (String(length).length + tail.length !== length) length++;
  const body = Buffer.concat([Buffer.from(String(length)), tail]);
  return Buffer.concat([header(Buffer.from('PaxHeaders/x'), 'x', body.length), pad(body)]);
}

function entry(path: Buffer, type: string, contents = Buffer.alloc(0)): Buffer {
  const ascii = [...path].every((b) => b < 0x80);
  return Buffer.concat([...(ascii ? [] : [pax(path)]), header(ascii ? path : Buffer.from('placeholder'), type, contents.length), pad(contents)]);
}

async function* chunked(bytes: Buffer, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

test('a name with bytes that are not UTF-8 is listed as those bytes, in chunks of any size', async () => {
  const bad = Buffer.concat([Buffer.from('tmp/bad'), Buffer.from([0xff]), Buffer.from('utf8')]);
  const tar = Buffer.concat([
    entry(Buffer.from('tmp/'), '5'),
    entry(bad, '0', Buffer.from('hello\n')),
    entry(Buffer.from('tmp/sub/'), '5'),
    entry(Buffer.from('tmp/sub/deeper'), '0', Buffer.alloc(700, 1)),
    entry(Buffer.from('tmp/zz'), '0', Buffer.from('z')),
    Buffer.alloc(1024),
  ]);
  for (const size of [1, 7, 100, 512, tar.length]) {
    const listing = await firstLevel(chunked(tar, size), 1024 * 1024);
    assert.deepEqual(
      listing.entries.map((e) => [e.name, e.kind, e.size]),
      [
        ['bad\udcffutf8', 'file', 6],
        ['sub', 'directory', 0],
        ['zz', 'file', 1],
      ],
      `chunks of ${size}`,
    );
    const first = listing.entries[0];
    assert.deepEqual(encodePathBytes(`/tmp/${first?.name ?? ''}`), Buffer.concat([Buffer.from('/'), bad]), 'the path sent back is the file’s own bytes');
  }
});

test('what is not a tar is said so, not listed as nothing', async () => {
  await assert.rejects(firstLevel(chunked(Buffer.alloc(512, 0x41), 512), 1024), /not a tar/);
});

test('a file that is not UTF-8 by name is read out of its directory’s tar (dockerd sends an empty tar for the file itself)', async () => {
  const { firstFile } = await import('../../../src/state/files/tar-listing.ts');
  const bad = Buffer.concat([Buffer.from('tmp/bad'), Buffer.from([0xff]), Buffer.from('utf8')]);
  const tar = Buffer.concat([entry(Buffer.from('tmp/'), '5'), entry(Buffer.from('tmp/a'), '0', Buffer.from('not this')), entry(bad, '0', Buffer.from('hello\n')), entry(Buffer.from('tmp/z'), '0', Buffer.from('nor this')), Buffer.alloc(1024)]);
  for (const size of [3, 512, tar.length]) {
    const file = await firstFile(chunked(tar, size), 1024, 'bad\udcffutf8');
    assert.deepEqual(file && { text: file.bytes.toString(), size: file.size, complete: file.complete }, { text: 'hello\n', size: 6, complete: true }, `chunks of ${size}`);
  }
  assert.equal(await firstFile(chunked(tar, 512), 1024, 'missing'), undefined);
  assert.equal(await firstFile(chunked(Buffer.alloc(1024), 512), 1024), undefined, 'the empty tar dockerd sends for the file itself');
});

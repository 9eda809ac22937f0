/**
 * The file browser's listing from tar headers: tars made by node-tar from a real directory (long
 * names in PAX headers included), fed in small chunks as a socket would.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { create } from 'tar';
import { firstFile, firstLevel } from '../../../src/state/files/tar-listing.ts';

let dir: string;
const longName = `a-name-longer-than-a-tar-header-holds-${'x'.repeat(120)}`;

before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'berth-tar-'));
  const root = path.join(dir, 'etc');
  await mkdir(path.join(root, 'conf.d', 'deeper'), { recursive: true });
  await writeFile(path.join(root, 'hostname'), 'box\n');
  await writeFile(path.join(root, 'conf.d', 'one.conf'), 'x');
  await writeFile(path.join(root, 'conf.d', 'deeper', 'two.conf'), 'y');
  await writeFile(path.join(root, longName), 'long');
  await symlink('hostname', path.join(root, 'link'));
});

after(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** `entry`'s tar; `root`: instead, the tar of a directory as Docker writes `/`'s (`/`, `/bin/`, `/bin/sh`…). */
async function tarOf(entry: string, root = false): Promise<Buffer> {
  const parts: Buffer[] = [];
  const options = root ? { cwd: path.join(dir, entry), portable: true, prefix: '/', preservePaths: true } : { cwd: dir, portable: true };
  for await (const chunk of create(options, [root ? '.' : entry])) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

async function* chunked(bytes: Buffer, size = 100): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

test('lists only the first level, with kinds, sizes, link targets and long names', async () => {
  const listing = await firstLevel(chunked(await tarOf('etc')), 1024 * 1024);
  assert.equal(listing.capped, false);
  assert.deepEqual(
    listing.entries.map((e) => [e.name, e.kind, e.size, e.linkTarget]),
    [
      [longName, 'file', 4, undefined],
      ['conf.d', 'directory', 0, undefined],
      ['hostname', 'file', 4, undefined],
      ['link', 'link', 0, 'hostname'],
    ],
  );
});

test('the root directory: names from / (as Docker writes the tar of /) list its first level', async () => {
  const bytes = await tarOf('etc', true);
  assert.equal(bytes.subarray(0, 100).toString().replace(/\0+$/, ''), '/', 'the first entry is / itself');
  const listing = await firstLevel(chunked(bytes), 1024 * 1024);
  assert.deepEqual(listing.entries.map((e) => e.name), [longName, 'conf.d', 'hostname', 'link']);
});

test('stops reading at the cap and says the listing is capped', async () => {
  let read = 0;
  const bytes = await tarOf('etc');
  async function* counted(): AsyncGenerator<Uint8Array> {
    for await (const chunk of chunked(bytes, 512)) {
      read += chunk.byteLength;
      yield chunk;
    }
  }
  const listing = await firstLevel(counted(), 4096);
  assert.equal(listing.capped, true);
  assert.equal(read, 4096);
  assert.ok(listing.entries.length < 4);
  // What was being read at the cap (Docker walks in name order: the entries after it are the missing ones).
  assert.ok([longName, 'conf.d', 'hostname', 'link'].includes(listing.cappedIn ?? ''), JSON.stringify(listing));
});

test('a file’s bytes, whole or up to a cap', async () => {
  const whole = await firstFile(chunked(await tarOf('etc/hostname'), 7), 1024);
  assert.deepEqual(whole && { text: whole.bytes.toString(), size: whole.size, complete: whole.complete }, { text: 'box\n', size: 4, complete: true });
  const cut = await firstFile(chunked(await tarOf('etc/hostname')), 2);
  assert.deepEqual(cut && { text: cut.bytes.toString(), complete: cut.complete }, { text: 'bo', complete: false });
  assert.equal(await firstFile(chunked(await tarOf('etc/conf.d')), 10), undefined);
});

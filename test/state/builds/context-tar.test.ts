/**
 * The build context as a tar: a file that goes away while berth lists or sends the context.
 * (What the context holds against the docker CLI's is test/e2e/build.test.ts.)
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { contextChunks, contextStream, readContext } from '../../../src/state/builds/context-tar.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'berth-context-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('a file removed after the listing: the stream ends in an error its reader hears, and none escapes when nobody reads', async () => {
  const root = path.join(dir, 'gone');
  mkdirSync(root);
  writeFileSync(path.join(root, 'Dockerfile'), 'FROM scratch\n');
  writeFileSync(path.join(root, 'partial.berth-partial'), 'x');
  const context = await readContext(root);
  assert.ok(context.entries.includes('partial.berth-partial'));
  rmSync(path.join(root, 'partial.berth-partial'));

  // Read: the error reaches the reader, with the file's name.
  const read = contextStream(context);
  await assert.rejects(async () => {
    for await (const chunk of read) void chunk;
  }, /partial\.berth-partial/);

  // Not read (the engine answered before the body was sent): nothing is thrown at the process.
  const escaped: unknown[] = [];
  const onUncaught = (error: unknown) => escaped.push(error);
  process.on('uncaughtException', onUncaught);
  try {
    const unread = contextStream(context);
    unread.resume();
    await new Promise((resolve) => setTimeout(resolve, 200));
  } finally {
    process.off('uncaughtException', onUncaught);
  }
  assert.deepEqual(escaped, []);
});

test('a file gone while the reader holds back: the error waits for the next read, none escapes meanwhile', async () => {
  const root = path.join(dir, 'stalled');
  mkdirSync(root);
  // Four files of a MiB ahead of the one that goes. node-tar's pack works on four entries at a
  // time (its `jobs`), and an entry whose bytes wait for the reader stays one of them: the
  // missing file is looked at only once the reader has taken the first file whole and the
  // second comes, so its error comes while the reader holds back. (With the missing file second,
  // both were looked at together, and 2 starts in 300 met the error before the first chunk.)
  const large = Buffer.alloc(1024 * 1024, 1);
  for (const name of ['a1', 'a2', 'a3', 'a4']) writeFileSync(path.join(root, name), large);
  writeFileSync(path.join(root, 'b-gone'), 'x');
  const context = await readContext(root);
  assert.deepEqual([...context.entries].filter((entry) => entry !== 'b-gone'), ['a1', 'a2', 'a3', 'a4']);
  rmSync(path.join(root, 'b-gone'));
  const escaped: unknown[] = [];
  const onUncaught = (error: unknown) => escaped.push(error);
  process.on('uncaughtException', onUncaught);
  const chunks = contextChunks(context);
  try {
    // The first file's header and its MiB, then the start of the second.
    let passed = 0;
    while (passed <= 512 + large.length) {
      const next = await chunks.next();
      assert.equal(next.done, false);
      passed += next.value?.byteLength ?? 0;
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(escaped, [], 'nothing thrown at the process while nobody read');
    await assert.rejects(async () => {
      for (;;) if ((await chunks.next()).done) break;
    }, /b-gone/);
  } finally {
    process.off('uncaughtException', onUncaught);
    await chunks.return(undefined);
  }
});

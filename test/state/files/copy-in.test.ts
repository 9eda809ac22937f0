/**
 * Copy in with a fake engine (the real PUT is in the e2e test, on Docker and Podman): what is
 * already at the target is asked about first; a directory goes with its tree, under its own name.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { Parser } from 'tar';
import type { PathStat } from '../../../src/engine/archive.ts';
import { EngineError } from '../../../src/engine/errors.ts';
import { copyIn, type CopyInClient } from '../../../src/state/files/copy-in.ts';

const DIR = 2 ** 31;
let dir: string;

before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'berth-copy-in-'));
  await mkdir(path.join(dir, 'conf', 'sub'), { recursive: true });
  await writeFile(path.join(dir, 'conf', 'sub', 'a.txt'), 'a');
  await writeFile(path.join(dir, 'one.txt'), 'one');
});

after(async () => {
  await rm(dir, { recursive: true, force: true });
});

function fake(existing: Record<string, PathStat>): CopyInClient & { puts: Array<{ directory: string; names: string[] }> } {
  const puts: Array<{ directory: string; names: string[] }> = [];
  return {
    puts,
    statPath: async (_id, p) => {
      const stat = existing[p];
      if (!stat) throw new EngineError({ code: 'NOT_FOUND', status: 404, message: `No such container:path: c:${p}` });
      return stat;
    },
    putArchive: async (_id, directory, tar) => {
      const names: string[] = [];
      const parser = new Parser({ onReadEntry: (e) => (names.push(e.path), e.resume()) });
      parser.end(Buffer.from(tar));
      puts.push({ directory, names });
    },
  };
}

const request = { containerId: 'c', label: 'web (c)', overwrite: false };

test('a directory goes with its tree under its own name', async () => {
  const engine = fake({ '/srv': { name: 'srv', size: 0, mode: DIR } });
  const outcome = await copyIn(engine, { ...request, source: path.join(dir, 'conf'), directory: '/srv' });
  assert.deepEqual(outcome.kind === 'done' && outcome.target, '/srv/conf');
  assert.deepEqual(engine.puts, [{ directory: '/srv', names: ['conf/', 'conf/sub/', 'conf/sub/a.txt'] }]);
});

test('something already there is asked about first; with overwrite it is replaced', async () => {
  const engine = fake({ '/srv': { name: 'srv', size: 0, mode: DIR }, '/srv/one.txt': { name: 'one.txt', size: 9, mode: 0o644 } });
  const asked = await copyIn(engine, { ...request, source: path.join(dir, 'one.txt'), directory: '/srv' });
  assert.deepEqual(asked, { kind: 'exists', target: '/srv/one.txt' });
  assert.equal(engine.puts.length, 0, 'nothing sent before the answer');
  const replaced = await copyIn(engine, { ...request, source: path.join(dir, 'one.txt'), directory: '/srv', overwrite: true });
  assert.equal(replaced.kind, 'done');
  assert.deepEqual(engine.puts, [{ directory: '/srv', names: ['one.txt'] }]);
});

test('not a directory there, or nothing here: said, nothing sent', async () => {
  const engine = fake({ '/srv/file': { name: 'file', size: 1, mode: 0o644 } });
  assert.deepEqual(await copyIn(engine, { ...request, source: path.join(dir, 'one.txt'), directory: '/srv/file' }), { kind: 'failed', message: '/srv/file is not a directory in web (c)' });
  assert.equal((await copyIn(engine, { ...request, source: path.join(dir, 'missing'), directory: '/srv' })).kind, 'failed');
  await assert.rejects(copyIn(engine, { ...request, source: path.join(dir, 'one.txt'), directory: '/nowhere' }), /No such container:path: c:\/nowhere/);
  assert.equal(engine.puts.length, 0);
});

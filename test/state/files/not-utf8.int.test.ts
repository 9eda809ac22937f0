/**
 * A file name that is not UTF-8 (issue 48), against the sandbox engine: busybox writes
 * `/tmp/bad<0xff>utf8`; the browser's listing names it with the byte kept (drawn `bad\xffutf8`),
 * the diff's path (U+FFFD, Go's JSON) matches it, and opening it reads the file's own text (from
 * its directory's tar: dockerd 20.10.24 sends an empty tar for the file itself, to `docker cp` too).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { sanitizeLine } from '../../../src/app/format/sanitize.ts';
import { EngineClient } from '../../../src/engine/client.ts';
import { asEngineJson } from '../../../src/engine/path-bytes.ts';
import { copyOut } from '../../../src/state/actions/copy-out.ts';
import { openPath } from '../../../src/state/files/browse.ts';
import { sandboxDocker, sandboxEnv } from '../../support/sandbox-env.ts';

const env = sandboxEnv();
const client = new EngineClient({ host: env.dockerHost, env: {} });
const name = `badutf8-${process.pid}`;

before(async () => {
  await sandboxDocker(['run', '-d', '--network', 'none', '--name', name, env.images.busybox, 'sleep', '3600']);
  await sandboxDocker(['exec', name, 'sh', '-c', `printf 'hello\\n' > "$(printf '/tmp/bad\\377utf8')"`]);
});

after(async () => {
  await sandboxDocker(['rm', '-f', name]).catch(() => undefined);
  await client.close();
});

test('a name with a byte that is not UTF-8 is listed with it, keeps its change mark and opens', async () => {
  const listed = await openPath(client, name, '/tmp');
  assert.equal(listed.kind, 'directory');
  const entry = listed.kind === 'directory' ? listed.listing.entries.find((e) => e.name.startsWith('bad')) : undefined;
  assert.equal(entry?.name, 'bad\udcffutf8');
  assert.equal(sanitizeLine(entry.name), 'bad\\xffutf8');
  const changes = await client.containerChanges(name);
  assert.ok(
    changes.some((c) => c.path === asEngineJson(`/tmp/${entry.name}`)),
    JSON.stringify(changes),
  );
  const opened = await openPath(client, name, `/tmp/${entry.name}`);
  assert.deepEqual(opened.kind === 'file' ? opened.lines : opened, ['hello']);
});

test('copied out, it lands under its own bytes with its own contents', async () => {
  const local = mkdtempSync(path.join(tmpdir(), 'berth-badutf8-'));
  try {
    const outcome = await copyOut(client, { containerId: name, label: name, source: '/tmp/bad\udcffutf8', directory: local, overwrite: false });
    assert.equal(outcome.kind, 'done', JSON.stringify(outcome));
    const file = Buffer.concat([Buffer.from(`${local}/bad`), Buffer.from([0xff]), Buffer.from('utf8')]);
    assert.equal(readFileSync(file, 'utf8'), 'hello\n');
    const again = await copyOut(client, { containerId: name, label: name, source: '/tmp/bad\udcffutf8', directory: local, overwrite: false });
    assert.equal(again.kind, 'exists');
  } finally {
    rmSync(local, { recursive: true, force: true });
  }
});

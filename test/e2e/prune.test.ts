/**
 * Prune (`X`) in berth's bundle in a real pseudo-terminal, on an engine of its own (a second
 * sandbox dockerd: a prune on the shared engine would take other test files' containers): the
 * preview lists what the engine then removes, and nothing else — the untags of an every-unused-
 * image prune included — and a container with nothing written frees 0 B, not "?".
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startSmallDiskEngine, type SmallDiskEngine } from '../sandbox/small-disk.ts';
import { key, launchBerth, type PtySession } from '../support/pty.ts';
import { sandboxEnv } from '../support/sandbox-env.ts';

const env = sandboxEnv();
const tag = `prune${process.pid}`;
const WAIT_MS = 30_000;
let engine: SmallDiskEngine | undefined;
let session: PtySession | undefined;
let dangling = '';

before(async () => {
  engine = await startSmallDiskEngine(env.dir, env.socketPath, { bytes: 256 * 1024 * 1024 });
  const docker = engine.docker;
  await docker(['run', '--network', 'none', '--name', `${tag}-stopped`, env.images.busybox, 'sh', '-c', 'echo data > /made']);
  // Nothing written: the engine leaves its SizeRw (0) out of the disk usage.
  await docker(['create', '--network', 'none', '--name', `${tag}-blank`, env.images.busybox]);
  await docker(['volume', 'create', `${tag}-unused`]);
  await docker(['run', '-d', '--network', 'none', '--name', `${tag}-alive`, '-v', `${tag}-used:/data`, env.images.busybox, 'sleep', '600']);
  // An image with no tag that no container uses: what a plain image prune removes.
  dangling = (await docker(['commit', `${tag}-stopped`])).trim().replace(/^sha256:/, '').slice(0, 12);
});

after(async () => {
  await session?.stop();
  await engine?.stop();
});

test('X shows what would go and what it frees, and the engine then removes exactly that', async () => {
  assert.ok(engine);
  const docker = engine.docker;
  const b = launchBerth({ env: { DOCKER_HOST: engine.dockerHost }, cols: 120, rows: 34 });
  session = b;
  await b.waitFor(`${tag}-alive`, WAIT_MS);

  // Containers: the stopped ones, not the running one; the blank one frees 0 B.
  await b.type('X');
  let screen = await b.waitFor('2 to remove, freeing about', WAIT_MS);
  assert.match(screen, /Prune stopped containers\?/);
  assert.match(screen, new RegExp(`${tag}-stopped`));
  assert.match(screen, new RegExp(`${tag}-blank\\s*│\\s*0B`));
  assert.doesNotMatch(screen, /unknown|│ \? +│/);
  assert.doesNotMatch(screen, new RegExp(`${tag}-alive`));
  await b.type(key.enter);
  await b.waitFor(/removed 2 of the 2 previewed; the engine freed/, WAIT_MS);
  await b.type(key.enter);
  assert.deepEqual((await docker(['ps', '-a', '--format', '{{.Names}}'])).trim().split('\n'), [`${tag}-alive`]);

  // Volumes: the unused one (named: API 1.41 prunes those too), not the one in use.
  await b.type('4');
  await b.waitFor(`${tag}-unused`, WAIT_MS);
  await b.type('X');
  screen = await b.waitFor('1 to remove', WAIT_MS);
  assert.match(screen, /prunes named volumes too/);
  assert.match(screen, new RegExp(`${tag}-unused`));
  assert.doesNotMatch(screen, new RegExp(`│ ${tag}-used`));
  await b.type(key.enter);
  await b.waitFor(/removed 1 of the 1 previewed; the engine freed/, WAIT_MS);
  await b.type(key.escape);
  assert.deepEqual((await docker(['volume', 'ls', '--format', '{{.Name}}'])).trim().split('\n'), [`${tag}-used`]);

  // Images: the dangling one; Space offers every unused image, then the build cache.
  await b.type('2', 'X');
  screen = await b.waitFor('1 to remove', WAIT_MS);
  assert.match(screen, new RegExp(dangling));
  await b.type(' ');
  await b.waitFor(/Prune every image no container uses\?/, WAIT_MS);
  await b.type(' ');
  await b.waitFor(/Prune build cache\?/, WAIT_MS);
  await b.type(' ');
  await b.waitFor(/Prune dangling images\?[\s\S]*1 to remove/, WAIT_MS);
  await b.type(key.enter);
  // The engine's answer lists the image and its layers: one previewed item.
  await b.waitFor(/removed 1 of the 1 previewed; the engine's answer lists \d+ entries/, WAIT_MS);
  await b.type(key.enter);
  assert.equal((await docker(['images', '-q', '--filter', 'dangling=true'])).trim(), '');
  assert.match(await docker(['images', '--format', '{{.Repository}}:{{.Tag}}']), /busybox/, 'the image in use stays');

  // Every unused image: dockerd also untags the image in use, down to one tag (the last in its
  // reference store's order), and deletes the unused image; the preview says all of it.
  const busyboxId = (await docker(['image', 'inspect', '--format', '{{.Id}}', env.images.busybox])).trim();
  const tags = [env.images.busybox, `${tag}-extra:1`, `zz${tag}/extra:2`];
  for (const extra of tags.slice(1)) await docker(['tag', env.images.busybox, extra]);
  await docker(['commit', `${tag}-alive`, `${tag}-unused:1`]);
  await b.type('X', ' ');
  screen = await b.waitFor(/Prune every image no container uses\?[\s\S]*1 to delete and 2 to untag/, WAIT_MS);
  assert.match(screen, /the engine also untags 2 references of images that stay/);
  assert.match(screen, new RegExp(`delete\\s*│\\s*${tag}-unused:1`));
  const untagged = tags.filter((t) => new RegExp(`untag\\s*│\\s*${t.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`).test(screen));
  assert.equal(untagged.length, 2, screen);
  await b.type(key.enter);
  await b.waitFor(/removed 3 of the 3 previewed; the engine's answer lists \d+ entries/, WAIT_MS);
  await b.type(key.enter);
  const left = (await docker(['image', 'inspect', '--format', '{{join .RepoTags " "}}', busyboxId])).trim().split(' ');
  assert.deepEqual(left, tags.filter((t) => !untagged.includes(t)), 'exactly the previewed tags went');
  assert.doesNotMatch(await docker(['images', '--format', '{{.Repository}}:{{.Tag}}']), new RegExp(`${tag}-unused`));
  await b.type('q');
  assert.equal((await b.exited).exitCode, 0);
});

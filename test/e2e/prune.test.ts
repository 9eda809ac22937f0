/**
 * Prune (`X`) in berth's bundle in a real pseudo-terminal, on an engine of its own (a second
 * sandbox dockerd: a prune on the shared engine would take other test files' containers): the
 * preview lists what the engine then removes, and nothing else.
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

  // Containers: the stopped one, not the running one.
  await b.type('X');
  let screen = await b.waitFor('1 to remove', WAIT_MS);
  assert.match(screen, /Prune stopped containers\?/);
  assert.match(screen, new RegExp(`${tag}-stopped`));
  assert.doesNotMatch(screen, new RegExp(`${tag}-alive`));
  await b.type(key.enter);
  await b.waitFor(/removed 1, the engine freed/, WAIT_MS);
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
  await b.waitFor(/removed 1, the engine freed/, WAIT_MS);
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
  await b.waitFor(/removed \d+, the engine freed/, WAIT_MS);
  await b.type(key.enter);
  assert.equal((await docker(['images', '-q', '--filter', 'dangling=true'])).trim(), '');
  assert.match(await docker(['images', '--format', '{{.Repository}}:{{.Tag}}']), /busybox/, 'the image in use stays');
  await b.type('q');
  assert.equal((await b.exited).exitCode, 0);
});

/**
 * The Volumes (`4`) and Networks (`5`) panes in berth's bundle in a real pseudo-terminal, against
 * the sandbox engine: create, who uses it, inspect, remove (the engine's refusal while in use),
 * and prune's preview against what the engine then removes. Everything made here is removed
 * here (a bridge network adds an interface on the machine).
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { key, launchBerth, type PtySession } from '../support/pty.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';

const env = sandboxEnv();
const tag = `vn${process.pid}`;
const WAIT_MS = 20_000;
let session: PtySession | undefined;

after(async () => {
  await session?.stop();
  await sandboxDocker(['rm', '-f', `${tag}-user`]).catch(() => undefined);
  await sandboxDocker(['volume', 'rm', '-f', `${tag}-vol`]).catch(() => undefined);
  await sandboxDocker(['network', 'rm', `${tag}-net`]).catch(() => undefined);
});

/** The table row naming `name` (not the tab line, which names the filter). */
const rowOf = (screen: string, name: string) => screen.split('\n').find((line) => line.startsWith(name) || line.startsWith(`${name} `)) ?? '';

test('volumes and networks: create, used by, inspect, remove (refused while in use, in the engine’s words)', async () => {
  const b = launchBerth({ env: { DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: env.clientConfigDir }, cols: 140, rows: 30 });
  session = b;
  await b.waitFor('● live');
  await b.type('4');
  await b.waitFor(/VOLUME NAME|no volumes/);
  await b.type('c');
  await b.waitFor('Create a volume');
  b.write(`${tag}-vol`);
  await b.type(key.enter);
  await b.waitFor(`created volume ${tag}-vol`, WAIT_MS);
  await b.waitFor((s) => rowOf(s, `${tag}-vol`).includes('local'), WAIT_MS);

  // A container that uses it: the pane says so, and the engine refuses to remove it.
  await sandboxDocker(['run', '-d', '--network', 'none', '--name', `${tag}-user`, '-v', `${tag}-vol:/data`, env.images.busybox, 'sleep', '600']);
  await b.waitFor((s) => rowOf(s, `${tag}-vol`).includes(`${tag}-user`), WAIT_MS);
  await b.type('/', ...`${tag}-vol`, key.enter);
  await b.type('d');
  await b.waitFor(`Remove volume ${tag}-vol?`);
  await b.waitFor('1 container uses it');
  await b.type(key.enter);
  await b.waitFor(/volume is in use/, WAIT_MS);
  await b.type(key.escape);
  await sandboxDocker(['rm', '-f', `${tag}-user`]);
  await b.waitFor((s) => rowOf(s, `${tag}-vol`).includes('—'), WAIT_MS);
  await b.type('d');
  await b.waitFor(`Remove volume ${tag}-vol?`);
  await b.type(key.enter);
  await b.waitFor(`removed volume ${tag}-vol`, WAIT_MS);
  await b.waitFor((s) => rowOf(s, `${tag}-vol`) === '', WAIT_MS);
  assert.equal((await sandboxDocker(['volume', 'ls', '-q', '--filter', `name=${tag}-vol`])).trim(), '');

  // Networks: create, inspect, remove.
  await b.type('5');
  await b.waitFor(/NETWORK ID/);
  await b.type('c');
  await b.waitFor('Create a network');
  b.write(`${tag}-net`);
  await b.type(key.enter);
  await b.waitFor(new RegExp(`created network ${tag}-net \\([0-9a-f]{12}\\)`), WAIT_MS);
  await b.type('/', ...`${tag}-net`, key.enter);
  await b.waitFor((s) => rowOf(s, `${tag}-net`).includes('bridge'), WAIT_MS);
  await b.type('i');
  await b.waitFor(/"Driver": "bridge"/, WAIT_MS);
  await b.type(key.escape);
  await b.type('d');
  await b.waitFor(`Remove network ${tag}-net?`);
  await b.type(key.enter);
  await b.waitFor(`removed network ${tag}-net`, WAIT_MS);
  assert.equal((await sandboxDocker(['network', 'ls', '-q', '--filter', `name=${tag}-net`])).trim(), '');
  await b.type('q');
  assert.equal((await b.exited).exitCode, 0);
});

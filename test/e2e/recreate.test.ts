/**
 * Edit and recreate (`U`) in berth's bundle in a real pty against the sandbox engine: the run
 * form comes filled from the container; one port and one env value changed and Enter replace it
 * (checked through inspect: the new container has them, under the old name, and the old one is
 * gone); a replace whose new container fails to start, or starts and exits a second later
 * (within the 3 s run window), is rolled back, the old container running under its old name
 * again. Image freshness: a tag pushed anew to the sandbox registry marks the local image ⇡ (and
 * the container running it), and `u` pulls it and recreates the container on the new image.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { key, launchBerth, type PtySession } from '../support/pty.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';

const env = sandboxEnv();
const tag = `recreate${process.pid}`;
const web = `${tag}-web`;
const sessions: PtySession[] = [];
const WAIT_MS = 30_000;
const CLEAR = '\u0015';
const LOOP = 'trap "exit 0" TERM; while :; do sleep 1; done';
const repo = `${env.registry.address}/berth/fresh${process.pid}`;
const app = `${tag}-app`;

interface Inspected {
  Id: string;
  Name: string;
  State: { Running: boolean };
  Mounts: Array<{ Type: string; Name?: string; Destination: string }>;
  Config: { Env: string[] };
  HostConfig: { PortBindings: Record<string, { HostIp: string; HostPort: string }[]> | null };
}

async function inspect(name: string): Promise<Inspected> {
  const [found] = JSON.parse(await sandboxDocker(['inspect', name])) as Inspected[];
  assert.ok(found, name);
  return found;
}

/** Every container whose name has the test's tag. */
async function tagged(): Promise<string[]> {
  return (await sandboxDocker(['ps', '-a', '--format', '{{.Names}}', '--filter', `name=${tag}`])).split('\n').filter(Boolean).sort();
}

before(async () => {
  // A process that ends on SIGTERM (a bare sleep as PID 1 ignores it: each stop would wait 10 s).
  // `-v /data`: an anonymous volume, which the new container reuses.
  await sandboxDocker(['run', '-d', '--name', web, '-p', '18181:80', '-e', 'A=1', '-e', 'KEEP=yes', '-v', '/data', env.images.busybox, 'sh', '-c', LOOP]);
});

after(async () => {
  for (const s of sessions) await s.stop();
  const names = await tagged().catch(() => []);
  if (names.length > 0) await sandboxDocker(['rm', '-f', ...names]).catch(() => undefined);
  for (const id of images) await sandboxDocker(['rmi', '-f', id]).catch(() => undefined);
});

/** Images this file made (removed after). */
const images: string[] = [];

/** A new image under `repo:1`, one file telling it apart, pushed to the sandbox registry; its id. */
async function pushVersion(version: string): Promise<string> {
  const maker = `${tag}-mk${version}`;
  await sandboxDocker(['run', '--name', maker, env.images.busybox, 'sh', '-c', `echo ${version} > /version`]);
  const id = (await sandboxDocker(['commit', maker, `${repo}:1`])).trim();
  await sandboxDocker(['rm', maker]);
  await sandboxDocker(['push', `${repo}:1`]);
  images.push(id);
  return id;
}

test('U: the form filled from the container; a changed port and env value replace it; a new one that fails to start, or exits a second after starting, is rolled back', async () => {
  const b = launchBerth({ env: { DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: env.clientConfigDir }, cols: 140, rows: 44 });
  sessions.push(b);
  await b.waitFor(web, WAIT_MS);
  await b.type('/', ...web, key.enter);
  const before = await inspect(web);

  await b.type('U');
  let screen = await b.waitFor((s) => s.includes(`Edit and recreate ${web}`) && /ports -p\s+18181:80/.test(s), WAIT_MS);
  // The engine keeps the environment in no fixed order.
  assert.match(screen, /env -e\s+(A=1 KEEP=yes|KEEP=yes A=1)/);
  assert.match(screen, new RegExp(`name\\s+${web}`));
  assert.match(screen, /command\s+sh -c 'trap "exit 0" TERM;/);
  assert.match(screen, /Same name: replaces/);
  // The image's own PATH is not frozen into the form.
  assert.doesNotMatch(screen, /PATH=/);

  // ports is the 6th row, env the 7th.
  await b.type(key.tab, key.tab, key.tab, key.tab, key.tab, CLEAR, ...'18182:80', key.tab, CLEAR, ...'A=2 KEEP=yes', key.enter);
  await b.waitFor(`replaced ${web}`, WAIT_MS);
  const replaced = await inspect(web);
  assert.notEqual(replaced.Id, before.Id);
  assert.equal(replaced.State.Running, true);
  assert.deepEqual(replaced.HostConfig.PortBindings, { '80/tcp': [{ HostIp: '', HostPort: '18182' }] });
  assert.ok(replaced.Config.Env.includes('A=2'), replaced.Config.Env.join(' '));
  assert.ok(replaced.Config.Env.includes('KEEP=yes'));
  assert.deepEqual(await tagged(), [web], 'the old container is gone');
  const volume = (c: Inspected) => c.Mounts.find((m) => m.Destination === '/data')?.Name;
  assert.ok(volume(before));
  assert.equal(volume(replaced), volume(before), 'the anonymous volume is reused');

  // A command that does not exist: the start fails, and the replace is undone step by step.
  await b.type('U');
  await b.waitFor((s) => s.includes(`Edit and recreate ${web}`) && /ports -p\s+18182:80/.test(s), WAIT_MS);
  await b.type(key.tab, CLEAR, ...'/no-such-program', key.enter);
  // Podman frees the failed container's port a few seconds after its removal (longer on a busy
  // machine), and berth tries the old one's start again for up to 30 s.
  screen = await b.waitFor('rolled back:', 2 * WAIT_MS);
  assert.match(screen, /✗ start it/);
  assert.match(screen, /✓ roll back: remove the new container/);
  assert.match(screen, new RegExp(`✓ roll back: rename the old one back to ${web}`));
  assert.match(screen, new RegExp(`✓ start ${web} again`));
  const back = await inspect(web);
  assert.equal(back.Id, replaced.Id, 'the same container, back under its name');
  assert.equal(back.State.Running, true);
  assert.deepEqual(await tagged(), [web], 'nothing left behind');
  await b.type(key.enter);
  await b.waitFor((s) => !s.includes('Edit and recreate'), WAIT_MS);

  // A new one that starts, runs a second and exits: within the 3 s run window, so rolled back too
  // (issue 48: it used to be kept and the old one removed).
  await b.type('U');
  await b.waitFor((s) => s.includes(`Edit and recreate ${web}`) && /ports -p\s+18182:80/.test(s), WAIT_MS);
  await b.type(key.tab, CLEAR, ...`sh -c 'sleep 1; exit 1'`, key.enter);
  screen = await b.waitFor('rolled back:', 2 * WAIT_MS);
  assert.match(screen, /✓ start it/);
  assert.match(screen, /✗ check that it still runs 3 s after its start/);
  assert.match(screen.replace(/\s*│\n│\s*/g, ' '), /rolled back: the new container exited with code 1 within 3 s of its start/);
  assert.match(screen, new RegExp(`✓ start ${web} again`));
  const again = await inspect(web);
  assert.equal(again.Id, replaced.Id, 'the old container, back under its name');
  assert.equal(again.State.Running, true);
  assert.deepEqual(await tagged(), [web], 'the replacement is gone');
  await b.type(key.enter);
  await b.waitFor((s) => !s.includes('Edit and recreate'), WAIT_MS);
  await b.type('q');
  assert.equal((await b.exited).exitCode, 0);
});

test('a tag pushed anew marks the image and its container ⇡; u pulls it and recreates the container on the new image', async () => {
  // The local tag stays on version 1 while the registry gets version 2.
  const first = await pushVersion('1');
  await sandboxDocker(['run', '-d', '--name', app, `${repo}:1`, 'sh', '-c', LOOP]);
  const second = await pushVersion('2');
  await sandboxDocker(['tag', first, `${repo}:1`]);
  await sandboxDocker(['rmi', second]);

  const b = launchBerth({ env: { DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: env.clientConfigDir, BERTH_FRESHNESS_MS: '100', NO_COLOR: '1' }, cols: 160, rows: 36 });
  sessions.push(b);
  await b.waitFor(app, WAIT_MS);
  await b.type('/', ...app, key.enter);
  // Podman has no /distribution (404 "not supported"): berth asks the registry itself, and the
  // sandbox's registry is 10.0.2.2:<port>, an address only Podman's network reaches, so nothing
  // is marked there (state/freshness); the update itself is the same.
  if (env.engine === 'docker') {
    await b.waitFor((s) => s.split('\n').some((line) => line.includes(app) && line.includes(`⇡ ${repo}:1`)), WAIT_MS);
    await b.type('2', '/', ...`fresh${process.pid}`, key.enter);
    await b.waitFor((s) => s.includes(`⇡ ${repo}:1`) && s.includes('⇡ 1 outdated'), WAIT_MS);
  } else {
    await b.type('2', '/', ...`fresh${process.pid}`, key.enter);
    await b.waitFor(`${repo}:1`, WAIT_MS);
  }

  await b.type('u');
  await b.waitFor((s) => s.includes('Recreate them on the new image?') && s.includes(app), WAIT_MS);
  await b.type(key.enter);
  await b.waitFor(`updated ${repo}:1: recreated ${app}`, WAIT_MS);
  const now = JSON.parse(await sandboxDocker(['inspect', app])) as Array<Inspected & { Image: string }>;
  const pulled = (await sandboxDocker(['image', 'inspect', '-f', '{{.Id}}', `${repo}:1`])).trim();
  images.push(pulled);
  assert.notEqual(pulled, first);
  assert.equal(now[0]?.Image, pulled, 'the container runs the new image');
  assert.equal(now[0]?.State.Running, true);
  assert.equal((await sandboxDocker(['exec', app, 'cat', '/version'])).trim(), '2');
  // The tag is the registry's now: no marker.
  await b.waitFor((s) => s.includes(`${repo}:1`) && !s.includes('⇡'), WAIT_MS);
  await b.type('q');
  assert.equal((await b.exited).exitCode, 0);
});

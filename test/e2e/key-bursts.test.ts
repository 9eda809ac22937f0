/**
 * Keys that arrive together behave as keys typed slowly: berth's bundle in a real pty against the
 * sandbox engine, each burst written in ONE write, as a password manager's auto-type, a fast
 * typist over ssh or a laggy link delivers it.
 *
 *   - The pull dialog takes `REGISTRY/berth/layers:latest⇥user⇥secret⏎` at once: the reference,
 *     the username and the password land in their own fields, and the pull uses them. The account
 *     exists only in this test (added to the sandbox registry here; berth's DOCKER_CONFIG is empty),
 *     so the pull working proves the typed login was used. The password is on no frame, in no file,
 *     in no log of the registry or the engine, and not in berth's command line or environment.
 *   - `p` or `r` and an image name in one write open the dialog with the name in it, also the very
 *     first time, as soon as the first frame is on screen.
 *   - `1j` and `1G⏎` from the Pulls pane act on the Containers pane.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { SANDBOX_ENV } from '../sandbox/env-vars.ts';
import { addRegistryUser } from '../sandbox/registry.ts';
import { key, launchBerth, type PtySession } from '../support/pty.ts';
import { filesUnder } from '../support/files.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';

const env = sandboxEnv();
const tag = `burst${process.pid}`;
const sessions: PtySession[] = [];
const created: string[] = [];
const root = mkdtempSync(path.join(os.tmpdir(), 'berth-bursts-'));
const home = path.join(root, 'home');
const tmp = path.join(root, 'tmp');
const config = path.join(root, 'docker-config');
const user = `burst-${randomBytes(4).toString('hex')}`;
const password = `pw-${randomBytes(18).toString('base64url')}`;

/** berth with an empty docker config: no credentials but the ones typed. */
function berth(extra: Record<string, string> = {}): PtySession {
  const session = launchBerth({
    env: {
      ...extra,
      DOCKER_HOST: env.dockerHost,
      HOME: home,
      TMPDIR: tmp,
      DOCKER_CONFIG: config,
      XDG_CONFIG_HOME: path.join(home, '.config'),
      // Nothing of the sandbox's own registry login reaches berth.
      [SANDBOX_ENV.registryPassword]: undefined,
      [SANDBOX_ENV.registryUser]: undefined,
    },
    cols: 120,
    rows: 34,
  });
  sessions.push(session);
  return session;
}


before(async () => {
  for (const dir of [home, tmp, config]) mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(config, 'config.json'), '{}\n');
  await addRegistryUser(env.dir, user, password);
  // So the pull really asks the registry (an earlier file may have left it).
  await sandboxDocker(['rmi', '-f', env.images.multiLayer]).catch(() => undefined);
  for (const name of ['a', 'b', 'c']) {
    await sandboxDocker(['run', '-d', '--network', 'none', '--name', `${tag}-${name}`, env.images.busybox, 'sleep', '3600']);
    created.push(`${tag}-${name}`);
  }
});

after(async () => {
  for (const s of sessions) await s.stop();
  if (created.length) await sandboxDocker(['rm', '-f', ...created]).catch(() => undefined);
  // Later files expect the multi-layer image in the registry only.
  await sandboxDocker(['rmi', '-f', env.images.multiLayer]).catch(() => undefined);
  rmSync(root, { recursive: true, force: true });
});

test('the pull dialog takes reference⇥user⇥password⏎ in one write: the typed login pulls the image, and the password is shown nowhere', async () => {
  const b = berth();
  const pid = b.pty.pid;
  await b.waitFor('● live');
  b.write('p');
  await b.waitFor('Pull an image');
  b.write(`${env.images.multiLayer}\t${user}\t${password}\r`);
  const screen = await b.waitFor(/berth\/layers:latest\s+pulled/, 90_000);
  assert.doesNotMatch(screen, /latest\S*burst-|✗/, 'nothing of the login went into the reference');
  // The image is there: the registry let the typed account pull it.
  await sandboxDocker(['image', 'inspect', env.images.multiLayer]);

  // Every byte berth wrote, every frame: the password never, nor the username glued to the tag.
  assert.ok(!b.raw.includes(password), 'the password appears in berth’s output');
  assert.ok(!b.raw.includes(`latest${user}`), 'the username went into the reference');
  assert.ok(!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(password));
  assert.ok(!readFileSync(`/proc/${pid}/environ`, 'utf8').includes(password));
  b.write('q');
  await b.exited;
  for (const file of [...filesUnder(home), ...filesUnder(tmp), ...filesUnder(config)]) assert.ok(!readFileSync(file).includes(password), `${file} holds the password`);
  // Nor in what the registry or the engine logged of the pull (the reference, had it gone there).
  for (const log of [path.join(env.dir, 'registry', 'registry.log'), path.join(env.dir, 'dockerd.log')]) {
    if (existsSync(log)) assert.ok(!readFileSync(log, 'utf8').includes(password), `${log} holds the password`);
  }
});

test('p and an image name in one write, as soon as the first frame is on screen: the dialog opens with the name in it', async () => {
  const b = berth();
  await b.waitFor('q quit');
  b.write('pbusybox:1.36');
  const screen = await b.waitFor(/Pull an image[\s\S]*image\s+busybox:1\.36/);
  assert.match(screen, /pulls docker\.io\/library\/busybox:1\.36/);
  b.write(key.escape);
  await b.waitFor((s) => !s.includes('Pull an image'));
  // Open again with a burst that also moves on and types: the keys after the name land in the next field.
  b.write(`p${env.images.registryBusybox}\tsomeone`);
  await b.waitFor(/username\s+someone/);
});

test('r and an image name in one write, as soon as the first frame is on screen: the run dialog opens with the name in it', async () => {
  const b = berth();
  await b.waitFor('q quit');
  b.write(`r${env.images.busybox}\techo burst-ran`);
  const screen = await b.waitFor(/Run a container[\s\S]*command\s+echo burst-ran/);
  assert.match(screen, new RegExp(`image\\s+${env.images.busybox.replace(/[/.]/g, '\\$&')}`));
  b.write('\r');
  await b.waitFor('exited with code 0', 20_000);
  assert.match(b.screen(), /│ burst-ran/);
});

test('from the Pulls pane, 1j and 1G⏎ in one write act on the Containers pane', async () => {
  const b = berth();
  await b.waitFor(`${tag}-a`);
  // Only this test's three containers. Created within a second they may list in any order, so
  // the order is read from the screen.
  await b.type('/', ...tag, key.enter);
  const listed = await b.waitFor(`running: 3 · filter "${tag}"`);
  const order = listed
    .split('\n')
    .map((line) => new RegExp(`${tag}-[abc]`).exec(line)?.[0])
    .filter((name): name is string => name !== undefined);
  assert.equal(order.length, 3, listed);
  await b.type('3');
  await b.waitFor('no transfers yet');
  b.write('1j');
  await b.waitFor('Enter/l logs');
  await b.type('l');
  await b.waitFor(`logs ${order[1]}`);
  await b.type(key.escape);
  await b.waitFor('Enter/l logs');
  await b.type('3');
  await b.waitFor('no transfers yet');
  b.write('1G\r');
  await b.waitFor(`logs ${order[2]}`);
});

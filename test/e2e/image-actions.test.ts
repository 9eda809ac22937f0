/**
 * Tag (`t`) and push (`P`) from the Images pane, in berth's bundle in a real pseudo-terminal,
 * against the sandbox engine and its registry (which wants a login): the tag appears, the push
 * with typed credentials runs with a bar per layer to the end, the password is never on screen,
 * and the registry then has the tag; remove with no-prune ticked untags it.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { SANDBOX_ENV } from '../sandbox/env-vars.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';
import { key, launchBerth, type PtySession } from '../support/pty.ts';

const env = sandboxEnv();
const repo = `${env.registry.address}/berth/e2e-push${process.pid}`;
// No credentials on disk: the push gets them typed, or not at all.
const config = mkdtempSync(path.join(tmpdir(), 'berth-push-config-'));
let session: PtySession | undefined;

after(async () => {
  await session?.stop();
  await sandboxDocker(['rmi', `${repo}:1`]).catch(() => undefined);
  rmSync(config, { recursive: true, force: true });
});

async function registryTags(): Promise<string[]> {
  const basic = Buffer.from(`${env.registry.username}:${env.registry.password}`).toString('base64');
  const name = repo.slice(env.registry.address.length + 1);
  const response = await fetch(`http://${env.registry.address}/v2/${name}/tags/list`, { headers: { authorization: `Basic ${basic}` } });
  if (!response.ok) return [];
  return ((await response.json()) as { tags?: string[] }).tags ?? [];
}

test('t tags the selected image; P pushes it with typed credentials, a bar per layer to the end, the password never shown', async () => {
  const b = launchBerth({ env: { DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: config, [SANDBOX_ENV.registryPassword]: undefined }, cols: 120, rows: 36 });
  session = b;
  await b.waitFor('● live');
  await b.type('2');
  b.write(`/${env.images.busybox}`);
  await b.type(key.enter);
  await b.waitFor(`filter "${env.images.busybox}"`);

  // Tag: the dialog starts from the current name; Ctrl-U clears it.
  await b.type('t');
  await b.waitFor(/Tag image .*berth-test\/busybox:latest/);
  await b.type('\u0015');
  b.write(`${repo}:1`);
  await b.type(key.enter);
  await b.waitFor(`tagged ${repo}:1`, 15_000);
  await b.type(key.escape);
  b.write(`/e2e-push${process.pid}`);
  await b.type(key.enter);
  await b.waitFor(`${repo}:1 `);

  // Without credentials the registry refuses, in its words; the dialog stays, fields as they
  // were, for credentials to be typed.
  await b.type('P');
  await b.waitFor('Push an image');
  await b.waitFor(`pushes ${repo}:1`);
  await b.type(key.enter);
  const refused = await b.waitFor(/no basic auth credentials|unauthorized|authentication required/, 30_000);
  assert.match(refused, /Push an image/, 'the dialog stays, to try other credentials');
  assert.match(refused, /› image/);

  // With typed credentials: masked in the dialog, bars to the end.
  // The mask is read off the screen before Enter: keys 40 ms apart on a busy machine can
  // submit before a frame with the whole password in it was ever drawn.
  await b.type(key.tab, ...env.registry.username, key.tab, ...env.registry.password);
  await b.waitFor('•'.repeat(env.registry.password.length));
  await b.type(key.enter);
  const screen = await b.waitFor(/pushed \d/, 60_000);
  assert.match(screen, /\d\/\d layers? done .*█/);
  assert.match(screen, /[0-9a-f]{12} (Pushed|Layer already exists|Mounted from)/);
  assert.match(screen, /1: digest: sha256:[0-9a-f]{64}/);
  assert.ok(!b.raw.includes(env.registry.password), 'the password never reached the screen');
  assert.deepEqual(await registryTags(), ['1']);

  // Remove the tag again, with no-prune ticked: the engine untags it, and busybox stays.
  await b.type('2');
  await b.waitFor(`${repo}:1 `);
  await b.type('d');
  await b.waitFor(`Remove image ${repo}:1?`);
  await b.waitFor('no prune');
  await b.type(key.tab, ' ');
  await b.waitFor(/› no prune\s+\[x\]/);
  await b.type(key.enter);
  await b.waitFor(`untagged ${repo}:1`, 15_000);
  assert.equal((await sandboxDocker(['images', '-q', `${repo}:1`])).trim(), '');
  assert.notEqual((await sandboxDocker(['images', '-q', env.images.busybox])).trim(), '');
});

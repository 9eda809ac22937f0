/**
 * A full disk: berth against a second sandbox engine whose data-root is a small tmpfs, filled on
 * purpose (test/sandbox/small-disk.ts). Commit, run and pull must show the engine's own "no space
 * left on device", keep what the user typed, and leave no image (or container) half made.
 *
 * Driven by keys and read from the screen only, as a person would, so that it holds however
 * the dialogs are built.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { startSmallDiskEngine, type SmallDiskEngine } from '../sandbox/small-disk.ts';
import { key, launchBerth, type PtySession } from '../support/pty.ts';
import { sandboxEnv } from '../support/sandbox-env.ts';

const env = sandboxEnv();
const tag = `full${process.pid}`;
const container = `${tag}-c`;
const sessions: PtySession[] = [];
let small: SmallDiskEngine;

/** The engine's words, which a dialog may wrap over two lines of its frame. */
const NO_SPACE = /no[\s│]+space[\s│]+left[\s│]+on[\s│]+device/;

function berth(): PtySession {
  const session = launchBerth({ env: { DOCKER_HOST: small.dockerHost, DOCKER_CONFIG: env.clientConfigDir }, cols: 160, rows: 40 });
  sessions.push(session);
  return session;
}

/** Types text as one burst (a paste), then lets berth draw. */
async function paste(b: PtySession, text: string): Promise<void> {
  b.write(text);
  await delay(80);
}

/** Every image id and tag, and every container, on the small engine: what must not change. */
async function inventory(): Promise<{ images: string; containers: string }> {
  const images = await small.docker(['images', '-a', '--no-trunc', '--format', '{{.ID}} {{.Repository}}:{{.Tag}}']);
  const containers = await small.docker(['ps', '-a', '--no-trunc', '--format', '{{.ID}} {{.Names}}']);
  return { images: images.split('\n').sort().join('\n'), containers: containers.split('\n').sort().join('\n') };
}

before(async () => {
  small = await startSmallDiskEngine(env.dir, env.socketPath);
  // A container with a change in it, made while there is still room.
  await small.docker(['run', '--network', 'none', '--name', container, 'berth-test/busybox', 'sh', '-c', 'echo data > /made-here']);
});

after(async () => {
  for (const s of sessions) await s.stop();
  await small?.stop();
});

test('commit onto a full disk: the engine’s words in the dialog, the fields kept, no image made', async () => {
  await small.fill(0);
  const before = await inventory();
  const b = berth();
  await b.waitFor('● live', 30_000);
  await b.type('a');
  await b.waitFor(container);
  await b.type('c');
  await b.waitFor(`Commit ${container}`);
  await paste(b, `full/${tag}`);
  await b.type(key.tab);
  await paste(b, 'snap');
  await b.type(key.enter);
  const screen = await b.waitFor(NO_SPACE, 30_000);
  assert.match(screen, new RegExp(`Commit ${container}`), 'the dialog is still open');
  assert.match(screen, new RegExp(`full/${tag}`), 'the repository typed is kept');
  assert.match(screen, /snap/, 'the tag typed is kept');
  assert.deepEqual(await inventory(), before, 'no image half made');
});

test('run onto a full disk: the engine’s words in the dialog, the fields kept, no container left', async () => {
  await small.fill(0);
  const before = await inventory();
  const b = berth();
  await b.waitFor('● live', 30_000);
  await b.type('r');
  await b.waitFor('Run a container');
  await paste(b, 'berth-test/busybox:latest');
  await b.type(key.tab);
  await paste(b, 'echo hello');
  await b.type(key.tab);
  await paste(b, `${tag}-run`);
  await b.type(key.enter);
  const screen = await b.waitFor(NO_SPACE, 30_000);
  assert.match(screen, /Run a container/, 'the dialog is still open');
  assert.match(screen, /command\s+echo hello/, 'the command typed is kept');
  assert.match(screen, new RegExp(`name\\s+${tag}-run`), 'the name typed is kept');
  assert.deepEqual(await inventory(), before, 'no container half made');
});

test('pull onto a nearly full disk: the pull fails with the engine’s words, no image made, and works once there is room', async () => {
  // Room for the manifest and the first layers, not for all 24 MiB.
  small.unfill();
  await small.fill(6 * 1024 * 1024);
  const before = await inventory();
  const b = berth();
  await b.waitFor('● live', 30_000);
  await b.type('p');
  await b.waitFor('Pull an image');
  await paste(b, env.images.multiLayer);
  await b.waitFor(/credentials: (?!looking)/, 15_000);
  await b.type(key.enter);
  const screen = await b.waitFor(/✗ [^\n]*|failed/, 60_000);
  await b.waitFor(NO_SPACE, 10_000).catch(() => assert.fail(`the pull does not say "no space left on device":\n${screen}`));
  assert.match(b.screen(), /berth\/layers:latest\s+failed/, 'the block names what was typed, and that it failed');
  assert.deepEqual(await inventory(), before, 'no image half made');

  // With room again, the same pull goes through.
  small.unfill();
  await b.type('p');
  await b.waitFor('Pull an image');
  await paste(b, env.images.multiLayer);
  await b.waitFor(/credentials: (?!looking)/, 15_000);
  await b.type(key.enter);
  await b.waitFor(/berth\/layers:latest\s+pulled/, 60_000);
});

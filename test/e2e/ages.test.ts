/**
 * The ages berth shows (STATUS, CREATED) against what `docker ps` and `docker images` print at
 * the same moments: berth's bundle in a real pseudo-terminal and the docker CLI, both against the
 * sandbox engine, read side by side for a few seconds. Every age berth shows must be one the CLI
 * printed at most 10 s before (berth draws an age at most 8 s after it turns, to keep its idle
 * cost down) and never one the CLI has not printed yet.
 *
 * Without waiting a minute: images can be made with any creation time (`docker load` of an image
 * whose config says when it was created), so three are made to cross a boundary in the window
 * ("59 seconds ago" → "About a minute ago", "About a minute ago" → "2 minutes ago", "About an hour
 * ago" → "2 hours ago"); berth must follow each within the lag. The formatter itself is held to
 * go-units' own table in test/app/format/time.test.ts.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { createTar } from '../sandbox/tar.ts';
import { launchBerth, type PtySession } from '../support/pty.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';

const env = sandboxEnv();
const tag = `ages${process.pid}`;
const LAG_MS = 10_000;
/** The CLI's answer is read some milliseconds after the moment it describes: allowed for both ways. */
const READ_MS = 700;

const sessions: PtySession[] = [];
const scratch = mkdtempSync(path.join(tmpdir(), 'berth-ages-'));
const made: string[] = [];

after(async () => {
  for (const s of sessions) await s.stop();
  if (made.length) await sandboxDocker(['rmi', '-f', ...made]).catch(() => undefined);
  rmSync(scratch, { recursive: true, force: true });
});

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** A `docker save` archive of one-file images, each created at the given moment (epoch ms). */
function imageArchive(images: ReadonlyArray<{ name: string; createdMs: number }>): Buffer {
  const layer = createTar([{ type: 'file', name: 'age', data: Buffer.from('age\n') }]);
  const diffId = `sha256:${sha256(layer)}`;
  const configs = images.map(({ name, createdMs }) => {
    const created = new Date(createdMs).toISOString();
    const config = JSON.stringify({
      architecture: process.arch === 'arm64' ? 'arm64' : 'amd64',
      os: 'linux',
      created,
      config: { Cmd: ['/age'] },
      rootfs: { type: 'layers', diff_ids: [diffId] },
      history: [{ created }],
    });
    return { name, file: `${sha256(config)}.json`, config };
  });
  const manifest = configs.map(({ name, file }) => ({ Config: file, RepoTags: [`${name}:latest`], Layers: ['layer.tar'] }));
  return createTar([
    { type: 'file', name: 'layer.tar', data: layer },
    ...configs.map(({ file, config }) => ({ type: 'file' as const, name: file, data: Buffer.from(config) })),
    { type: 'file', name: 'manifest.json', data: Buffer.from(JSON.stringify(manifest)) },
  ]);
}

/** What one source showed for a name at one moment. */
interface Seen {
  at: number;
  name: string;
  text: string;
}

/** `docker ps` STATUS and CREATED and `docker images` CREATED, by name, read now. */
async function cliAges(): Promise<Seen[]> {
  const [ps, images] = await Promise.all([
    sandboxDocker(['ps', '--format', '{{.Names}}\t{{.Status}}\t{{.RunningFor}}']),
    sandboxDocker(['images', '--format', '{{.Repository}}\t{{.CreatedSince}}']),
  ]);
  const at = Date.now();
  const seen: Seen[] = [];
  for (const line of ps.split('\n')) {
    const [name, status, created] = line.split('\t');
    if (name?.startsWith(tag) && status && created) seen.push({ at, name: `${name} status`, text: status }, { at, name: `${name} created`, text: created });
  }
  for (const line of images.split('\n')) {
    const [name, created] = line.split('\t');
    if (name?.startsWith(tag) && created) seen.push({ at, name: `${name} created`, text: created });
  }
  return seen;
}

const AGE = /(Less than a second|1 second|\d+ seconds|About a minute|\d+ minutes|About an hour|\d+ hours|\d+ days|\d+ weeks|\d+ months|\d+ years)( ago)?/g;

/** The ages on berth's screen, by name: a container row's STATUS and CREATED, an image row's CREATED. */
function berthAges(screen: string, at: number): Seen[] {
  const seen: Seen[] = [];
  for (const line of screen.split('\n')) {
    const name = new RegExp(`${tag}-[a-z0-9]+`).exec(line)?.[0];
    if (!name) continue;
    const ages = [...line.matchAll(AGE)].map((m) => m[0]);
    if (line.includes(' Up ')) {
      // The container pane: "Up 12 seconds" in STATUS, then "12 seconds ago" in CREATED.
      const status = new RegExp(`Up ${AGE.source}`).exec(line)?.[0];
      if (status) seen.push({ at, name: `${name} status`, text: status });
      const created = ages.filter((a) => a.endsWith(' ago')).at(-1);
      if (created) seen.push({ at, name: `${name} created`, text: created });
    } else if (ages.length > 0) {
      seen.push({ at, name: `${name} created`, text: ages.at(-1) ?? '' });
    }
  }
  return seen;
}

/** Reads the CLI over and over until `stop` says so, from before berth starts, so every age berth shows has the CLI's of the 10 s before. */
async function readCli(cli: Seen[], stop: { done: boolean }): Promise<void> {
  while (!stop.done) {
    cli.push(...(await cliAges()));
    await delay(100);
  }
}

/** Reads berth's screen until `enough` holds of what it showed, or `until` passes. */
async function readBerth(b: PtySession, shown: Seen[], until: number, enough: (shown: readonly Seen[]) => boolean): Promise<void> {
  while (Date.now() < until && !enough(shown)) {
    await b.settle();
    shown.push(...berthAges(b.screen(), Date.now()));
    await delay(100);
  }
}

test('STATUS and CREATED read as docker ps and docker images print them, at most 10 s behind, across minute and hour boundaries', async () => {
  await sandboxDocker(['run', '-d', '--network', 'none', '--name', `${tag}-run`, env.images.busybox, 'sleep', '3600']);
  made.push(`${tag}-run`);
  // Boundaries a few seconds into the window, so the window sees both sides of each.
  const t0 = Date.now() + 5_000;
  const images = [
    { name: `${tag}-min`, createdMs: t0 - 60_000 },
    { name: `${tag}-twomin`, createdMs: t0 + 1_000 - 120_000 },
    { name: `${tag}-hours`, createdMs: t0 + 2_000 - 90 * 60_000 },
  ];
  const archive = path.join(scratch, 'ages.tar');
  writeFileSync(archive, imageArchive(images));
  await sandboxDocker(['load', '-i', archive]);
  made.push(...images.map((i) => i.name));

  const cli: Seen[] = [];
  const shown: Seen[] = [];
  const stop = { done: false };
  const reading = readCli(cli, stop);
  try {
    const b = launchBerth({ env: { DOCKER_HOST: env.dockerHost }, cols: 160, rows: 30 });
    sessions.push(b);
    await b.waitFor(`${tag}-run`);
    // The container first (its ages move every second), then the images across their boundaries
    // until berth shows the far side of all three (or the lag is up).
    await readBerth(b, shown, Date.now() + 2_000, () => false);
    await b.type('2');
    await b.waitFor(`${tag}-hours`);
    const crossed = (seen: readonly Seen[]) =>
      [`${tag}-min created:About a minute ago`, `${tag}-twomin created:2 minutes ago`, `${tag}-hours created:2 hours ago`].every((want) => seen.some((s) => `${s.name}:${s.text}` === want));
    await readBerth(b, shown, t0 + 2_000 + LAG_MS + 500, crossed);
  } finally {
    stop.done = true;
    await reading;
  }

  const names = new Set(shown.map((s) => s.name));
  for (const name of [`${tag}-run status`, `${tag}-run created`, ...images.map((i) => `${i.name} created`)]) assert.ok(names.has(name), `berth showed ${name}: ${[...names].join(', ')}`);
  for (const s of shown) {
    const printed = cli.filter((c) => c.name === s.name && c.at >= s.at - LAG_MS - READ_MS && c.at <= s.at + READ_MS);
    assert.ok(
      printed.some((c) => c.text === s.text),
      `${s.name}: berth showed "${s.text}" at ${s.at}; the CLI printed in the 10 s before: ${[...new Set(printed.map((c) => c.text))].join(', ')}`,
    );
  }
  // Each boundary was crossed on berth's screen too, by the clock alone (nothing about them changed).
  const last = (name: string) => shown.filter((s) => s.name === name).at(-1)?.text;
  assert.equal(last(`${tag}-min created`), 'About a minute ago');
  assert.equal(last(`${tag}-twomin created`), '2 minutes ago');
  assert.equal(last(`${tag}-hours created`), '2 hours ago');
  assert.ok(shown.some((s) => s.name === `${tag}-min created` && /seconds ago$/.test(s.text)), 'and showed the other side of it first');
});

/**
 * The layer explorer (`L` on an image), in berth's bundle in a real pseudo-terminal, on an image
 * made by hand and loaded with `docker load` (no network): its first layer adds a 5 MiB and a
 * 3 MiB file, its second rewrites the 5 MiB one with other bytes, its third deletes the 3 MiB
 * one. The explorer names those two as the costly files and shows dive's figures to the byte:
 * wasted 5 + 5 + 3 MiB (a file's whiteout counts 0, the copy below it counts), efficiency the
 * smallest copies (5 MiB and 0) over all copies, 5/13. Over ssh, with `layersAskAboveMB` below
 * the image, it asks before moving the archive: n moves nothing, y reads it. The first test runs
 * on Podman too (test/engine-passes.ts): its compat image history and `GET /images/{name}/get`
 * answer as Docker's; the sandbox's ssh engine is its dockerd, so the second is Docker's alone.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { createTar, type TarEntry } from '../sandbox/tar.ts';
import { key, launchBerth, type PtySession } from '../support/pty.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';

const env = sandboxEnv();
const image = `berth-e2e/layers:${process.pid}`;
const scratch = mkdtempSync(path.join(tmpdir(), 'berth-layers-'));
const sessions: PtySession[] = [];

const MiB = 1024 * 1024;
const WASTED = 5 * MiB + 5 * MiB + 3 * MiB;
const EFFICIENCY = ((5 * MiB) / WASTED) * 100;

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A `docker save` archive in the legacy layout, made here: three layers, a config with their steps. */
function imageArchive(): Buffer {
  const mtime = Math.floor(Date.now() / 1000) - 3600;
  const file = (name: string, size: number, fill: number): TarEntry => ({ type: 'file', name, data: Buffer.alloc(size, fill) });
  const layers = [
    createTar([{ type: 'dir', name: 'data' }, file('data/five', 5 * MiB, 0x61), file('data/three', 3 * MiB, 0x62)], mtime),
    createTar([{ type: 'dir', name: 'data' }, file('data/five', 5 * MiB, 0x63)], mtime + 60),
    createTar([{ type: 'dir', name: 'data' }, file('data/.wh.three', 0, 0)], mtime + 120),
  ];
  const diffIds = layers.map((l) => `sha256:${sha(l)}`);
  const created = new Date(mtime * 1000).toISOString();
  const config = Buffer.from(
    JSON.stringify({
      architecture: 'amd64',
      os: 'linux',
      created,
      config: { Cmd: ['/none'] },
      rootfs: { type: 'layers', diff_ids: diffIds },
      history: [
        { created, created_by: 'ADD five-and-three /data' },
        { created, created_by: 'RUN rewrite-five', },
        { created, created_by: 'ENV NOTHING=1', empty_layer: true },
        { created, created_by: 'RUN rm /data/three' },
      ],
    }),
  );
  const ids = layers.map((l) => sha(l));
  return createTar([
    ...ids.flatMap((id, i): TarEntry[] => [{ type: 'dir', name: id }, { type: 'file', name: `${id}/layer.tar`, data: layers[i] ?? Buffer.alloc(0) }]),
    { type: 'file', name: `${sha(config)}.json`, data: config },
    { type: 'file', name: 'manifest.json', data: Buffer.from(JSON.stringify([{ Config: `${sha(config)}.json`, RepoTags: [image], Layers: ids.map((id) => `${id}/layer.tar`) }])) },
  ]);
}

before(async () => {
  const file = path.join(scratch, 'image.tar');
  writeFileSync(file, imageArchive());
  await sandboxDocker(['load', '-i', file]);
});

after(async () => {
  for (const s of sessions) await s.stop();
  await sandboxDocker(['rmi', '-f', image]).catch(() => undefined);
  rmSync(scratch, { recursive: true, force: true });
});

/** berth on the Images pane, filtered to the test's image. */
async function onTheImage(launchEnv: Record<string, string | undefined>): Promise<PtySession> {
  const b = launchBerth({ env: { DOCKER_CONTEXT: undefined, ...launchEnv }, cols: 160, rows: 50 });
  sessions.push(b);
  await b.waitFor('● live', 30_000);
  await b.type('2');
  b.write(`/layers:${process.pid}`);
  await b.type(key.enter);
  await b.waitFor(`berth-e2e/layers:${process.pid} `, 15_000);
  return b;
}

test('L: the two costly files, dive’s wasted bytes and efficiency to the byte, each layer’s step and its A/C/D with sizes', async () => {
  const b = await onTheImage({ DOCKER_HOST: env.dockerHost });
  await b.type('L');
  const screen = await b.waitFor(`dive: wasted ${grouped(WASTED)} bytes`, 30_000);
  assert.match(screen, new RegExp(`efficiency ${EFFICIENCY.toFixed(4).replace('.', '\\.')} %`));
  // The costly files, the costliest first, each copy's layer and size.
  const costly = screen.split('\n').filter((l) => / ×\d /.test(l));
  assert.equal(costly.length, 2, screen);
  assert.match(costly[0] ?? '', new RegExp(`${grouped(10 * MiB)} B +×2 +/data/five +\\(layer 1 5\\.24MB · layer 2 5\\.24MB\\)`));
  assert.match(costly[1] ?? '', new RegExp(`${grouped(3 * MiB)} B +×2 +/data/three +\\(layer 1 3\\.15MB · layer 3 deleted\\)`));
  // The image as it runs holds the second five alone.
  assert.match(screen, /biggest files in the image\n +5\.24MB +\/data\/five +\(layer 2\)\n/);
  // Each layer: its step (the empty ENV step made none), its A/C/D tree with sizes.
  assert.match(screen, /layer 1 of 3 · 8\.39MB .*ADD five-and-three \/data/);
  assert.match(screen, /A +five +5\.24MB/);
  assert.match(screen, /layer 2 of 3 · 5\.24MB .*RUN rewrite-five\n +0 added · 1 changed · 0 deleted\n +data\n +C +five +5\.24MB/);
  assert.match(screen, /layer 3 of 3 · 0B .*RUN rm \/data\/three\n +0 added · 0 changed · 1 deleted\n +data\n +D +three +3\.15MB freed/);
  await b.type(key.escape);
  await b.waitFor((s) => !s.includes('dive: wasted'));
});

// The sandbox's sshd reaches its dockerd alone: on Podman (--engine=podman) the image is not
// there, so this test is the Docker pass's only (registered there, never skipped).
function onDocker(name: string, fn: () => Promise<void>): void {
  if (env.engine !== 'podman') test(name, fn);
}

onDocker('over ssh, an archive above layersAskAboveMB is asked about first: n moves nothing, y reads it', async () => {
  const ssh = env.ssh;
  assert.ok(ssh, 'the sandbox sshd');
  const config = path.join(scratch, 'config');
  mkdirSync(path.join(config, 'berth'), { recursive: true });
  writeFileSync(path.join(config, 'berth', 'config.json'), JSON.stringify({ layersAskAboveMB: 1 }));
  const b = await onTheImage({ DOCKER_HOST: ssh.host, BERTH_SSH_COMMAND: ssh.command, XDG_CONFIG_HOME: config });
  await b.type('L');
  await b.waitFor(/moves its whole archive, ~13\.6MB, over ssh: y reads it, n closes/, 15_000);
  await b.type('n');
  await b.waitFor((s) => !s.includes('moves its whole archive'));
  await b.type('L');
  await b.waitFor('over ssh: y reads it', 15_000);
  await b.type('y');
  await b.waitFor(`dive: wasted ${grouped(WASTED)} bytes`, 30_000);
});

/**
 * Backups in berth's bundle in a real pseudo-terminal, against the sandbox engine, in one berth
 * session (its current directory a fresh temporary one): a volume exported (`w` on Volumes),
 * removed and restored (`I`) holds the same files (tar listings with sizes and modes, and their
 * checksums); a restore into a volume that holds files asks first; an image saved by berth (`w`
 * on Images) loads with `docker load`, and a `docker save` tar loads in berth (`I`); a container's
 * filesystem exported (`w` on Containers) holds its files; a cancelled export (a 16 GiB sparse
 * file to .tar.gz: the engine's tar reads all its zeros, a minute's work here; its row has a bar
 * and an ETA) leaves no helper container and no partial file; a cancelled restore into a new
 * volume (a tar of many small files: the engine unpacks them slowly) leaves no helper container
 * and no volume. It passes on Podman too (`--engine=podman`: its local images are named
 * docker.io/library/…).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { createTar } from '../sandbox/tar.ts';
import { key, launchBerth, type PtySession } from '../support/pty.ts';
import { sandboxDocker, sandboxEnv } from '../support/sandbox-env.ts';

const env = sandboxEnv();
const tag = `bk${process.pid}`;
const vol = `${tag}-vol`;
const big = `${tag}-big`;
/** The volume a cancelled restore makes, and must remove again. */
const part = `${tag}-part`;
const image = `${tag}-img:1`;
const dir = mkdtempSync(join(tmpdir(), 'berth-backups-'));
const WAIT_MS = 30_000;
const ctrlU = '\u0015';
let session: PtySession | undefined;

after(async () => {
  await session?.stop();
  await sandboxDocker(['volume', 'rm', '-f', vol, big, part]).catch(() => undefined);
  await sandboxDocker(['rm', '-f', `${tag}-c`]).catch(() => undefined);
  await sandboxDocker(['rmi', '-f', image]).catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

/** What the volume holds, as tar lists it (modes, owners, sizes, names) and each file's checksum. */
async function listing(volume: string): Promise<string> {
  const script = 'cd /v && tar -cf - . | tar -tvf - | awk \'{print $1, $2, $3, $NF}\' | sort && find . -type f | sort | xargs md5sum';
  return sandboxDocker(['run', '--rm', '--network', 'none', '-v', `${volume}:/v`, env.images.busybox, 'sh', '-c', script]);
}

/** Helper containers berth left for `volume` (none, once a transfer has ended). */
async function helpers(volume: string): Promise<string> {
  return (await sandboxDocker(['ps', '-aq', '--filter', `label=berth.backup-helper=${volume}`])).trim();
}

/** Whether the engine has the volume. */
async function hasVolume(volume: string): Promise<boolean> {
  return (await sandboxDocker(['volume', 'ls', '-q'])).split('\n').includes(volume);
}

/** Polls `check` until it holds (the cleanup after a cancel runs on its own). */
async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(50);
  }
}


test('backups: a volume exported, removed and restored; images saved and loaded both ways; a container exported; a cancelled export and a cancelled restore leave nothing', async () => {
  const setup = [
    'mkdir -p /v/d/e && echo hello > /v/a.txt && chmod 600 /v/a.txt && dd if=/dev/urandom of=/v/d/b.bin bs=1k count=300 2>/dev/null',
    'chmod 750 /v/d && ln -s a.txt /v/link && echo x > /v/d/e/x && chmod 4755 /v/d/e/x',
  ].join(' && ');
  const made = Promise.all([
    sandboxDocker(['run', '--rm', '--network', 'none', '-v', `${vol}:/v`, env.images.busybox, 'sh', '-c', setup]),
    // A sparse 16 GiB takes no disk, and the engine's tar sends every zero of it (~250 MB/s here):
    // the export runs for a minute, so the test sees its bar and cancels it whatever the load. With
    // 128 MiB of random bytes it ended in 5 s on a loaded CI, before the test had read its bar.
    sandboxDocker(['run', '--rm', '--network', 'none', '-v', `${big}:/v`, env.images.busybox, 'truncate', '-s', '16G', '/v/big']),
    sandboxDocker(['tag', env.images.busybox, image]),
    sandboxDocker(['create', '--name', `${tag}-c`, '--network', 'none', env.images.busybox, 'true']),
  ]);
  // Many small files (made while the engine fills the volumes), for a restore to be cancelled
  // midway: a quiet sandbox dockerd unpacks 15,000 of them in ~0.5 s and 40,000 in ~1.2 s, so
  // 50,000 leave the test more than a second after the first megabyte to cancel in.
  const data = Buffer.alloc(100, 120);
  const files = Array.from({ length: 50_000 }, (_, i) => ({ type: 'file' as const, name: `d${Math.floor(i / 1000)}/f${i}`, data }));
  writeFileSync(join(dir, 'many.tar'), createTar([...Array.from({ length: 50 }, (_, i) => ({ type: 'dir' as const, name: `d${i}` })), ...files]));
  await made;
  const before = await listing(vol);
  assert.match(before, /a\.txt/);

  /** Replaces the focused field's text (Ctrl-U, then the text in one write, as a paste). */
  const retype = async (text: string) => {
    await b.type(ctrlU);
    b.write(text);
    await b.waitFor(text);
  };
  /** Fills the form's fields in order and submits it. */
  const fill = async (...texts: string[]) => {
    for (const [i, text] of texts.entries()) {
      if (i > 0) await b.type(key.tab);
      await retype(text);
    }
    await b.type(key.enter);
  };
  const b = launchBerth({ env: { DOCKER_HOST: env.dockerHost, DOCKER_CONFIG: env.clientConfigDir }, cols: 160, rows: 40, cwd: dir });
  session = b;
  await b.waitFor('● live');

  // The volume, exported through a helper (the sandbox's busybox), into ./VOL.tar.
  await b.type('4');
  await b.type('/', ...vol, key.enter);
  await b.waitFor((s) => s.split('\n').some((line) => line.startsWith(vol)), WAIT_MS);
  await b.type('w');
  await b.waitFor(`Export volume ${vol} to a tar`);
  await b.type(key.tab);
  await retype(env.images.busybox);
  await b.type(key.enter);
  await b.waitFor(new RegExp(`volume ${vol} → \\./${vol}\\.tar\\s+exported`), WAIT_MS);
  await b.waitFor(/Written/);
  assert.ok(existsSync(join(dir, `${vol}.tar`)));
  assert.equal(await helpers(vol), '', 'the helper is gone once the export is done');

  // Removed, then restored into a new volume of the same name: the same files, sizes and modes.
  await sandboxDocker(['volume', 'rm', vol]);
  await b.type('4');
  await b.type('I');
  await b.waitFor('Restore a tar into a volume');
  await fill(`./${vol}.tar`, vol, env.images.busybox);
  await b.waitFor(new RegExp(`\\./${vol}\\.tar → volume ${vol}\\s+restored`), WAIT_MS);
  assert.equal(await listing(vol), before);
  assert.equal(await helpers(vol), '');

  // Into the volume again: it holds files now, so berth asks (Esc keeps it as it is).
  await b.type('4');
  await b.type('I');
  await b.waitFor('Restore a tar into a volume');
  await fill(`./${vol}.tar`, vol, env.images.busybox);
  await b.waitFor(`volume ${vol} holds files`, WAIT_MS);
  await b.type(key.escape, key.escape);
  await b.waitFor((s) => !s.includes('Restore a tar into a volume'));

  // An image saved by berth loads with docker load.
  await b.type('2');
  await b.type('/', ...tag, key.enter);
  await b.waitFor(image.replace(':1', ''), WAIT_MS);
  await b.type('w');
  // Podman names a local image docker.io/library/…
  await b.waitFor(new RegExp(`Save (docker\\.io/library/)?${image} to a tar`));
  await b.type(key.enter);
  await b.waitFor(new RegExp(`${image} → \\./${tag}-img_1\\.tar\\s+saved`), WAIT_MS);
  await sandboxDocker(['rmi', image]);
  assert.match(await sandboxDocker(['load', '-i', join(dir, `${tag}-img_1.tar`)]), new RegExp(`Loaded image: (docker\\.io/library/)?${image}`));

  // A docker save tar loads in berth.
  await sandboxDocker(['save', '-o', join(dir, 'cli.tar'), image]);
  await sandboxDocker(['rmi', image]);
  await b.type('2');
  await b.type('I');
  await b.waitFor('Load images from a tar');
  await retype('./cli.tar');
  await b.type(key.enter);
  await b.waitFor(/\.\/cli\.tar → images\s+loaded/, WAIT_MS);
  await b.waitFor(new RegExp(`Loaded images?: (docker\\.io/library/)?${image}`), WAIT_MS);
  assert.match(await sandboxDocker(['image', 'inspect', '--format', '{{.Id}}', image]), /sha256:/);

  // A container's filesystem, exported (it never ran): the tar holds its files.
  await b.type('1', 'a');
  await b.type('/', ...`${tag}-c`, key.enter);
  await b.waitFor((s) => s.split('\n').some((line) => line.includes(`${tag}-c`) && !line.includes('filter')), WAIT_MS);
  await b.type('w');
  await b.waitFor(`Export ${tag}-c’s filesystem to a tar`);
  await b.type(key.enter);
  await b.waitFor(new RegExp(`${tag}-c → \\./${tag}-c\\.tar\\s+exported`), WAIT_MS);
  assert.match(execFileSync('tar', ['-tf', join(dir, `${tag}-c.tar`)], { encoding: 'utf8' }), /^bin\/busybox$/m);

  // A large volume's export to .tar.gz, cancelled midway: no helper, no file, no partial file.
  await b.type('4');
  await b.type(key.escape, '/', ...big, key.enter);
  await b.waitFor((s) => s.split('\n').some((line) => line.startsWith(big)), WAIT_MS);
  await b.type('w');
  await b.waitFor(`Export volume ${big} to a tar`);
  await fill(`./${big}.tar.gz`, env.images.busybox);
  await b.waitFor(new RegExp(`volume ${big} → \\./${big}\\.tar\\.gz\\s+exporting`), WAIT_MS);
  // Past its first bytes (~250 MB/s: a slow look may first see gigabytes).
  await b.waitFor(/Writing\s+\S+\s+[\d.]+\s?[kMG]B/, WAIT_MS);
  // Its total (the volume's size, as the disk usage or du measured it: 17,179,869,184 bytes and
  // the tar's end): a bar and an ETA.
  await b.waitFor(/ETA \d+:\d\d\s+[█▏▎▍▌▋▊▉░]+\s+[\d.]+\s?[kMG]?B\/17\.2GB/, WAIT_MS);
  await b.type('x');
  await b.waitFor(new RegExp(`volume ${big} → \\./${big}\\.tar\\.gz\\s+cancelled`), WAIT_MS);
  await until(async () => (await helpers(big)) === '', 'the helper container to be removed');
  await until(() => readdirSync(dir).every((name) => !name.startsWith(big)), 'the partial file to be removed');
  assert.deepEqual(readdirSync(dir).filter((name) => name.includes('berth-partial')), []);

  // A restore into a new volume, cancelled midway: no helper, and the volume berth made is gone.
  assert.equal(await hasVolume(part), false);
  await b.type('4');
  await b.type('I');
  await b.waitFor('Restore a tar into a volume');
  await fill('./many.tar', part, env.images.busybox);
  await b.waitFor(new RegExp(`\\./many\\.tar → volume ${part}\\s+restoring`), WAIT_MS);
  // Past its first megabyte: the volume and its helper are made, the engine is unpacking.
  await b.waitFor(/Sending\s+\S+\s+[\d.]+\s?MB/, WAIT_MS);
  await b.type('x');
  await b.waitFor(new RegExp(`\\./many\\.tar → volume ${part}\\s+cancelled`), WAIT_MS);
  await until(async () => (await helpers(part)) === '' && !(await hasVolume(part)), 'the helper and the volume to be removed');

  // One action-log entry each, with its docker line.
  await b.type('0');
  await b.waitFor(`docker run --rm -v ${vol}:/v ${env.images.busybox} tar -C /v -cf - . >`, WAIT_MS);
  await b.waitFor(`docker run --rm -i -v ${vol}:/v ${env.images.busybox} tar -C /v -xf - <`);
  await b.waitFor(new RegExp(`docker save -o \\./${tag}-img_1\\.tar (docker\\.io/library/)?${image}`));
  await b.waitFor('docker load -i ./cli.tar');

  await b.type('q');
  assert.equal((await b.exited).exitCode, 0);
});

/**
 * The pure and local parts of backups: the docker lines the action log records, the helper
 * image chosen, a volume's tar read for "holds files", a local file written whole or not at all
 * (never over an existing one unless asked; no partial file left by a failure or a cancel), a
 * gzip read back, a restore's volume made and removed again when it fails, and a transfer in the
 * pull manager (its bytes row, its words, its cancel).
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { after, test } from 'node:test';
import { backupLine } from '../../../src/state/backups/backup-jobs.ts';
import { checkTarget, readLocalFile, writeNewFile } from '../../../src/state/backups/local-file.ts';
import { smallestImage, volumeHasFiles, withVolumeMade } from '../../../src/state/backups/volume-helper.ts';
import { EngineError } from '../../../src/engine/errors.ts';
import { PullManager } from '../../../src/state/pulls/pull-manager.ts';
import { pullBlockLines, lineText } from '../../../src/app/rows/pull-rows.ts';
import { fileWord } from '../../../src/app/dialogs/backup-form.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'berth-backups-unit-'));
after(() => rmSync(dir, { recursive: true, force: true }));

async function* chunks(...parts: string[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield Buffer.from(part);
}

test('each backup has its docker line', () => {
  const cases: Array<[Parameters<typeof backupLine>[0], string, string]> = [
    [{ kind: 'image-save', names: ['busybox:latest', 'app:1'] }, './b.tar', 'docker save -o ./b.tar busybox:latest app:1'],
    [{ kind: 'image-load' }, './b.tar', 'docker load -i ./b.tar'],
    [{ kind: 'container-export', containerId: 'a'.repeat(64), name: 'web' }, './web.tar', 'docker export -o ./web.tar web'],
    [{ kind: 'volume-export', volume: 'data', image: 'busybox', users: 'leave' }, './data.tar', 'docker run --rm -v data:/v busybox tar -C /v -cf - . > ./data.tar'],
    [{ kind: 'volume-export', volume: 'data', image: 'busybox', users: 'pause' }, './data.tar.gz', 'docker run --rm -v data:/v busybox tar -C /v -czf - . > ./data.tar.gz'],
    [{ kind: 'volume-restore', volume: 'data', image: 'busybox' }, './data.tar', 'docker run --rm -i -v data:/v busybox tar -C /v -xf - < ./data.tar'],
  ];
  for (const [job, file, line] of cases) assert.equal(backupLine(job, file), line);
});

test('the helper is the smallest tagged image; a file name is made of a reference', () => {
  assert.equal(smallestImage([{ Id: 'a', RepoTags: ['big:1'], Size: 100 }, { Id: 'b', RepoTags: ['<none>:<none>'], Size: 1 }, { Id: 'c', RepoTags: ['small:1'], Size: 10 }] as never), 'small:1');
  assert.equal(smallestImage([]), undefined);
  assert.equal(fileWord('registry:5000/app/web:1.2'), 'registry_5000_app_web_1.2');
  assert.equal(fileWord('/web'), 'web');
  assert.equal(fileWord('docker.io/library/busybox:latest'), 'busybox_latest', 'Podman’s local names lose their prefix');
});

/** A tar header block naming `name` (type `type`), then its contents padded: enough for the header reader. */
function tarEntry(name: string, type: '0' | '5', data = ''): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0);
  header.write('0000644\0', 100);
  header.write('0000000\0', 108);
  header.write('0000000\0', 116);
  header.write(`${data.length.toString(8).padStart(11, '0')}\0`, 124);
  header.write('00000000000\0', 136);
  header.write(type, 156);
  header.write('ustar\x0000', 257);
  header.fill(' ', 148, 156);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  const body = Buffer.alloc(Math.ceil(data.length / 512) * 512);
  body.write(data);
  return Buffer.concat([header, body]);
}

test('a volume holds files when its tar has more than its root', async () => {
  const end = Buffer.alloc(1024);
  const only = async function* () {
    yield Buffer.concat([tarEntry('v/', '5'), end]);
  };
  const full = async function* () {
    yield Buffer.concat([tarEntry('v/', '5'), tarEntry('v/a', '0', 'hi'), end]);
  };
  assert.equal(await volumeHasFiles(only()), false);
  assert.equal(await volumeHasFiles(full()), true);
});

test('a local file is written whole, never over another unless asked, and no partial file stays', async () => {
  const target = path.join(dir, 'a.tar');
  const signal = new AbortController().signal;
  let seen = 0;
  assert.deepEqual(await checkTarget(target), { kind: 'free', target });
  assert.equal(await writeNewFile(target, chunks('abc', 'def'), { overwrite: false, signal, onBytes: (n) => (seen = n) }), 6);
  assert.equal(seen, 6);
  assert.equal(readFileSync(target, 'utf8'), 'abcdef');
  assert.deepEqual(await checkTarget(target), { kind: 'exists', target });
  await assert.rejects(writeNewFile(target, chunks('x'), { overwrite: false, signal, onBytes: () => undefined }), /EEXIST/);
  assert.equal(readFileSync(target, 'utf8'), 'abcdef', 'not replaced unless asked');
  await writeNewFile(target, chunks('new'), { overwrite: true, signal, onBytes: () => undefined });
  assert.equal(readFileSync(target, 'utf8'), 'new');

  // A failing source and a cancel both leave neither the file nor its partial.
  const failing = async function* () {
    yield Buffer.from('part');
    throw new Error('the engine went away');
  };
  await assert.rejects(writeNewFile(path.join(dir, 'b.tar'), failing(), { overwrite: false, signal, onBytes: () => undefined }), /went away/);
  const abort = new AbortController();
  const endless = async function* () {
    for (;;) {
      yield Buffer.alloc(1024);
      abort.abort();
    }
  };
  await assert.rejects(writeNewFile(path.join(dir, 'c.tar.gz'), endless(), { overwrite: false, signal: abort.signal, onBytes: () => undefined }));
  assert.deepEqual(readdirSync(dir).sort(), ['a.tar']);
  assert.equal((await checkTarget(path.join(dir, 'no', 'x.tar'))).kind, 'failed');
});

test('a gzip tar is read back unpacked, its bytes on disk counted', async () => {
  const file = path.join(dir, 'g.tar.gz');
  writeFileSync(file, gzipSync(Buffer.from('tar bytes')));
  let read = 0;
  const opened = await readLocalFile(file, { signal: new AbortController().signal, onBytes: (n) => (read = n) });
  assert.ok(!('failed' in opened));
  const parts: Buffer[] = [];
  for await (const chunk of opened.chunks) parts.push(Buffer.from(chunk));
  assert.equal(Buffer.concat(parts).toString(), 'tar bytes');
  assert.equal(read, opened.size);
  assert.deepEqual(await readLocalFile(path.join(dir, 'none.tar'), { signal: new AbortController().signal, onBytes: () => undefined }), { failed: `${path.join(dir, 'none.tar')} is not a file here` });
  rmSync(file);
});

test('a transfer in the pull manager: a bytes row with its bar and ETA, its words, its end line; a cancel aborts its work', async () => {
  let clock = 0;
  const pulls = new PullManager({ client: { pullImage: () => chunks(), resolveCredentials: () => Promise.reject(new Error('unused')) } as never, throttleMs: 0, now: () => clock });
  let release: () => void = () => undefined;
  const id = pulls.startTransfer({
    title: 'busybox → ./b.tar',
    words: { running: 'saving', done: 'saved' },
    phase: 'Writing',
    run: async (report) => {
      report.bytes(0, 1000);
      clock = 1000;
      report.bytes(250, 1000);
      clock = 2000;
      report.bytes(500, 1000);
      await new Promise<void>((resolve) => (release = resolve));
      report.bytes(1000, 1000);
      return 'wrote ./b.tar (1,000 bytes)';
    },
  });
  const running = pulls.get(id);
  assert.ok(running);
  const text = pullBlockLines(running, { width: 100, nowMs: clock }).map(lineText).join('\n');
  assert.match(text, /busybox → \.\/b\.tar +saving/);
  assert.match(text, /ETA 0:0[12]/);
  assert.match(text, /bytes +Writing/);
  release();
  const done = await pulls.settled(id);
  assert.equal(done?.status, 'done');
  const after = pullBlockLines(done!, { width: 100, nowMs: clock }).map(lineText).join('\n');
  assert.match(after, /saved/);
  assert.match(after, /Written/);
  assert.match(after, /wrote \.\/b\.tar/);

  let aborted = false;
  const cancelled = pulls.startTransfer({
    title: 'x',
    words: { running: 'exporting', done: 'exported' },
    phase: 'Writing',
    run: (_report, signal) =>
      new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => {
          aborted = true;
          reject(new Error('aborted'));
        });
      }),
  });
  assert.equal(pulls.cancel(cancelled), true);
  assert.equal((await pulls.settled(cancelled))?.status, 'cancelled');
  assert.ok(aborted);
  assert.ok(!existsSync(path.join(dir, 'x')));
  pulls.stop();
});

test('a restore makes a volume the engine does not have, and removes it when the restore fails or is cancelled; a volume that was there stays', async () => {
  const calls: string[] = [];
  const have = new Set(['kept']);
  const client = {
    inspectVolume: async (name: string) => {
      calls.push(`inspect ${name}`);
      if (!have.has(name)) throw new EngineError({ code: 'NOT_FOUND', status: 404, operation: 'inspect volume', message: `get ${name}: no such volume` });
      return { Name: name };
    },
    createVolume: async (name: string, signal?: AbortSignal) => {
      calls.push(`create ${name}${signal ? ' (with a signal)' : ''}`);
      have.add(name);
      return { Name: name };
    },
    removeVolume: async (name: string) => {
      calls.push(`rm ${name}`);
      have.delete(name);
    },
  };
  const cancelled = async () => {
    throw new Error('cancelled');
  };
  const signal = new AbortController().signal;
  assert.equal(await withVolumeMade(client, 'new', signal, async () => 'restored'), 'restored');
  assert.ok(have.has('new'), 'a restore that ends keeps the volume it made');
  await assert.rejects(withVolumeMade(client, 'gone', signal, cancelled), /cancelled/);
  assert.ok(!have.has('gone'), 'a cancelled restore removes the volume it made');
  await assert.rejects(withVolumeMade(client, 'kept', signal, cancelled), /cancelled/);
  assert.ok(have.has('kept'), 'a volume that was there is not removed');
  assert.deepEqual(calls, ['inspect new', 'create new', 'inspect gone', 'create gone', 'rm gone', 'inspect kept']);
  // Another failure than 404 is the engine's to tell: nothing is made.
  const down = { ...client, inspectVolume: async () => Promise.reject(new EngineError({ code: 'SERVER', status: 500, operation: 'inspect volume', message: 'engine down' })) };
  await assert.rejects(withVolumeMade(down, 'x', signal, async () => 'never'), /engine down/);
  assert.ok(!have.has('x'));
});

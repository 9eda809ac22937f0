/**
 * The five backups, each a transfer in the Pulls pane (titled Transfers): an image set saved to
 * a tar (`docker save -o`), a tar loaded (`docker load -i`), a container's filesystem exported
 * (`docker export -o`), a volume exported to a tar or tar.gz and a tar restored into a volume
 * (through a helper container: volume-helper.ts). `prepare` checks what can be checked before
 * anything moves — a file already there, a volume that holds files — so the dialog can ask
 * first; what it returns runs the transfer, with the client the caller gives it (one action-log
 * entry: app/handlers/backups.ts).
 */
import path from 'node:path';
import type { EngineClient } from '../../engine/client.ts';
import { cli, idWord } from '../action-log/cli-line.ts';
import type { TransferReport, TransferSpec } from '../pulls/transfer.ts';
import { checkTarget, gzipName, readLocalFile, writeNewFile } from './local-file.ts';
import { exportTotal, volumeSizeByDu } from './volume-size.ts';
import { MOUNT, volumeExists, volumeHasFiles, withVolumeHelper, withVolumeMade } from './volume-helper.ts';

/** What happens to the running containers that use a volume while it is read. */
export type VolumeUsers = 'leave' | 'pause' | 'stop';

export type BackupJob =
  /** `total`: the images' sizes summed, the bar's rough total (the tar is a little larger). */
  | { kind: 'image-save'; names: readonly string[]; total?: number }
  | { kind: 'image-load' }
  | { kind: 'container-export'; containerId: string; name: string }
  /** `total`: the volume's size as the disk usage measured it, when the screen had read it (else `du` beside the export: volume-size.ts). */
  | { kind: 'volume-export'; volume: string; image: string; users: VolumeUsers; total?: number }
  | { kind: 'volume-restore'; volume: string; image: string };

export interface BackupRequest {
  job: BackupJob;
  /** The local file, as typed (relative to the current directory). */
  file: string;
  /** A file is there and the person said to replace it. */
  overwrite: boolean;
  /** The volume holds files and the person said to write into it. */
  intoFiles: boolean;
}

export type BackupClient = Pick<
  EngineClient,
  'saveImages' | 'loadImages' | 'exportContainer' | 'containerRootSize' | 'archive' | 'putArchiveStream' | 'createContainer' | 'removeContainer' | 'listContainers' | 'pauseContainer' | 'stopContainer' | 'startContainer' | 'inspectVolume' | 'createVolume' | 'removeVolume' | 'waitContainer' | 'logs'
>;

export interface PreparedBackup {
  kind: 'ready';
  /** The docker line the action log records. */
  line: string;
  spec: Omit<TransferSpec, 'run'>;
  run(client: BackupClient, report: TransferReport, signal: AbortSignal): Promise<string>;
}

export type Prepared = PreparedBackup | { kind: 'exists'; target: string } | { kind: 'not-empty'; volume: string } | { kind: 'failed'; message: string };

const bytesWord = (n: number) => `${n.toLocaleString('en-US')} bytes`;

/** The docker line of a backup (the action log's, the palette's). */
export function backupLine(job: BackupJob, file: string): string {
  switch (job.kind) {
    case 'image-save':
      return cli('save', '-o', file, ...job.names);
    case 'image-load':
      return cli('load', '-i', file);
    case 'container-export':
      return cli('export', '-o', file, idWord(job.name || job.containerId));
    case 'volume-export':
      return `${cli('run', '--rm', '-v', `${job.volume}:${MOUNT}`, job.image, 'tar', '-C', MOUNT, gzipName(file) ? '-czf' : '-cf', '-', '.')} > ${file}`;
    case 'volume-restore':
      return `${cli('run', '--rm', '-i', '-v', `${job.volume}:${MOUNT}`, job.image, 'tar', '-C', MOUNT, '-xf', '-')} < ${file}`;
  }
}

/** Checks first, and says how to run the transfer (or why not, or what to ask). */
export async function prepareBackup(client: BackupClient, request: BackupRequest, signal?: AbortSignal): Promise<Prepared> {
  const { job, file } = request;
  const line = backupLine(job, file);
  switch (job.kind) {
    case 'image-save':
    case 'container-export':
    case 'volume-export': {
      const check = await checkTarget(file);
      if (check.kind === 'failed') return check;
      if (check.kind === 'exists' && !request.overwrite) return check;
      return { kind: 'ready', line, spec: writeSpec(job, file), run: (c, report, s) => writeRun(c, job, check.target, request.overwrite, report, s) };
    }
    case 'image-load':
    case 'volume-restore': {
      const stat = await process.getBuiltinModule('node:fs/promises').stat(path.resolve(file)).catch(() => undefined);
      if (!stat?.isFile()) return { kind: 'failed', message: `${file} is not a file here` };
      // A volume the engine does not have holds nothing, and mounting it in a helper would make it: the restore makes it (withVolumeMade).
      if (job.kind === 'volume-restore' && !request.intoFiles && (await volumeExists(client, job.volume, signal))) {
        const full = await withVolumeHelper(client, job.volume, job.image, (id) => volumeHasFiles(client.archive(id, MOUNT, signal)));
        if (full) return { kind: 'not-empty', volume: job.volume };
      }
      return { kind: 'ready', line, spec: readSpec(job, file), run: (c, report, s) => readRun(c, job, file, report, s) };
    }
  }
}

function writeSpec(job: Extract<BackupJob, { kind: 'image-save' | 'container-export' | 'volume-export' }>, file: string): PreparedBackup['spec'] {
  const what = job.kind === 'image-save' ? job.names.join(' ') : job.kind === 'container-export' ? job.name : `volume ${job.volume}`;
  const words = job.kind === 'image-save' ? { running: 'saving', done: 'saved' } : { running: 'exporting', done: 'exported' };
  return { title: `${what} → ${file}`, words, phase: 'Writing' };
}

function readSpec(job: Extract<BackupJob, { kind: 'image-load' | 'volume-restore' }>, file: string): PreparedBackup['spec'] {
  return job.kind === 'image-load'
    ? { title: `${file} → images`, words: { running: 'loading', done: 'loaded' }, phase: 'Sending' }
    : { title: `${file} → volume ${job.volume}`, words: { running: 'restoring', done: 'restored' }, phase: 'Sending' };
}

async function writeRun(client: BackupClient, job: Extract<BackupJob, { kind: 'image-save' | 'container-export' | 'volume-export' }>, target: string, overwrite: boolean, report: TransferReport, signal: AbortSignal): Promise<string> {
  let total = job.kind === 'image-save' ? job.total : undefined;
  // A container's size is asked beside its export (the engine walks its files for it): the bar has a total once it comes.
  if (job.kind === 'container-export') {
    client.containerRootSize(job.containerId, signal).then(
      (size) => void (total = size),
      () => undefined,
    );
  }
  const write = (chunks: AsyncIterable<Uint8Array>) => writeNewFile(target, chunks, { overwrite, signal, onBytes: (n) => report.bytes(n, total) });
  let size: number;
  if (job.kind === 'image-save') size = await write(client.saveImages(job.names, signal));
  else if (job.kind === 'container-export') size = await write(client.exportContainer(job.containerId, signal));
  else {
    // A volume's tar: its files' size (the disk usage's, or du's once it answers) and the tar's own bytes.
    let measured = job.total;
    // du ends with the export (a big volume's du may outlast a small tar), or with its cancel.
    const sizer = new AbortController();
    const sizing = measured === undefined ? volumeSizeByDu(client, job.volume, job.image, AbortSignal.any([signal, sizer.signal])).then((bytes) => void (measured = bytes)) : undefined;
    const writeTar = (chunks: AsyncIterable<Uint8Array>) => writeNewFile(target, chunks, { overwrite, signal, onBytes: (n) => report.bytes(n, exportTotal(measured, n)) });
    try {
      size = await withUsersHeld(client, job.volume, job.users, () => withVolumeHelper(client, job.volume, job.image, (id) => writeTar(client.archive(id, MOUNT, signal))));
    } finally {
      // Its helper is gone before the transfer settles, however it ended.
      sizer.abort();
      await sizing;
    }
  }
  return `wrote ${target} (${bytesWord(size)})`;
}

async function readRun(client: BackupClient, job: Extract<BackupJob, { kind: 'image-load' | 'volume-restore' }>, file: string, report: TransferReport, signal: AbortSignal): Promise<string> {
  let total = 0;
  const opened = await readLocalFile(file, { signal, onBytes: (n) => report.bytes(n, total) });
  if ('failed' in opened) throw new Error(opened.failed);
  total = opened.size;
  report.bytes(0, total);
  if (job.kind === 'image-load') {
    const loaded: string[] = [];
    for await (const message of client.loadImages(opened.chunks, signal)) {
      const words = (message.stream ?? message.status ?? '').trim();
      if (/^Loaded image/.test(words)) loaded.push(words.replace(/^Loaded image( ID)?: /, ''));
      else report.message(message);
    }
    return loaded.length === 0 ? 'loaded' : `Loaded image${loaded.length === 1 ? '' : 's'}: ${loaded.join(', ')}`;
  }
  // berth's own export holds the volume's root as `v/`: it goes to /; any other tar goes into the volume.
  const { first, chunks } = await firstEntry(opened.chunks);
  const into = first === 'v' || first.startsWith('v/') ? '/' : MOUNT;
  await withVolumeMade(client, job.volume, signal, () => withVolumeHelper(client, job.volume, job.image, (id) => client.putArchiveStream(id, into, chunks, signal)));
  return `restored ${file} into volume ${job.volume}`;
}

/** The first entry's name (its header's first 100 bytes), and the chunks again, whole. */
async function firstEntry(source: AsyncIterable<Uint8Array>): Promise<{ first: string; chunks: AsyncIterable<Uint8Array> }> {
  const iterator = source[Symbol.asyncIterator]();
  const held: Buffer[] = [];
  let have = 0;
  while (have < 512) {
    const next = await iterator.next();
    if (next.done) break;
    held.push(Buffer.from(next.value));
    have += next.value.byteLength;
  }
  const head = Buffer.concat(held);
  const name = head.subarray(0, 100);
  const end = name.indexOf(0);
  const first = name.subarray(0, end < 0 ? 100 : end).toString('utf8').replace(/^\.\//, '');
  async function* again(): AsyncGenerator<Uint8Array> {
    if (head.byteLength > 0) yield head;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { first, chunks: again() };
}

/**
 * Pauses or stops the running containers that use the volume while `work` reads it (a volume in
 * use can change while read), then resumes or starts them again, however `work` ended.
 */
async function withUsersHeld<T>(client: BackupClient, volume: string, users: VolumeUsers, work: () => Promise<T>): Promise<T> {
  if (users === 'leave') return work();
  const running = await client.listContainers({ filters: { volume: [volume], status: ['running'] } });
  const held: string[] = [];
  try {
    for (const c of running) {
      if (users === 'pause') await client.pauseContainer(c.Id, true);
      else await client.stopContainer(c.Id);
      held.push(c.Id);
    }
    return await work();
  } finally {
    for (const id of held) {
      if (users === 'pause') await client.pauseContainer(id, false).catch(() => undefined);
      else await client.startContainer(id).catch(() => undefined);
    }
  }
}

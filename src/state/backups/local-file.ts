/**
 * The local side of a backup: a tar written to a new file, or one read from a file. A file is
 * written beside its target as `NAME.berth-partial` and only put in place once whole, so a
 * cancelled or failed transfer leaves nothing behind (the partial file is removed) and a file
 * that was there is replaced only when the person said so (`overwrite`), and only by a whole one.
 * A name ending `.gz` (`.tar.gz`, `.tgz`) is gzip; a file read is unpacked when its first bytes
 * say gzip, whatever its name.
 */
import path from 'node:path';
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fsPromises } from '../../engine/fs-later.ts';

export const PARTIAL_SUFFIX = '.berth-partial';

/** Whether the name asks for gzip. */
export function gzipName(file: string): boolean {
  return /\.(gz|tgz)$/i.test(file);
}

export type TargetCheck = { kind: 'free'; target: string } | { kind: 'exists'; target: string } | { kind: 'failed'; message: string };

/** Where a new file would go (resolved from the current directory), and whether something is there. */
export async function checkTarget(file: string): Promise<TargetCheck> {
  const target = path.resolve(file);
  const fs = fsPromises();
  const dir = await fs.stat(path.dirname(target)).catch(() => undefined);
  if (!dir?.isDirectory()) return { kind: 'failed', message: `${path.dirname(file) || '.'} is not a directory here` };
  const there = await fs.lstat(target).catch(() => undefined);
  if (there?.isDirectory()) return { kind: 'failed', message: `${file} is a directory` };
  return there ? { kind: 'exists', target } : { kind: 'free', target };
}

/** Counts the bytes that pass (before any gzip): the transfer's bar. */
function counter(onBytes: (bytes: number) => void): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.byteLength;
      onBytes(seen);
      done(null, chunk);
    },
  });
}

export interface WriteOptions {
  overwrite: boolean;
  signal: AbortSignal;
  onBytes(bytes: number): void;
}

/**
 * Writes the chunks to `target` (gzip when its name says so) and returns the bytes written to
 * disk. Never leaves the partial file; never replaces an existing file unless `overwrite`.
 */
export async function writeNewFile(target: string, chunks: AsyncIterable<Uint8Array>, options: WriteOptions): Promise<number> {
  const fs = fsPromises();
  const partial = `${target}${PARTIAL_SUFFIX}`;
  const out = await fs.open(partial, 'wx');
  try {
    const gzip = gzipName(target) ? [process.getBuiltinModule('node:zlib').createGzip()] : [];
    await pipeline(Readable.from(chunks), counter(options.onBytes), ...gzip, out.createWriteStream(), { signal: options.signal });
    const { size } = await fs.stat(partial);
    // A link fails if the target appeared meanwhile: nothing is replaced unless asked.
    if (options.overwrite) await fs.rename(partial, target);
    else {
      await fs.link(partial, target);
      await fs.unlink(partial);
    }
    return size;
  } catch (error) {
    await out.close().catch(() => undefined);
    await fs.unlink(partial).catch(() => undefined);
    throw error;
  }
}

export interface ReadFile {
  /** The file's size on disk: the bar's total. */
  size: number;
  /** Its tar, unpacked if it is gzip. */
  chunks: AsyncIterable<Uint8Array>;
}

/** Opens a local tar (or tar.gz) to send; the bytes read from disk are counted. */
export async function readLocalFile(file: string, options: { signal: AbortSignal; onBytes(bytes: number): void }): Promise<ReadFile | { failed: string }> {
  const fs = fsPromises();
  const source = path.resolve(file);
  const stat = await fs.stat(source).catch(() => undefined);
  if (!stat?.isFile()) return { failed: `${file} is not a file here` };
  const head = Buffer.alloc(2);
  const handle = await fs.open(source, 'r');
  try {
    await handle.read(head, 0, 2, 0);
  } finally {
    await handle.close();
  }
  const gzip = head[0] === 0x1f && head[1] === 0x8b;
  const nodeFs = process.getBuiltinModule('node:fs');
  const read = nodeFs.createReadStream(source, { signal: options.signal });
  const out = new PassThrough();
  // One pipeline: a read error (or the abort) ends the whole chain, and reading `out` throws it.
  const gunzip = gzip ? [process.getBuiltinModule('node:zlib').createGunzip()] : [];
  pipeline(read, counter(options.onBytes), ...gunzip, out).catch(() => undefined);
  return { size: stat.size, chunks: out };
}

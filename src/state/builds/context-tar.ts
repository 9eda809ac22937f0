/**
 * A build's context as the docker CLI sends it: every file under the directory that
 * `.dockerignore` does not exclude, as a tar, streamed (never held whole). The patterns are
 * read by @balena/dockerignore, a port of the Go matcher the CLI uses. As the CLI does, the
 * Dockerfile and `.dockerignore` itself are sent even when a pattern names them (the engine
 * needs the one, and reads the other), and an excluded directory is still walked when an
 * exception (`!pattern`) might bring something under it back.
 *
 * The walk comes first: it lists the entries and adds up the tar's size, which is said before
 * a byte is sent (a remote engine takes a while for a large context). Then node-tar writes
 * those entries, portable (no local owners: the engine makes them root's, as the CLI's).
 */
import path from 'node:path';
import { Readable } from 'node:stream';
import { fsPromises } from '../../engine/fs-later.ts';

export interface BuildContext {
  /** The directory, absolute. */
  directory: string;
  /** The entries sent, relative with `/` (directories too), in walk order. */
  entries: readonly string[];
  /** Files among them. */
  files: number;
  /** The tar's size in bytes (headers, data padded to 512, the end blocks; long names add a little). */
  bytes: number;
}

const BLOCK = 512;

type IgnoreFactory = (typeof import('@balena/dockerignore'))['default'];

/** Lists what the context holds once `.dockerignore` is applied. Throws when `directory` is not one. */
export async function readContext(directory: string, dockerfile = 'Dockerfile'): Promise<BuildContext> {
  const fs = fsPromises();
  const root = path.resolve(directory);
  const stat = await fs.stat(root).catch(() => undefined);
  if (!stat?.isDirectory()) throw new Error(`${directory} is not a directory`);
  const patterns = await fs.readFile(path.join(root, '.dockerignore'), 'utf8').catch(() => '');
  // A CommonJS module whose types say `export default`: its default import is the factory itself.
  const ignore = (await import('@balena/dockerignore')).default as unknown as IgnoreFactory;
  const lines = patterns.split(/\r?\n/);
  const keep = ['.dockerignore', path.posix.normalize(dockerfile.replace(/\\/g, '/'))].map((p) => `!${p}`);
  const matcher = ignore().add([...lines, ...keep]);
  const exceptions = lines.some((l) => l.trim().startsWith('!'));

  const entries: string[] = [];
  let files = 0;
  let bytes = 2 * BLOCK;
  const walk = async (relative: string): Promise<void> => {
    const names = (await fs.readdir(path.join(root, relative))).sort();
    for (const name of names) {
      const rel = relative === '' ? name : `${relative}/${name}`;
      // A file gone since the directory was read (a download's partial file) is not in the context.
      const info = await fs.lstat(path.join(root, rel)).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      });
      if (info === undefined) continue;
      const excluded = matcher.ignores(info.isDirectory() ? `${rel}/` : rel) || matcher.ignores(rel);
      if (info.isDirectory()) {
        if (!excluded) {
          entries.push(rel);
          bytes += BLOCK;
          await walk(rel);
        } else if (exceptions) {
          // Not sent itself, but what an exception names under it is (the CLI walks in too).
          await walk(rel);
        }
        continue;
      }
      if (excluded) continue;
      entries.push(rel);
      bytes += BLOCK;
      if (info.isFile()) {
        files += 1;
        bytes += Math.ceil(info.size / BLOCK) * BLOCK;
      }
    }
  };
  await walk('');
  return { directory: root, entries, files, bytes };
}

/**
 * The context's tar, chunk by chunk, as the pack makes it; `onBytes` hears each chunk's length.
 * The iteration listens for the pack's errors only while it waits for a chunk: a file gone since
 * the listing fails its lstat whenever the callback comes, and between two waits (the reader
 * holding back behind a large file) or after the reader has stopped, an error with no listener
 * was thrown at the process (CI, on a busy machine). The pack keeps the error and hands it to the
 * next wait, which ends this loop with it.
 */
export async function* contextChunks(context: BuildContext, onBytes?: (count: number) => void): AsyncGenerator<Uint8Array> {
  const { create } = await import('tar');
  // noDirRecurse: the walk chose each entry; a directory's own entry must not bring its excluded files along.
  const pack = create({ cwd: context.directory, portable: true, noDirRecurse: true }, [...context.entries]);
  pack.on('error', () => undefined);
  for await (const chunk of pack) {
    const bytes = chunk as Uint8Array;
    onBytes?.(bytes.byteLength);
    yield bytes;
  }
}

/**
 * The context's tar as a stream; `onBytes` hears each chunk's length as it goes (what the
 * build's row shows as sent).
 */
export function contextStream(context: BuildContext, onBytes?: (count: number) => void): Readable {
  const stream = Readable.from(contextChunks(context, onBytes), { objectMode: false });
  // A file gone since the listing ends the stream in an error. Its reader (the build's request)
  // hears it through its own listener; when the engine answered before reading the body, nobody
  // reads, and an error with no listener would end berth.
  stream.on('error', () => undefined);
  return stream;
}

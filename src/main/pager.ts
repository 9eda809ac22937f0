/**
 * The logs view's hand-off to a pager: `$PAGER` (default `less -R`) run by the shell, the lines on
 * its standard input, the terminal its own until it exits. The loaded lines (`o`) come already
 * sanitised (the same as the screen's); a whole history (`O`) comes as bytes, exactly what
 * `docker logs` prints, for `less -R` to show.
 */
import { spawn } from 'node:child_process';
import type { PagerFeed } from '../app/handlers/work.ts';

/**
 * Runs the pager over the lines `feed` gives (all at once, or streamed: the whole history of a
 * log can be far bigger than memory, so a write waits while the pager has not read the last
 * one); resolves with its exit code once it is gone (undefined: killed by a signal).
 */
export function runPager(feed: PagerFeed, pager: string | undefined): Promise<number | undefined> {
  const command = pager === undefined || pager.trim() === '' ? 'less -R' : pager;
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', command], { stdio: ['pipe', 'inherit', 'inherit'] });
    let gone = false;
    const stream = new AbortController();
    child.on('error', reject);
    child.on('close', (code) => {
      gone = true;
      // A pager quit before the end of a streamed history: stop reading the engine.
      stream.abort();
      resolve(code ?? undefined);
    });
    // A pager quit before it read everything closes its end: that is not a failure.
    child.stdin.on('error', () => undefined);
    if (Array.isArray(feed)) {
      child.stdin.end(feed.length === 0 ? '' : `${feed.join('\n')}\n`);
      return;
    }
    const write = async (lines: readonly string[] | Uint8Array): Promise<boolean> => {
      if (gone || child.stdin.destroyed) return false;
      // Bytes go as they are (exact: a history as docker logs prints it); lines each end with a newline.
      const data = lines instanceof Uint8Array ? lines : lines.length > 0 ? `${lines.join('\n')}\n` : '';
      if (data.length > 0 && !child.stdin.write(data)) {
        await new Promise<void>((drained) => {
          const done = () => {
            child.stdin.off('drain', done);
            child.stdin.off('close', done);
            drained();
          };
          child.stdin.on('drain', done);
          child.stdin.on('close', done);
        });
      }
      return !gone && !child.stdin.destroyed;
    };
    (feed as Exclude<PagerFeed, readonly string[]>)(write, stream.signal).then(
      () => child.stdin.end(),
      // A read that fails mid-way ends the pager's input where it got to; the pager shows that much.
      () => child.stdin.end(),
    );
  });
}

/**
 * The logs view's hand-off to a pager: `$PAGER` (default `less -R`) run by the shell, the lines on
 * its standard input, the terminal its own until it exits. The lines come already sanitised (the
 * same as the screen's): the pager never sees what the container wrote raw.
 */
import { spawn } from 'node:child_process';

/** Runs the pager over `lines`; resolves with its exit code once it is gone (undefined: killed by a signal). */
export function runPager(lines: readonly string[], pager: string | undefined): Promise<number | undefined> {
  const command = pager === undefined || pager.trim() === '' ? 'less -R' : pager;
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', command], { stdio: ['pipe', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? undefined));
    // A pager quit before it read everything closes its end: that is not a failure.
    child.stdin.on('error', () => undefined);
    child.stdin.end(lines.length === 0 ? '' : `${lines.join('\n')}\n`);
  });
}

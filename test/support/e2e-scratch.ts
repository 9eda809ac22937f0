/**
 * What an e2e file that runs berth from outside the repository (an installed package, the
 * single executable) needs: a temp dir, one running container for berth to show, and the pty
 * sessions to stop, all gone after the file; and a way to run a command and get its output.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import type { PtySession } from './pty.ts';
import { sandboxDocker, sandboxEnv } from './sandbox-env.ts';

export interface Scratch {
  dir: string;
  /** The name of a busybox container that runs for the whole file. */
  container: string;
  /** Sessions pushed here are stopped after the file. */
  sessions: PtySession[];
}

export function e2eScratch(prefix: string, setup: (dir: string) => void = () => undefined): Scratch {
  const scratch: Scratch = { dir: mkdtempSync(path.join(tmpdir(), `berth-e2e-${prefix}-`)), container: `${prefix}${process.pid}`, sessions: [] };
  before(async () => {
    setup(scratch.dir);
    await sandboxDocker(['run', '-d', '--network', 'none', '--name', scratch.container, sandboxEnv().images.busybox, 'sleep', '3600']);
  });
  after(async () => {
    for (const s of scratch.sessions) await s.stop();
    await sandboxDocker(['rm', '-f', scratch.container]).catch(() => undefined);
    rmSync(scratch.dir, { recursive: true, force: true });
  });
  return scratch;
}

/** Runs a command to its end; resolves with stdout, rejects with the command and its stderr. */
export function output(command: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number }): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd: opts.cwd, env: opts.env, timeout: opts.timeoutMs ?? 300_000, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${command} ${args.join(' ')} failed: ${err.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

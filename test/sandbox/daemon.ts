/**
 * Starting a sandbox daemon in the background: its own process group (a terminal's Ctrl-C must
 * not reach it before the sandbox has cleaned up through it), output to a log file in the
 * sandbox dir, and a way to ask whether it has already died (and how) while start-up waits.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';

export interface Daemon {
  pid: number;
  /** `exit code N` or `signal X` once it has exited; undefined while it runs. */
  exited(): string | undefined;
}

export function spawnDaemon(file: string, args: readonly string[], logPath: string, env: NodeJS.ProcessEnv = process.env): Daemon {
  const logFd = openSync(logPath, 'a');
  const child = spawn(file, args, { detached: true, stdio: ['ignore', logFd, logFd], env });
  closeSync(logFd);
  child.unref();
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not spawn ${file}`);
  let exited: string | undefined;
  child.on('exit', (code, sig) => (exited = sig ? `signal ${sig}` : `exit code ${code}`));
  return { pid, exited: () => exited };
}

/**
 * Running external commands for the sandbox: one promise-based helper that collects output,
 * feeds stdin and turns a non-zero exit into an error carrying stderr (the part a person
 * needs when a sandbox step fails), plus PATH lookup that also covers the sbin directories
 * (dockerd lives in /usr/sbin, which a non-login root shell may not have on PATH).
 */
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Written to the child's stdin, which is then closed. */
  input?: string | Buffer;
  /** Kill the child (SIGKILL) and reject after this long. Default: no limit. */
  timeoutMs?: number;
}

export interface RunResult {
  stdout: string;
  stderr: string;
}

export class CommandError extends Error {
  constructor(
    readonly command: string,
    readonly exitCode: number | null,
    readonly stdout: string,
    readonly stderr: string,
    reason?: string,
  ) {
    const detail = stderr.trim() || stdout.trim() || reason || 'no output';
    super(`${command} failed${exitCode === null ? '' : ` (exit ${exitCode})`}: ${detail}`);
    this.name = 'CommandError';
  }
}

export function run(file: string, args: readonly string[], opts: RunOptions = {}): Promise<RunResult> {
  const shown = [path.basename(file), ...args].join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      env: opts.env ?? process.env,
      cwd: opts.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    const timer =
      opts.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            child.kill('SIGKILL');
          }, opts.timeoutMs);
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    // EPIPE on stdin just means the child exited early; its exit code tells the real story.
    child.stdin.on('error', () => undefined);
    child.on('error', (e) => {
      if (timer) clearTimeout(timer);
      reject(new CommandError(shown, null, '', '', e.message));
    });
    child.on('close', (code) => {
      if (timer) clearTimeout(timer);
      const stdout = Buffer.concat(out).toString('utf8');
      const stderr = Buffer.concat(err).toString('utf8');
      if (timedOut) reject(new CommandError(shown, code, stdout, stderr, `timed out after ${opts.timeoutMs} ms`));
      else if (code === 0) resolve({ stdout, stderr });
      else reject(new CommandError(shown, code, stdout, stderr));
    });
    child.stdin.end(opts.input);
  });
}

const SYSTEM_DIRS = ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin'];

/** Absolute path of an executable found on PATH or in the usual system dirs, or undefined. */
export function findExecutable(name: string): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(':').filter(Boolean), ...SYSTEM_DIRS];
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

export function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

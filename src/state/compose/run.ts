/**
 * Runs the compose CLI with an argument vector (no shell), its output handed over line by line
 * as it comes and its exit status at the end. A line rewritten in place (`\r`) counts as what it
 * last says, as a terminal would show it.
 *
 * The CLI outlives its view and berth itself: a half-done `up` or `down` is worse than one that
 * finishes unseen. So it runs in its own process group and writes into a file, not a pipe (a
 * pipe whose reader has quit kills a Go program at its next write, `docker compose` included);
 * the file is unlinked at once (the two open descriptors keep it) and read as it grows.
 * stdout and stderr share it, in the order the CLI wrote them.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { LogLine, LogStream } from '../logs/types.ts';
import type { ComposeCli } from './cli.ts';

/** How often the output file is read while the CLI runs. */
export const READ_EVERY_MS = 100;

/** Longer lines are cut here (a progress line without a newline, a runaway build step). */
export const MAX_LINE = 4_096;

export interface ComposeExit {
  /** The exit code; null when a signal ended it. */
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ComposeRunOptions {
  cwd?: string;
  env: NodeJS.ProcessEnv;
  onLines(lines: LogLine[]): void;
}

/** Splits one stream's chunks into lines, a carriage return rewriting the line so far. */
export class LineSplitter {
  private readonly decoder = new StringDecoder('utf8');
  private pending = '';

  constructor(private readonly stream: LogStream) {}

  push(chunk: Buffer | string): LogLine[] {
    const text = this.pending + (typeof chunk === 'string' ? chunk : this.decoder.write(chunk));
    const parts = text.split('\n');
    this.pending = (parts.pop() ?? '').slice(-MAX_LINE);
    return parts.map((part) => this.line(part));
  }

  /** What is left without a newline, at the end. */
  end(): LogLine[] {
    const rest = this.pending + this.decoder.end();
    this.pending = '';
    return rest === '' ? [] : [this.line(rest)];
  }

  private line(raw: string): LogLine {
    const trimmed = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const shown = trimmed.slice(trimmed.lastIndexOf('\r') + 1);
    return shown.length > MAX_LINE ? { stream: this.stream, text: shown.slice(0, MAX_LINE), truncated: true } : { stream: this.stream, text: shown };
  }
}

/** An unlinked file: one descriptor for the CLI to write, one for berth to read. */
function outputFile(): { write: number; read: number } {
  const dir = mkdtempSync(path.join(tmpdir(), 'berth-compose-'));
  const file = path.join(dir, 'output');
  try {
    const write = openSync(file, 'a', 0o600);
    return { write, read: openSync(file, 'r') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Resolves with how the CLI exited; rejects when it cannot be started (not found, not executable). */
export function runCompose(cli: ComposeCli, args: readonly string[], options: ComposeRunOptions): Promise<ComposeExit> {
  return new Promise((resolve, reject) => {
    const fds = outputFile();
    const split = new LineSplitter('stdout');
    const chunk = Buffer.alloc(64 * 1024);
    const drain = () => {
      const lines: LogLine[] = [];
      for (let n = readSync(fds.read, chunk); n > 0; n = readSync(fds.read, chunk)) lines.push(...split.push(chunk.subarray(0, n)));
      if (lines.length > 0) options.onLines(lines);
    };
    let finished = false;
    // 'error' may come without 'exit' (not started) or after it (a failed kill): the first ends it.
    const finish = () => {
      if (finished) return false;
      finished = true;
      clearInterval(timer);
      drain();
      const rest = split.end();
      if (rest.length > 0) options.onLines(rest);
      closeSync(fds.read);
      return true;
    };
    const child = spawn(cli.command, [...cli.prefix, ...args], { cwd: options.cwd, env: options.env, stdio: ['ignore', fds.write, fds.write], detached: true, windowsHide: true });
    // The CLI holds its own copy now (spawn throws only for bad arguments, which these are not).
    closeSync(fds.write);
    child.unref();
    const timer = setInterval(drain, READ_EVERY_MS);
    child.once('error', (error) => {
      if (finish()) reject(new Error(`${cli.label} could not be started: ${error.message}`));
    });
    child.once('exit', (code, signal) => {
      if (finish()) resolve({ code, signal });
    });
  });
}

/** The command line as a person would type it (for the view; arguments with spaces quoted). */
export function commandLine(cli: ComposeCli, args: readonly string[]): string {
  return [cli.label, ...args.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replaceAll("'", "'\\''")}'`))].join(' ');
}
